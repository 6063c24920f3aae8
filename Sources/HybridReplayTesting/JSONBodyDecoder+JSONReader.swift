import Foundation
import HybridReplay
import HybridReplayFoundationAdapters

extension JSONBodyDecoder {
    /// A decoder that reads bodies with the engine's `reader`, which rejects
    /// duplicate keys and reads on Linux through jansson, as cassettes are read.
    ///
    /// `URLSessionTransport(bodyDecoder: JSONBodyDecoder(.platformDefault))`
    /// records JSON responses exactly as a cassette holds them.
    public init(_ reader: JSONReader) {
        self.init { data in try? reader.read([UInt8](data)) }
    }
}
