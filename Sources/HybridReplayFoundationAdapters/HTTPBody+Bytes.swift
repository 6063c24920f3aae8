import Foundation
import HybridReplaySeams

extension HTTPBody {
    /// `data` as the recorder stores a body, JSON read by `decoder`; see
    /// ``HTTPBody/init(decoding:contentType:json:)``.
    package init?(decoding data: Data, contentType: String?, _ decoder: JSONBodyDecoder) {
        self.init(decoding: data, contentType: contentType, json: decoder.decode)
    }
}
