import HybridReplaySeams
/// Reads JSON texts through a parsing backend, with HybridReplay's rules:
/// duplicate keys, invalid UTF-8 and numbers out of `Double` range are
/// rejected, and nesting is limited.
///
/// Use ``platformDefault`` unless a test needs a specific backend:
/// jansson on Linux, Foundation on Apple platforms.
public struct JSONReader: Sendable {
    /// The backend that parses each value.
    package var backend: any JSONParsingBackend
    /// The most arrays and objects a document may nest.
    public var maxDepth: Int

    /// The default limit on nesting, shared by every backend.
    public static let defaultMaxDepth = 64

    package init(backend: any JSONParsingBackend, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.backend = backend
        self.maxDepth = maxDepth
    }

    /// The reader Foundation backs, available on every platform.
    public static var foundation: JSONReader { JSONReader(backend: FoundationJSONBackend()) }

    #if canImport(CJansson)
    /// The reader jansson backs, available where the jansson library is linked.
    public static var jansson: JSONReader { JSONReader(backend: JanssonJSONBackend()) }
    #endif

    /// The reader for this platform: jansson where it is linked, Foundation elsewhere.
    public static var platformDefault: JSONReader {
        #if canImport(CJansson)
        return .jansson
        #else
        return .foundation
        #endif
    }

    /// Reads a whole JSON document.
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The value the text holds.
    /// - Throws: `JSONSyntaxError` when the text is not exactly one JSON value
    ///   surrounded by whitespace.
    public func read(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        let (value, end) = try backend.parseValue(in: bytes, at: 0, maxDepth: maxDepth)
        var scanner = JSONScanner(bytes)
        scanner.offset = end
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            throw JSONSyntaxError("unexpected text after the end of the document", offset: scanner.offset)
        }
        return value
    }

    /// Reads a whole JSON document.
    public func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try read(buffer) }
        }
        return try result.get()
    }
}
