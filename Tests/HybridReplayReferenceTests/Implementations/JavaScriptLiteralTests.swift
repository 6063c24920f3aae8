import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTestSupport
import Testing

@Suite("JavaScriptLiteral")
struct JavaScriptLiteralTests {
    /// Strings that break naive splicing, one concern each.
    static let awkward: [String] = [
        "", "plain text", "\"", "'", "`${alert(1)}`", "\\", "\\\"", "a\\nb (an escaped n, not a newline)",
        "\n", "\r", "\r\n", "line one\nline two\rline three", "\t", "\u{0}", "nul\u{0}inside", "\u{1}\u{8}\u{C}\u{1F}",
        "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "before\u{2028}after\u{2029}end", "</script>", "</SCRIPT>",
        "<script>alert(1)</script>", "</", "<", "/", "<//", "<<//", "<!-- -->", "]]>", "</\u{301}script>",
        "\u{600}</script>", "\u{600}<", "e\u{301}</x>", "emoji 👩‍👩‍👧‍👦 🇳🇱 🏳️‍🌈", "中文", "\u{FEFF}bom",
        "\u{10FFFF}", "\u{E000}", "https://example.com/a/b?c=d&e=f#g", "{\"guid\":\"x\"}",
    ]

    @Test("a string literal parses back as JSON to exactly the input", arguments: awkward)
    func stringParsesBack(_ text: String) throws {
        let literal = JavaScriptLiteral.string(text)
        let parsed = try jsonString(from: literal)
        #expect(Array(parsed.unicodeScalars) == Array(text.unicodeScalars), "literal: \(literal)")
    }

    @Test("a string literal is one double-quoted line without `</`", arguments: awkward)
    func stringIsInert(_ text: String) {
        let literal = JavaScriptLiteral.string(text)
        #expect(literal.unicodeScalars.first == "\"" && literal.unicodeScalars.last == "\"")
        let terminators = literal.unicodeScalars.filter { javaScriptLineTerminators.contains($0) }
        #expect(terminators.isEmpty, "raw line terminators \(terminators.map(\.value)) in \(literal)")
        #expect(!containsEndTagOpener(literal), "`</` in \(literal)")
        #expect(!literal.unicodeScalars.contains { $0.value < 0x20 }, "a raw control character in \(literal)")
    }

    @Test("many generated strings of awkward scalars parse back and stay inert")
    func generatedStrings() throws {
        let alphabet: [Unicode.Scalar] = [
            "<", "/", "s", "\"", "'", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{2028}", "\u{2029}", "\u{600}",
            "\u{301}", "\u{200D}", "\u{FE0F}", "😀", "a", " ", "u", "2", "0", "8",
        ]
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(alphabet.randomElement(using: &generator) ?? "a") }
            let text = String(scalars)
            let literal = JavaScriptLiteral.string(text)
            let parsed = try jsonString(from: literal)
            try #require(
                Array(parsed.unicodeScalars) == Array(text.unicodeScalars),
                "\(text.unicodeScalars.map(\.value)) came back as \(parsed.unicodeScalars.map(\.value))")
            try #require(
                !literal.unicodeScalars.contains { javaScriptLineTerminators.contains($0) },
                "raw line terminator for \(text.unicodeScalars.map(\.value))")
            try #require(!containsEndTagOpener(literal), "`</` for \(text.unicodeScalars.map(\.value)): \(literal)")
        }
    }

    @Test("escapes U+2028, U+2029 and `</` on top of JSON's escapes")
    func escapesExactly() {
        #expect(JavaScriptLiteral.string("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        #expect(JavaScriptLiteral.string("</script>") == #""<\/script>""#)
        #expect(JavaScriptLiteral.string("a/b <b> 1 < 2") == #""a/b <b> 1 < 2""#)
        #expect(JavaScriptLiteral.string("say \"hi\"\n") == #""say \"hi\"\n""#)
    }

    @Test("a value literal of nested JSON parses back to an equal value and stays inert")
    func valueParsesBack() throws {
        let value: JSONValue = [
            "text": "</script><script>alert(1)</script>",
            "lines": ["a\u{2028}b", "c\u{2029}d", "e\nf", "\u{600}</x>"],
            "number": 1.5, "flag": true, "nothing": nil, "</key>": ["nested": "\"quoted\""],
        ]
        let literal = JavaScriptLiteral.value(value)
        let parsed = try JSONReader.foundation.read(Array(literal.utf8))
        #expect(parsed == value)
        #expect(!literal.unicodeScalars.contains { javaScriptLineTerminators.contains($0) })
        #expect(!containsEndTagOpener(literal), "`</` in \(literal)")
    }

    @Test("a value literal of a scalar is its JSON text")
    func scalarValues() {
        #expect(JavaScriptLiteral.value(nil) == "null")
        #expect(JavaScriptLiteral.value(true) == "true")
        #expect(JavaScriptLiteral.value(42) == "42")
        #expect(JavaScriptLiteral.value("</") == #""<\/""#)
    }
}
