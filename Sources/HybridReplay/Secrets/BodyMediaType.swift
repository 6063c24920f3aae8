import Foundation

/// What a body's `Content-Type` says about its fields: JSON, an HTML form,
/// a multipart form, or something without named fields.
///
/// Redaction, the secret scanner and replay's body comparison read a body
/// by what it is, not by how the cassette encodes it (`text`, `json` or
/// `base64`), so a password is found in the same place whatever the encoding.
struct BodyMediaType: Sendable, Hashable {
    private var name: String
    /// The `boundary` parameter of a multipart type.
    var boundary: String?

    static let json = BodyMediaType(name: "json")
    static let form = BodyMediaType(name: "form")
    static let multipart = BodyMediaType(name: "multipart")
    static let other = BodyMediaType(name: "other")

    var isJSON: Bool { name == "json" }
    var isForm: Bool { name == "form" }
    var isMultipart: Bool { name == "multipart" && boundary != nil }

    /// The type the first `Content-Type` of `headers` names; with no
    /// `Content-Type` at all, ``json`` when `body` opens as a JSON object or
    /// array (as `JSONEncoder().encode` gives, sent without a type), else
    /// ``other``. Whether it reads as JSON whole is left to the one reading
    /// it as its type says (``HTTPBody/document(as:)``, ``ExactJSONText``),
    /// which keeps a body that does not as it is, as for any other type.
    ///
    /// URLSession sends such a body as it is, and the app's server reads it as
    /// JSON; reading it as JSON here too means its key order, which
    /// `JSONEncoder` without `.sortedKeys` changes from process to process,
    /// neither changes the recorded bytes nor fails a replay, and its secret
    /// fields are found by name.
    init(headers: [HTTPHeader], body: HTTPBody?) {
        let contentType = headers.values(named: "Content-Type").first
        if contentType == nil, let body, body.opensAsJSONContainer {
            self = .json
        } else {
            self.init(contentType: contentType)
        }
    }

    /// The type `contentType` names: `application/json`, `text/json` or a
    /// `+json` type; `application/x-www-form-urlencoded`; `multipart/form-data`
    /// with its boundary; or ``other``.
    init(contentType: String?) {
        // Only the media type is trimmed here: the parameters are read only for a multipart form.
        let parts = (contentType ?? "").split(separator: ";")
        let media = (parts.first.map(Self.trimmed) ?? "").lowercased()
        if media == "application/json" || media == "text/json" || media.hasSuffix("+json") {
            self = .json
        } else if media == "application/x-www-form-urlencoded" {
            self = .form
        } else if media == "multipart/form-data" {
            self = .multipart
            for parameter in parts.dropFirst().map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let equals = parameter.firstIndex(of: "="),
                    parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
                else { continue }
                let value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
                if !unquoted.isEmpty { boundary = unquoted }
            }
        } else {
            self = .other
        }
    }

    private init(name: String) { self.name = name }

    /// `part` without white space around it. A part that begins and ends
    /// with a visible ASCII character (`!` to `~`, as media types do) has
    /// none and is taken as it is, without Foundation's trimming.
    private static func trimmed(_ part: Substring) -> String {
        guard let first = part.utf8.first, let last = part.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        else { return part.trimmingCharacters(in: .whitespaces) }
        return String(part)
    }
}

extension HTTPBody {
    /// Whether the body opens as a JSON object or array: `json` that is one,
    /// or text or bytes whose first character other than white space is `{`
    /// or `[`. Only the first bytes are read: the body is parsed once, by
    /// what reads it as JSON.
    var opensAsJSONContainer: Bool {
        switch self {
        case .json(let value):
            if case .object = value { return true }
            if case .array = value { return true }
            return false
        case .text(let text): return Self.opensAsJSONContainer(text.utf8)
        case .bytes(let data): return Self.opensAsJSONContainer(data)
        }
    }

    private static func opensAsJSONContainer(_ bytes: some Sequence<UInt8>) -> Bool {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The body as the document its media type says, whatever its encoding:
    /// JSON text or bytes parsed, a form or multipart body as text.
    ///
    /// - Parameter type: What the message's `Content-Type` says.
    /// - Returns: `.json` for a JSON type that parses, `.text` for a form or
    ///   multipart body that is UTF-8, or `nil` when the body has no named
    ///   fields to find in this shape.
    func document(as type: BodyMediaType) -> HTTPBody? {
        if type.isJSON {
            switch self {
            case .json: return self
            case .text(let text): return (try? JSONReader.platformDefault.read(Array(text.utf8))).map(HTTPBody.json)
            case .bytes(let data): return (try? JSONReader.platformDefault.read([UInt8](data))).map(HTTPBody.json)
            }
        }
        if type.isForm || type.isMultipart {
            switch self {
            case .text: return self
            case .json: return nil
            case .bytes(let data): return String(bytes: data, encoding: .utf8).map(HTTPBody.text)
            }
        }
        return nil
    }
}
