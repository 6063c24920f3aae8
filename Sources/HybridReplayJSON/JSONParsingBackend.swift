import HybridReplaySeams
/// A parser that reads one JSON value out of a larger text.
///
/// The cassette reader walks the top of a cassette itself and hands each
/// event to a backend, so no tree for the whole file is ever built. Backends
/// must agree on what they accept and on the values they produce; the test
/// suite checks that over a corpus of documents.
package protocol JSONParsingBackend: Sendable {
    /// A short name for messages and benchmarks, such as `jansson`.
    var name: String { get }

    /// Parses the JSON value that starts at `offset`.
    ///
    /// - Parameters:
    ///   - bytes: The whole text, as UTF-8.
    ///   - offset: Where the value starts; leading whitespace is allowed.
    ///   - maxDepth: The most arrays and objects the value may nest, counting
    ///     the value itself; deeper values are rejected.
    /// - Returns: The value and the offset just past its last byte.
    /// - Throws: `JSONSyntaxError` whose offset is relative to the whole text.
    func parseValue(
        in bytes: UnsafeRawBufferPointer, at offset: Int, maxDepth: Int
    ) throws(JSONSyntaxError) -> (value: JSONValue, end: Int)
}
