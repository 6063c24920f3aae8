/// A string-backed value whose valid spellings format version 1 lists, such
/// as a navigation type or an authorization status.
///
/// Unknown spellings can be represented (so nothing is lost when reading) but
/// are reported by the reader.
public protocol KnownValue: RawRepresentable, Sendable, Hashable, CustomStringConvertible where RawValue == String {
    /// Every valid value, in documentation order.
    static var known: [Self] { get }
    /// What the value is called in error messages, such as `navigation type`.
    static var valueName: String { get }
}

extension KnownValue {
    public var isKnown: Bool { Self.known.contains(self) }
    public var description: String { rawValue }

    /// The valid spellings, for error messages.
    package static var knownList: String { known.map { "'\($0.rawValue)'" }.joined(separator: ", ") }
}
