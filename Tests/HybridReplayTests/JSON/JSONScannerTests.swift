import Testing
@testable import HybridReplay
@testable import HybridReplayJSON

@Suite("JSONScanner")
struct JSONScannerTests {
    // MARK: readString

    /// A string token and what it decodes to.
    struct StringCase: Sendable, CustomTestStringConvertible {
        var token: String
        var decoded: String
        var testDescription: String { token }
    }

    @Test(
        "readString decodes every escape and stops after the closing quote",
        arguments: [
            StringCase(token: #""plain ASCII""#, decoded: "plain ASCII"),
            StringCase(token: #""""#, decoded: ""),
            StringCase(token: #""\"\\\/\b\f\n\r\t""#, decoded: "\"\\/\u{8}\u{C}\n\r\t"),
            StringCase(token: #""\u0041\u00e9\u4E2D""#, decoded: "Aé中"),
            StringCase(token: #""\ud83d\ude00 and \uD83C\uDDEB\uD83C\uDDF7""#, decoded: "😀 and 🇫🇷"),
            StringCase(token: #""\udbff\udfff""#, decoded: "\u{10FFFF}"),
            StringCase(token: #""nul \u0000 inside""#, decoded: "nul \u{0} inside"),
            StringCase(token: #""héllo 中文 😀""#, decoded: "héllo 中文 😀"),
            StringCase(token: #""mixed \t é \u00e9""#, decoded: "mixed \t é é"),
            StringCase(token: "\"del \u{7F}\"", decoded: "del \u{7F}"),
        ]
    )
    func readStringDecodes(example: StringCase) {
        let text = example.token + ", next"
        let (result, offset) = scan(text) { scanner throws(JSONSyntaxError) in try scanner.readString() }
        #expect(result.success.map { Array($0.unicodeScalars) } == Array(example.decoded.unicodeScalars))
        #expect(offset == example.token.utf8.count)
    }

    @Test("readString skips leading whitespace")
    func readStringSkipsWhitespace() {
        let (result, offset) = scan(" \n\t\"key\": 1") { scanner throws(JSONSyntaxError) in try scanner.readString() }
        #expect(result.success == "key")
        #expect(offset == 8)
    }

    /// A malformed string and the offset its error must name.
    struct BadString: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var offset: Int
        var label: String
        var testDescription: String { label }

        init(_ text: String, offset: Int) {
            self.init(Array(text.utf8), offset: offset, label: text)
        }

        init(_ bytes: [UInt8], offset: Int, label: String) {
            self.bytes = bytes
            self.offset = offset
            self.label = label
        }
    }

    @Test(
        "readString rejects malformed strings at the faulty escape, byte or opening quote",
        arguments: [
            BadString(#"  "\x41""#, offset: 3),
            BadString(#""ab\'""#, offset: 3),
            BadString(#""\u12""#, offset: 1),
            BadString(#""\u12G4""#, offset: 1),
            BadString(#""x\ud83d""#, offset: 2),
            BadString(#""\ude00""#, offset: 1),
            BadString(#""\ud83d\ud83d""#, offset: 1),
            BadString(#""\ud83dabcdef""#, offset: 1),
            BadString(#""abc"#, offset: 0),
            BadString(#""abc\"#, offset: 4),
            BadString("\"a\tb\"", offset: 2),
            BadString("\"a\nb\"", offset: 2),
            BadString("'single'", offset: 0),
            BadString("123", offset: 0),
            BadString([0x22, 0x61, 0xFF, 0x22], offset: 2, label: "0xFF byte"),
            BadString([0x22, 0xC0, 0xAF, 0x22], offset: 1, label: "overlong 2-byte"),
            BadString([0x22, 0xE0, 0x80, 0xAF, 0x22], offset: 1, label: "overlong 3-byte"),
            BadString([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], offset: 1, label: "overlong 4-byte"),
            BadString([0x22, 0xED, 0xA0, 0x80, 0x22], offset: 1, label: "encoded surrogate"),
            BadString([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], offset: 1, label: "above U+10FFFF"),
            BadString([0x22, 0x61, 0x80, 0x22], offset: 2, label: "stray continuation"),
            BadString([0x22, 0xE2, 0x82, 0x22], offset: 1, label: "truncated 3-byte"),
            BadString([0x22, 0xF0, 0x9F, 0x98], offset: 1, label: "truncated at end of text"),
        ]
    )
    func readStringRejects(example: BadString) {
        let (result, _) = scan(example.bytes) { scanner throws(JSONSyntaxError) in try scanner.readString() }
        #expect(result.failure?.offset == example.offset, "\(result.failure?.message ?? "accepted")")
    }

    // MARK: readNumber

    /// A number token, its value and where reading it stops.
    struct NumberCase: Sendable, CustomTestStringConvertible {
        var text: String
        var value: Double
        var end: Int
        var testDescription: String { text }
    }

    @Test(
        "readNumber reads the nearest Double and stops after the token",
        arguments: [
            NumberCase(text: "0", value: 0, end: 1),
            NumberCase(text: "12,", value: 12, end: 2),
            NumberCase(text: "-12.5e3]", value: -12_500, end: 7),
            NumberCase(text: "1E+2}", value: 100, end: 4),
            NumberCase(text: "1e-7 ", value: 1e-7, end: 4),
            NumberCase(text: "0.5\n", value: 0.5, end: 3),
            NumberCase(text: "123456789012345678901234567890", value: 1.2345678901234568e29, end: 30),
            NumberCase(text: "9007199254740993", value: 9_007_199_254_740_992, end: 16),
            NumberCase(text: "1.7976931348623157e308", value: .greatestFiniteMagnitude, end: 22),
            NumberCase(text: "4.9e-324", value: .leastNonzeroMagnitude, end: 8),
            NumberCase(text: "1e-400", value: 0, end: 6),
            NumberCase(text: "0e5", value: 0, end: 3),
            NumberCase(text: "1x", value: 1, end: 1),
        ]
    )
    func readNumberReads(example: NumberCase) {
        let (result, offset) = scan(example.text) { scanner throws(JSONSyntaxError) in try scanner.readNumber() }
        #expect(result.success?.bitPattern == example.value.bitPattern, "read \(String(describing: result.success))")
        #expect(offset == example.end)
    }

    @Test("readNumber keeps the sign of negative zero")
    func readNumberNegativeZero() {
        for text in ["-0", "-0.0", "-0e5", "-1e-400"] {
            let (result, _) = scan(text) { scanner throws(JSONSyntaxError) in try scanner.readNumber() }
            #expect(result.success == 0, "\(text)")
            #expect(result.success?.sign == .minus, "\(text)")
        }
    }

    @Test(
        "readNumber rejects malformed and overflowing numbers at their start",
        arguments: ["01", "-01", "1.", "1.e5", ".5", "+1", "-", "- 1", "1e", "1e+", "NaN", "-Infinity", "1e400", "-1e400"]
    )
    func readNumberRejects(text: String) {
        let (result, _) = scan("  " + text) { scanner throws(JSONSyntaxError) in try scanner.readNumber() }
        #expect(result.failure?.offset == 2, "\(result.failure?.message ?? "accepted")")
    }

    @Test("readNumber notes the zeros that are not spelled 0 or -0 when asked")
    func readNumberRecordsZeros() {
        let text = "[0, -0, 0.0, 1e-400, -0e5, 5, 0E1]"
        let (result, _) = scan(text) { scanner throws(JSONSyntaxError) -> [Range<Int>] in
            scanner.recordsZeroNumbers = true
            try scanner.skipValue(maxDepth: 1)
            return scanner.zeroNumbers
        }
        #expect(result.success == [8..<11, 13..<19, 21..<25, 30..<33])
        let (unrecorded, _) = scan(text) { scanner throws(JSONSyntaxError) -> [Range<Int>] in
            try scanner.skipValue(maxDepth: 1)
            return scanner.zeroNumbers
        }
        #expect(unrecorded.success == [])
    }

    // MARK: skipValue

    @Test("skipValue stops right after each kind of value")
    func skipValueStops() {
        let values = [
            #"{"a":[1,{"b":null}],"c":"x","d":{}}"#, "[]", "[ 1 , [ 2 ] ]", #""s\"t""#, "-1.5e-3", "true", "false", "null",
        ]
        for value in values {
            let (result, offset) = scan("\n " + value + " ,tail") { scanner throws(JSONSyntaxError) in
                try scanner.skipValue(maxDepth: 64)
            }
            #expect(result.failure == nil, "\(value)")
            #expect(offset == 2 + value.utf8.count, "\(value)")
        }
    }

    /// Where `skipValue(maxDepth:)` fails on `text`, or nil if it succeeds.
    private func skipFailure(_ text: String, maxDepth: Int) -> Int? {
        scan(text) { scanner throws(JSONSyntaxError) in try scanner.skipValue(maxDepth: maxDepth) }.result.failure?.offset
    }

    @Test("skipValue counts the value itself as one level of nesting")
    func skipValueDepth() {
        #expect(skipFailure("[[1]]", maxDepth: 2) == nil)
        #expect(skipFailure("[[[1]]]", maxDepth: 2) == 2)
        #expect(skipFailure(#"{"a":{"b":1}}"#, maxDepth: 1) == 5)
        #expect(skipFailure("7", maxDepth: 0) == nil)
        #expect(skipFailure(" []", maxDepth: 0) == 1)
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(skipFailure(deep, maxDepth: 64) == 64)
    }

    /// A text `skipValue` must reject, and the offset its error must name.
    struct BadValue: Sendable, CustomTestStringConvertible {
        var text: String
        var offset: Int
        var testDescription: String { text }
    }

    @Test(
        "skipValue rejects duplicate keys, NUL in keys and malformed structure where they occur",
        arguments: [
            BadValue(text: #"{"a": 1, "a": 2}"#, offset: 9),
            BadValue(text: #"{"a": 1, "\u0061": 2}"#, offset: 9),
            BadValue(text: #"{"a/b": 1, "a\/b": 2}"#, offset: 11),
            BadValue(text: #"{"😀": 1, "\ud83d\ude00": 2}"#, offset: 12),
            BadValue(text: "{\"\u{E9}\": 1, \"e\u{301}\": 2}", offset: 10),
            BadValue(text: #"[{"x": 1}, {"y": {"z": 1, "z": 2}}]"#, offset: 26),
            BadValue(text: #"{"a\u0000b": 1}"#, offset: 1),
            BadValue(text: #"{"ok": "a\u0000b", "\u0000": 1}"#, offset: 19),
            BadValue(text: "[1, 2,]", offset: 6),
            BadValue(text: #"{"a": 1,}"#, offset: 8),
            BadValue(text: "[1 2]", offset: 3),
            BadValue(text: #"{"a" 1}"#, offset: 5),
            BadValue(text: "{a: 1}", offset: 1),
            BadValue(text: "[1}", offset: 2),
            BadValue(text: "[1, 2", offset: 5),
            BadValue(text: "[truex]", offset: 5),
            BadValue(text: "nul", offset: 0),
            BadValue(text: "True", offset: 0),
            BadValue(text: "\u{C}1", offset: 0),
            BadValue(text: "", offset: 0),
        ]
    )
    func skipValueRejects(example: BadValue) {
        let (result, _) = scan(example.text) { scanner throws(JSONSyntaxError) in try scanner.skipValue(maxDepth: 64) }
        #expect(result.failure?.offset == example.offset, "\(result.failure?.message ?? "accepted")")
    }

    // MARK: locate

    static let document = """
        {
          "version": 1,
          "events": [
            {"kind": "a", "payload": {"url": "x"}},
            {"kind": "b", "payload": {"url": "y", "n": [10, 20, 30]}}
          ],
          "a\\/b": 5,
          "ключ": "значение",
          "meta": {}
        }
        """

    /// Where `path` leads in ``document``.
    private func locate(_ path: [JSONPath.Component], keyOnly: Bool = false, from start: Int = 0) -> Int {
        scan(Self.document, from: start) { scanner throws(JSONSyntaxError) in
            scanner.isKeyOnly = keyOnly
            return scanner.locate(path[...])
        }.result.success ?? -1
    }

    private func offset(of needle: String) throws -> Int {
        try #require(byteOffset(of: needle, in: Self.document))
    }

    @Test("locate finds values by key and index at any depth")
    func locateFindsValues() throws {
        #expect(locate([]) == 0)
        #expect(locate([.key("version")]) == (try offset(of: "1,")))
        #expect(locate([.key("events")]) == (try offset(of: "[\n")))
        #expect(locate([.key("events"), .index(0), .key("kind")]) == (try offset(of: #""a""#)))
        #expect(locate([.key("events"), .index(1), .key("payload"), .key("url")]) == (try offset(of: #""y""#)))
        #expect(locate([.key("events"), .index(1), .key("payload"), .key("n"), .index(2)]) == (try offset(of: "30")))
        #expect(locate([.key("a/b")]) == (try offset(of: "5,")))
        #expect(locate([.key("ключ")]) == (try offset(of: #""значение""#)))
        #expect(locate([.key("meta")]) == (try offset(of: "{}")))
    }

    @Test("locate stops at the deepest value it can reach when the path is missing or mistyped")
    func locateMissing() throws {
        let payload = try offset(of: #"{"url": "y""#)
        #expect(locate([.key("events"), .index(1), .key("payload"), .key("missing")]) == payload)
        #expect(locate([.key("events"), .index(1), .key("payload"), .key("missing"), .index(3)]) == payload)
        #expect(locate([.key("events"), .index(7)]) == (try offset(of: "[\n")))
        #expect(locate([.key("missing")]) == 0)
        #expect(locate([.key("meta"), .key("inner")]) == (try offset(of: "{}")))
        #expect(locate([.key("version"), .key("inner")]) == (try offset(of: "1,")))
        #expect(locate([.index(0)]) == 0)
        #expect(locate([.key("events"), .key("kind")]) == (try offset(of: "[\n")))
    }

    @Test("locate points at a member's key when asked for the key")
    func locateKey() throws {
        #expect(locate([.key("events"), .index(1), .key("kind")], keyOnly: true) == (try offset(of: #""kind": "b""#)))
        #expect(locate([.key("meta")], keyOnly: true) == (try offset(of: #""meta""#)))
        #expect(locate([.key("events"), .index(1), .key("payload"), .key("n")], keyOnly: true) == (try offset(of: #""n""#)))
    }

    @Test("locate works relative to the value at the scanner's offset")
    func locateFromOffset() throws {
        let events = try offset(of: "[\n")
        #expect(locate([.index(1), .key("kind")], from: events) == (try offset(of: #""b""#)))
        #expect(locate([], from: events - 1) == events)
    }
}
