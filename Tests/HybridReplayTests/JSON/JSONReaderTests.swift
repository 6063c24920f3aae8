import Testing
@testable import HybridReplay

@Suite("JSONReader")
struct JSONReaderTests {
    @Test("the default nesting limit is 64")
    func defaultLimit() {
        #expect(JSONReader.defaultMaxDepth == 64)
        #expect(JSONReader.foundation.maxDepth == 64)
        #expect(JSONReader.platformDefault.maxDepth == 64)
    }

    @Test("a smaller limit counts the top-level array or object as depth 1", arguments: ReaderKind.allCases)
    func customLimit(kind: ReaderKind) {
        let reader = kind.reader(maxDepth: 3)
        #expect(reader.result("[[[1]]]").success == [[[1]]])
        #expect(reader.result(#"{"a":{"b":{"c":1}}}"#).success == ["a": ["b": ["c": 1]]])
        #expect(reader.result(#"[[[1]], [[{}]]]"#).failure?.offset == 10)
        #expect(reader.result(#"{"a":{"b":{"c":[]}}}"#).failure?.offset == 15)
    }

    @Test("a limit of zero admits only scalars", arguments: ReaderKind.allCases)
    func zeroLimit(kind: ReaderKind) {
        let reader = kind.reader(maxDepth: 0)
        #expect(reader.result(#""text""#).success == "text")
        #expect(reader.result("-1.5").success == -1.5)
        #expect(reader.result("null").success == JSONValue.null)
        #expect(reader.result("[]").failure?.offset == 0)
        #expect(reader.result(" {}").failure?.offset == 1)
    }

    @Test("a limit deeper than the default admits deeper documents", arguments: ReaderKind.allCases)
    func deeperLimit(kind: ReaderKind) {
        let reader = kind.reader(maxDepth: 200)
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(reader.result(deep).success?.depth == 200)
        let tooDeep = "[" + deep + "]"
        #expect(reader.result(tooDeep).failure?.offset == 200)
    }

    @Test("nesting up to 512 levels reads alike when the limit allows it", arguments: ReaderKind.allCases)
    func deepestSupportedNesting(kind: ReaderKind) {
        // JSONDecoder stops at 512 levels and jansson at 2048, so 512 is the
        // deepest limit on which both backends agree.
        let reader = kind.reader(maxDepth: 512)
        let deepest = String(repeating: #"{"k":["#, count: 256) + "0" + String(repeating: "]}", count: 256)
        #expect(reader.result(deepest).success?.depth == 512)
        // Wrapped in one more array, the last "[" (of 256 six-byte `{"k":[`) is level 513.
        #expect(reader.result("[" + deepest + "]").failure?.offset == 1 + 6 * 255 + 5)
    }

    @Test("text after the document is reported where it starts", arguments: ReaderKind.allCases)
    func trailingText(kind: ReaderKind) {
        let reader = kind.reader
        #expect(reader.result("{} x").failure?.offset == 3)
        #expect(reader.result("[1]\n\n  2").failure?.offset == 7)
        #expect(reader.result("true false").failure?.offset == 5)
        #expect(reader.result("12 3").failure?.offset == 3)
        #expect(reader.result(#""a""b""#).failure?.offset == 3)
    }

    @Test("empty and all-whitespace texts are rejected at their end", arguments: ReaderKind.allCases)
    func emptyText(kind: ReaderKind) {
        let reader = kind.reader
        #expect(reader.result("").failure?.offset == 0)
        #expect(reader.result(" \n\t\r").failure?.offset == 4)
    }

    @Test("JSON whitespace around the document is allowed, form feed is not", arguments: ReaderKind.allCases)
    func surroundingWhitespace(kind: ReaderKind) {
        let reader = kind.reader
        #expect(reader.result(" \t\r\n[1]\r\n\t ").success == [1])
        #expect(reader.result("\u{C}[1]").failure?.offset == 0)
        #expect(reader.result("[1]\u{C}").failure?.offset == 3)
    }

    @Test("the array and buffer forms of read agree", arguments: ReaderKind.allCases)
    func bufferForm(kind: ReaderKind) throws {
        let bytes = Array(#"{"k": [1, "two", null]}"#.utf8)
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(JSONSyntaxError) in try kind.reader.read(buffer) }
        #expect(fromBuffer == ["k": [1, "two", nil]])
        #expect(try kind.reader.read(bytes) == fromBuffer)
    }
}
