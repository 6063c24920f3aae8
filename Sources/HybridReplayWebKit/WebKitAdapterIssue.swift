/// Something the WebKit adapters saw go wrong that WebKit itself would crash
/// on or silently drop: a decision handler called twice or never, a value
/// with no JSON form, a URL that does not parse.
///
/// The adapters never print; they hand each issue to the `reportIssue`
/// closure given at creation, which a test turns into a failure and an app
/// logs.
public struct WebKitAdapterIssue: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public var kind: Kind
    /// What happened, naming the navigation, message or value.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }

    /// The kinds of issue, open for new ones.
    public struct Kind: Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A decision or reply handler was called again; the second call was dropped.
        public static let calledTwice = Kind(rawValue: "called-twice")
        /// A decision or reply handler was released without being called; the adapter answered in its place.
        public static let neverCalled = Kind(rawValue: "never-called")
        /// A value had no JSON form, or a seam value had no WebKit counterpart.
        public static let unsupportedValue = Kind(rawValue: "unsupported-value")
        /// JavaScript was to run in a subframe WebKit never delivered to the adapter.
        public static let unknownFrame = Kind(rawValue: "unknown-frame")
        /// A URL did not parse.
        public static let invalidURL = Kind(rawValue: "invalid-url")
    }
}
