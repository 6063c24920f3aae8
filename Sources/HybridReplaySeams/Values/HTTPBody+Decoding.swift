import Foundation

extension HTTPBody {
    /// `data` as the recorder stores a body: as JSON when `contentType` says
    /// JSON and `decodeJSON` reads it, as text when it is UTF-8, else as
    /// bytes; `nil` when `data` is empty.
    ///
    /// The live transport and the HAR importer both read bodies this way, so
    /// a body captured by either lands in a cassette the same way.
    package init?(decoding data: Data, contentType: String?, json decodeJSON: (Data) -> JSONValue?) {
        guard !data.isEmpty else { return nil }
        if Self.isJSON(contentType), let value = decodeJSON(data) {
            self = .json(value)
        } else if let text = String(bytes: data, encoding: .utf8) {
            self = .text(text)
        } else {
            self = .bytes(data)
        }
    }

    /// Whether `contentType` names JSON: `application/json`, `text/json` or a `+json` type.
    package static func isJSON(_ contentType: String?) -> Bool {
        let mediaType = (contentType?.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces)
            .lowercased()
        return mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    }
}
