import HybridReplaySeams
/// A JSON text that is not well-formed, or breaks one of the reader's limits.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    /// What is wrong, in words that fit after `error: `.
    public var message: String
    /// The byte offset in the whole text where the problem was found.
    public var offset: Int

    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}
