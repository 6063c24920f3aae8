/// HAR 1.2, the HTTP Archive format that browser devtools, proxies such as
/// Charles and Proxyman, Playwright and Safari's Web Inspector read and write.
///
/// ``export(_:origin:)`` writes a cassette's `http` channel as a HAR log;
/// ``read(_:path:)`` reads a HAR file, and ``HARLog/cassette(name:source:)``
/// turns it into a cassette of `http` events. `docs/har.md` maps every field.
public enum HAR {
    /// The version of the format written, and the major version read.
    public static let version = "1.2"

    /// The instant that a cassette's time 0 becomes in an exported log when no
    /// other is given: 2000-01-01T00:00:00Z, so exporting twice gives the same bytes.
    public static let defaultOrigin: Duration = .seconds(946_684_800)

    /// The `creator.name` HybridReplay writes. Fields starting with `_` are
    /// read only from logs with this creator, as the HAR specification asks.
    public static let creatorName = "HybridReplay"
}

/// A HAR file that could not be read, with every problem found in it.
public struct HARReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in file order; never empty.
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
