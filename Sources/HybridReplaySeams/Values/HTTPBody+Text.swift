import Foundation

extension HTTPBody {
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
