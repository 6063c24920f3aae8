import Testing
@testable import HybridReplay
@testable import HybridReplayJSON

@Suite("FoundationJSONBackend")
struct FoundationJSONBackendTests {
    let backend = FoundationJSONBackend()

    @Test("the backend is named Foundation")
    func name() {
        #expect(backend.name == "Foundation")
        #expect(JSONReader.foundation.backend.name == "Foundation")
    }

    @Test("zeros that JSONDecoder refuses on its own read as zero with their sign")
    func zerosJSONDecoderRefuses() throws {
        let text = "[0e1, 0E9, -0e5, 1e-400, -1e-400, 2.4703282292062327e-324, 0.0, -0.0, 0, -0, 5e-324]"
        let parsed = try backend.parse(Array(text.utf8), at: 0).get()
        let numbers = try #require(parsed.value.arrayValue).compactMap(\.numberValue)
        let expected: [Double] = [0, 0, -0.0, 0, -0.0, 0, 0, -0.0, 0, -0.0, .leastNonzeroMagnitude]
        #expect(numbers.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(parsed.end == text.utf8.count)
    }

    @Test("rewriting zeros keeps the strings and keys around them intact")
    func zerosAmongOtherValues() throws {
        let text = #"  {"0e1": "1e-400", "n": [1e-400, {"m": 0e1}], "tail": "é"}, 1"#
        let parsed = try backend.parse(Array(text.utf8), at: 0).get()
        #expect(parsed.value == ["0e1": "1e-400", "n": [0, ["m": 0]], "tail": "é"])
        let comma = try #require(byteOffset(of: ", 1", in: text))
        #expect(parsed.end == comma)
    }

    @Test("the scanner's errors come through with their exact offsets")
    func scannerErrors() throws {
        let duplicate = try #require(backend.parse(Array(#"{"a": 1, "a": 2}"#.utf8), at: 0).failure)
        #expect(duplicate.offset == 9)
        let overflow = try #require(backend.parse(Array("[1, 1e400]".utf8), at: 0).failure)
        #expect(overflow.offset == 4)
        let surrogate = try #require(backend.parse(Array(#"["\udc00"]"#.utf8), at: 0).failure)
        #expect(surrogate.offset == 2)
    }
}
