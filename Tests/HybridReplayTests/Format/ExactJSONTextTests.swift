@testable import HybridReplay
import Testing

/// JSON text the recorder may rewrite canonically: only text whose canonical
/// form holds exactly the value written.
@Suite("Exact JSON text")
struct ExactJSONTextTests {
    @Test(
        "a document whose numbers and strings a canonical rewrite keeps is read",
        arguments: [
            #"{"b":1,"a":2}"#, #"{"n":1.50}"#, #"{"n":1e2}"#, #"{"n":-0.0}"#, #"{"n":0.1}"#, #"{"n":37.33233141}"#,
            #"{"n":1E+16}"#, #"{"n":5e-324}"#, #"{"s":"\u00e9\/\ud83d\ude00"}"#, #"[{"y":true},null,"1e999 in a string"]"#,
            #"{"n":-9007199254740992}"#,
        ])
    func exactTextIsRead(_ text: String) throws {
        let value = try #require(ExactJSONText.value(of: Array(text.utf8)))
        #expect(value == (try JSONReader.platformDefault.read(Array(text.utf8))))
    }

    @Test(
        "a number a Double does not hold exactly is not rewritten",
        arguments: [
            #"{"id":9007199254740993}"#, #"{"n":0.1000000000000000055511151231257827}"#, #"{"n":1e-400}"#,
            #"{"n":12345678901234567890}"#, #"[1, 2, 18446744073709551615]"#,
        ])
    func inexactNumbersAreKept(_ text: String) {
        #expect(ExactJSONText.value(of: Array(text.utf8)) == nil)
    }

    @Test(
        "text that is not strict JSON, or escapes half a surrogate pair, is not rewritten",
        arguments: [
            #"{"a":1,"a":2}"#, #"{a:1}"#, #"{"a":1,}"#, #"{"s":"\ud800"}"#, #"{"s":"\udc00x"}"#, #"{"s":"\ud800\u0041"}"#,
            #"{"n":01}"#, "", "{",
        ])
    func nonStrictTextIsKept(_ text: String) {
        #expect(ExactJSONText.value(of: Array(text.utf8)) == nil)
    }
}
