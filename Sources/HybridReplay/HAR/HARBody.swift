import Foundation

/// A body as HAR holds it (`postData` of a request, `content` of a
/// response): text, an optional `encoding`, the MIME type, and, in logs
/// HybridReplay writes, `_body` when the kind cannot be told from the rest.
struct HARBody: Hashable {
    var mimeType: String
    var text: String
    /// `base64` for bytes in a response's `content`; HAR has no such field for requests.
    var encoding: String?
    /// `json`, `text` or `bytes`: written only when ``decoded(_:)`` without
    /// it would read another kind, so every body survives a round trip.
    var kind: String?

    /// The kinds `_body` names.
    static let kinds = ["json", "text", "bytes"]

    /// `body` as HAR fields; `encodesBytes` is whether the object has an
    /// `encoding` field (`content` does, `postData` does not).
    init(_ body: HTTPBody, contentType: String?, encodesBytes: Bool) {
        switch body {
        case .text(let text):
            self.init(mimeType: contentType ?? "text/plain", text: text)
        case .json(let value):
            self.init(mimeType: contentType ?? "application/json", text: CanonicalPrinter.compactText(value))
        case .bytes(let data):
            self.init(
                mimeType: contentType ?? "application/octet-stream", text: data.base64EncodedString(),
                encoding: encodesBytes ? "base64" : nil)
        }
        if (try? decoded(.platformDefault)) != body { kind = Self.kind(of: body) }
    }

    init(mimeType: String, text: String, encoding: String? = nil, kind: String? = nil) {
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
        self.kind = kind
    }

    /// The byte count HAR's `size` and `bodySize` give.
    var size: Int {
        encoding == "base64" || kind == "bytes" ? (Data(base64Encoded: text)?.count ?? 0) : text.utf8.count
    }

    /// The body a cassette stores: the kind `_body` names, or else what the
    /// recorder would store for these bytes and this MIME type.
    ///
    /// - Throws: A message, when the text does not decode as its encoding or kind says.
    func decoded(_ reader: JSONReader) throws(HARBodyProblem) -> HTTPBody? {
        let bytes: Data
        if encoding == "base64" || kind == "bytes" {
            guard let data = Data(base64Encoded: text) else { throw HARBodyProblem("the text is not valid base64") }
            bytes = data
        } else {
            bytes = Data(text.utf8)
        }
        switch kind {
        case nil:
            return HTTPBody(decoding: bytes, contentType: mimeType, reader)
        case "json":
            do throws(JSONSyntaxError) {
                return .json(try reader.read([UInt8](bytes)))
            } catch {
                throw HARBodyProblem("'_body' is 'json' but the text is not JSON: \(error.message)")
            }
        case "text":
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                throw HARBodyProblem("'_body' is 'text' but the bytes are not UTF-8")
            }
            return .text(text)
        default:
            return .bytes(bytes)
        }
    }

    private static func kind(of body: HTTPBody) -> String {
        switch body {
        case .json: "json"
        case .text: "text"
        case .bytes: "bytes"
        }
    }
}

/// Why a HAR body cannot be read.
struct HARBodyProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
