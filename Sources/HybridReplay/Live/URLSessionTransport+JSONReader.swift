import Foundation
import HybridReplayFoundationAdapters

extension URLSessionTransport {
    /// Creates a transport with its own ephemeral session that reads JSON
    /// bodies with `jsonReader`, the way cassettes are read: duplicate keys,
    /// invalid UTF-8 and numbers out of `Double` range make a body text.
    ///
    /// With `HybridReplay` imported, `URLSessionTransport()` and
    /// `URLSessionTransport(timeout:)` call this initialiser, so a recording
    /// reads bodies with jansson on Linux and Foundation on Apple platforms.
    ///
    /// - Parameters:
    ///   - timeout: How long each hop may take; at least one second on Linux.
    ///   - jsonReader: Reads `application/json` bodies into ``HTTPBody/json(_:)``.
    public convenience init(timeout: Duration = .seconds(30), jsonReader: JSONReader = .platformDefault) {
        self.init(timeout: timeout, bodyDecoder: JSONBodyDecoder(jsonReader))
    }
}

extension JSONBodyDecoder {
    /// A decoder that reads each body with `reader`, and returns `nil` for one it rejects.
    package init(_ reader: JSONReader) {
        self.init { data in try? reader.read([UInt8](data)) }
    }
}

extension HTTPBody {
    /// `data` as the recorder stores a body, its JSON read with `jsonReader`
    /// (see `init(decoding:contentType:_:)` taking a JSONBodyDecoder).
    init?(decoding data: Data, contentType: String?, _ jsonReader: JSONReader) {
        self.init(decoding: data, contentType: contentType, JSONBodyDecoder(jsonReader))
    }
}
