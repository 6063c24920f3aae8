/// Something wrong with a cassette, located by its JSON path.
///
/// The reader turns problems into ``Diagnostic``s with line and column; the
/// validator produces them for cassettes that exist only in memory.
public struct CassetteProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where the offending value stands.
    public var path: JSONPath
    /// Whether the problem is about the member's key (such as an unknown
    /// field) rather than its value.
    public var isAboutKey: Bool
    /// What is wrong, in words that fit after `error: `.
    public var message: String

    public init(path: JSONPath, message: String, isAboutKey: Bool = false) {
        self.path = path
        self.message = message
        self.isAboutKey = isAboutKey
    }

    public var description: String { "\(path): \(message)" }
}
