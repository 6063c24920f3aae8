import Foundation

extension HTTPBody {
    /// `data` as the recorder stores a body, JSON read by `jsonReader`.
    init?(decoding data: Data, contentType: String?, _ jsonReader: JSONReader) {
        self.init(decoding: data, contentType: contentType, json: { try? jsonReader.read([UInt8]($0)) })
    }
}
