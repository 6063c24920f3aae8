import HybridReplaySeams
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
        // One position needs only the text before it; a table of every line
        // (`LineTable`) pays off when many offsets are looked up.
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 {
            column += 1
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

/// The start of every line of a text, so many offsets can be turned into
/// positions without rescanning the text for each.
package struct LineTable {
    private let bytes: UnsafeRawBufferPointer
    private let lineStarts: [Int]

    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        var starts = [0]
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    /// The position of the byte at `offset`; offsets past the end name the end.
    package func position(of offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in lineStarts[low]..<offset where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }
}
