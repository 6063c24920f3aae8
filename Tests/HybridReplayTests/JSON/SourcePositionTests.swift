import Testing
@testable import HybridReplay

@Suite("SourcePosition")
struct SourcePositionTests {
    @Test("lines and columns start at 1 and columns count Unicode scalars")
    func linesAndColumns() {
        let bytes = Array("ab\nc😀é d\n\nx".utf8)
        #expect(SourcePosition(offset: 0, in: bytes) == SourcePosition(line: 1, column: 1))
        #expect(SourcePosition(offset: 2, in: bytes) == SourcePosition(line: 1, column: 3))
        #expect(SourcePosition(offset: 3, in: bytes) == SourcePosition(line: 2, column: 1))
        // "c" is one byte, "😀" four and "é" two: "d" is the 5th scalar of line 2.
        #expect(SourcePosition(offset: 11, in: bytes) == SourcePosition(line: 2, column: 5))
        #expect(SourcePosition(offset: 13, in: bytes) == SourcePosition(line: 3, column: 1))
        #expect(SourcePosition(offset: 14, in: bytes) == SourcePosition(line: 4, column: 1))
    }

    @Test("offsets outside the text name its start or its end")
    func outOfRange() {
        let bytes = Array("a\nbc".utf8)
        #expect(SourcePosition(offset: -5, in: bytes) == SourcePosition(line: 1, column: 1))
        #expect(SourcePosition(offset: 4, in: bytes) == SourcePosition(line: 2, column: 3))
        #expect(SourcePosition(offset: 99, in: bytes) == SourcePosition(line: 2, column: 3))
    }

    @Test("positions order by line, then column, and print as line:column")
    func orderAndDescription() {
        #expect(SourcePosition(line: 1, column: 9) < SourcePosition(line: 2, column: 1))
        #expect(SourcePosition(line: 2, column: 1) < SourcePosition(line: 2, column: 2))
        #expect(SourcePosition(line: 3, column: 14).description == "3:14")
    }
}
