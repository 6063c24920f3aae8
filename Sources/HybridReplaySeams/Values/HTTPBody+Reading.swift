import Foundation

extension HTTPBody {
    /// The bytes sent for the body: text as UTF-8, JSON written compactly.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .json(let value): Data(CanonicalPrinter.compactText(value).utf8)
        case .bytes(let data): data
        }
    }

    /// The body as text: text as it is, JSON written compactly, bytes read as
    /// UTF-8; `nil` for bytes that are not UTF-8.
    public var text: String? {
        switch self {
        case .text(let text): text
        case .json(let value): CanonicalPrinter.compactText(value)
        case .bytes(let data): String(bytes: data, encoding: .utf8)
        }
    }
}
