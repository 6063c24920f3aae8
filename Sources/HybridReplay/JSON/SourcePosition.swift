/// A 1-based line and column in a text, as printed in `path:line:column:`.
///
/// Columns count Unicode scalars, not bytes, so they agree with editors for
/// lines that hold non-ASCII text.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of the byte at `offset` in `bytes`.
    ///
    /// - Parameters:
    ///   - offset: A byte offset; offsets past the end name the end of the text.
    ///   - bytes: The UTF-8 text.
    public init(offset: Int, in bytes: UnsafeRawBufferPointer) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(max(offset, 0), bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(line: line, column: column)
    }

    /// The position of the byte at `offset` in `bytes`.
    public init(offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { SourcePosition(offset: offset, in: $0) }
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
