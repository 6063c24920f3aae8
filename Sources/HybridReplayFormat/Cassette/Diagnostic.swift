/// A problem in a file, printed the way compilers print them:
/// `Cassettes/x.json:12:7: error: unknown navigation policy 'deny'`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is.
    public struct Severity: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file cannot be used as it is.
        public static let error = Severity(rawValue: "error")
        /// The file can be used, but probably should not be committed as it is.
        public static let warning = Severity(rawValue: "warning")

        public var description: String { rawValue }
    }

    /// The file's path as the user named it.
    public var file: String
    /// Where in the file; `nil` when the problem is about the whole file.
    public var position: SourcePosition?
    public var severity: Severity
    public var message: String
    /// The JSON path of the offending value, when there is one.
    public var path: JSONPath?
    /// How many problems this diagnostic stands for: 1, except for the last
    /// one of a file with more problems than the reader's limit, which
    /// counts those not shown.
    public var problemCount = 1

    public init(
        file: String, position: SourcePosition?, severity: Severity = .error, message: String, path: JSONPath? = nil
    ) {
        self.file = file
        self.position = position
        self.severity = severity
        self.message = message
        self.path = path
    }

    public var description: String {
        let location = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(location): \(severity): \(message)"
    }
}

/// A cassette that could not be read, with every problem found in it.
public struct CassetteReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in file order; never empty.
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
