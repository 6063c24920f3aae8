#if canImport(CJansson)
import Testing
@testable import HybridReplay
@testable import HybridReplayJSON

@Suite("JanssonJSONBackend")
struct JanssonJSONBackendTests {
    let backend = JanssonJSONBackend()

    @Test("the backend is named jansson")
    func name() {
        #expect(backend.name == "jansson")
        #expect(JSONReader.jansson.backend.name == "jansson")
    }

    @Test("keys with different bytes but equal as Swift strings are rejected as duplicates")
    func canonicallyEquivalentKeys() throws {
        // jansson compares keys byte for byte and would keep both; JSONValue
        // could not, so the backend rejects them, as the scanner does.
        let text = "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"
        let error = try #require(backend.parse(Array(text.utf8), at: 0).failure)
        #expect(error.offset == 13)
        #expect(error.message.contains("duplicate"))
        let nested = "[{\"\u{C5}\": {\"\u{212B}\": 1, \"A\u{30A}\": 2}}]"
        #expect(backend.parse(Array(nested.utf8), at: 0).failure?.offset == 19)
    }

    @Test("the depth error names the bracket that passes the limit, not the start of the value")
    func depthErrorOffset() throws {
        let text = #"{"events": [{"a": [[1]]}, {"b": [[[2]]]}]}"#
        let error = try #require(backend.parse(Array(text.utf8), at: 0, maxDepth: 5).failure)
        let bracket = try #require(byteOffset(of: "[2]", in: text))
        #expect(error.offset == bracket)
    }

    @Test("duplicate keys are rejected at the repeated key")
    func duplicateKeyOffset() throws {
        let text = "{\n  \"id\": 1,\n  \"id\": 2\n}"
        let error = try #require(backend.parse(Array(text.utf8), at: 0).failure)
        let position = SourcePosition(offset: error.offset, in: Array(text.utf8))
        #expect(position.line == 3)
        #expect((3...8).contains(position.column))
    }

    @Test("integers too large for 64 bits read as Double rather than failing")
    func largeIntegers() throws {
        let twoToThe64 = try backend.parse(Array("18446744073709551616".utf8), at: 0).get()
        #expect(twoToThe64.value == .number(18_446_744_073_709_551_616))
        let belowInt64 = try backend.parse(Array("-9223372036854775809".utf8), at: 0).get()
        #expect(belowInt64.value == .number(-9_223_372_036_854_775_808))
    }
}
#endif
