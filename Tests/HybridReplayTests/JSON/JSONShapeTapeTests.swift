import Testing
@testable import HybridReplay
@testable import HybridReplayJSON

/// The shape tape `JSONScanner` records for the Foundation backend, the key
/// set its duplicate check uses, and the values the backend decodes by the tape.
@Suite("JSON shape tape")
struct JSONShapeTapeTests {
    /// The tape `skipValue(maxDepth:)` records for `text`, or its error.
    private func tape(_ text: String, maxDepth: Int = 64) -> Result<[JSONShape], JSONSyntaxError> {
        scan(text) { scanner throws(JSONSyntaxError) -> [JSONShape] in
            scanner.recordsShape = true
            try scanner.skipValue(maxDepth: maxDepth)
            return scanner.shapeTape
        }.result
    }

    // MARK: Recording

    @Test("skipValue records no tape unless asked")
    func notRecordedByDefault() {
        let (result, offset) = scan(#"{"a": [1, {"b": null}], "c": "x"} ,tail"#) { scanner throws(JSONSyntaxError) in
            try scanner.skipValue(maxDepth: 64)
            return scanner.shapeTape
        }
        #expect(result.success == [])
        #expect(offset == 33)
    }

    @Test("a scalar is one entry")
    func scalars() {
        let cases: [(String, JSONShape)] = [
            ("null", .null), ("true", .bool), ("false", .bool), ("-12.5e3", .number), ("0", .number),
            (#""text""#, .string), (#""\u00e9\n""#, .string),
        ]
        for (text, shape) in cases {
            #expect(tape(" " + text + " ").success == [shape], "\(text)")
        }
    }

    @Test("containers come before their children, in pre-order, and keys in document order")
    func nestedPreOrder() {
        let text = #"{"b": [1, "x", true, null, {}], "a": {"z": [], "y": -0.5}, "c": false}"#
        let expected: [JSONShape] = [
            .object(count: 3),
            .key("b"), .array(count: 5), .number, .string, .bool, .null, .object(count: 0),
            .key("a"), .object(count: 2),
            .key("z"), .array(count: 0),
            .key("y"), .number,
            .key("c"), .bool,
        ]
        #expect(tape(text).success == expected)
    }

    @Test("empty arrays and objects record a count of zero at any depth")
    func emptyContainers() {
        #expect(tape("[]").success == [.array(count: 0)])
        #expect(tape("{ }").success == [.object(count: 0)])
        #expect(
            tape(#"[[], {}, [[]], {"": {}}]"#).success == [
                .array(count: 4), .array(count: 0), .object(count: 0), .array(count: 1), .array(count: 0),
                .object(count: 1), .key(""), .object(count: 0),
            ]
        )
    }

    @Test("keys are recorded decoded: escapes, surrogate pairs and raw UTF-8")
    func escapedKeys() {
        let text = #"{"a\/b": 1, "\u00e9\ud83d\ude00": 2, "q\"uote\\": 3, "": 4, "ключ": 5, "tab\there": 6}"#
        let keys = tape(text).success?.compactMap { shape -> String? in
            if case .key(let key) = shape { key } else { nil }
        }
        #expect(keys == ["a/b", "é😀", "q\"uote\\", "", "ключ", "tab\there"])
        #expect(tape(text).success?.first == .object(count: 6))
    }

    @Test("arrays and objects count all their children, past the linear key limit")
    func largeContainers() {
        let elements = (0..<100).map { $0 % 2 == 0 ? "\($0)" : #""s\#($0)""# }.joined(separator: ",")
        let array = tape("[" + elements + "]").success
        #expect(array?.count == 101)
        #expect(array?.first == .array(count: 100))
        let members = (0..<40).map { #""k\#($0)": [\#($0)]"# }.joined(separator: ", ")
        let object = tape("{" + members + "}").success
        #expect(object?.first == .object(count: 40))
        #expect(object?.count == 1 + 40 * 3)
        #expect(object?.last == .number)
    }

    @Test("successive values append to the same tape")
    func successiveValues() {
        let (result, _) = scan(#"[1] {"a": "b"}"#) { scanner throws(JSONSyntaxError) -> [JSONShape] in
            scanner.recordsShape = true
            try scanner.skipValue(maxDepth: 64)
            try scanner.skipValue(maxDepth: 64)
            return scanner.shapeTape
        }
        #expect(result.success == [.array(count: 1), .number, .object(count: 1), .key("a"), .string])
    }

    @Test("recording the tape leaves errors and their offsets as they were")
    func errorsUnchanged() {
        for text in [#"{"a": 1, "a": 2}"#, "[1, 2,]", #"{"a" 1}"#, "[truex]", "[[[1]]]", #"{"k": "\ud800"}"#] {
            let recorded = tape(text, maxDepth: 2).failure
            let plain = scan(text) { scanner throws(JSONSyntaxError) in try scanner.skipValue(maxDepth: 2) }.result.failure
            #expect(recorded != nil && recorded == plain, "\(text)")
        }
    }

    // MARK: Duplicate keys

    @Test("ObjectKeys finds duplicates by canonical equivalence, below and past the linear limit")
    func objectKeys() {
        for prefix in [0, ObjectKeys.linearLimit - 1, ObjectKeys.linearLimit, ObjectKeys.linearLimit + 5] {
            var keys = ObjectKeys()
            var prefixInserted = true
            for index in 0..<prefix { prefixInserted = keys.insert("key\(index)") && prefixInserted }
            let verdicts = [
                keys.insert("caf\u{E9}"), keys.insert("cafe\u{301}"), keys.insert("caf\u{E9}"),
                keys.insert("cafe"), keys.insert("key0"), keys.insert("cafe"),
            ]
            #expect(prefixInserted, "prefix \(prefix)")
            #expect(verdicts == [true, false, false, true, prefix == 0, false], "prefix \(prefix)")
            #expect(keys.count == prefix + (prefix == 0 ? 3 : 2), "prefix \(prefix)")
        }
    }

    @Test("a duplicate key past the linear limit is reported at the repeated key")
    func duplicatePastLimit() throws {
        let members = (0..<30).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        for repeated in [#""k3""#, #""k\u0032\u0039""#, #""k17""#] {
            let text = "{" + members + ", " + repeated + ": 0}"
            let offset = text.utf8.count - (repeated + ": 0}").utf8.count
            #expect(tape(text).failure?.offset == offset, "\(repeated)")
            for kind in ReaderKind.allCases {
                let error = try #require(kind.reader.result(text).failure, "\(kind.rawValue) accepted \(repeated)")
                #expect(error.offset == offset, "\(kind.rawValue): \(repeated)")
            }
        }
        let equivalent = "{" + members + ", \"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"
        let offset = try #require(byteOffset(of: "\"cafe\u{301}\"", in: equivalent))
        #expect(tape(equivalent).failure?.offset == offset)
    }

    // MARK: Decoding by the tape

    static let nested = #"""
        {"events": [{"kind": "a", "payload": {"url": "x", "n": [10, -0, 2.5e-3, null], "ok": true}},
                    {"kind": "b", "payload": {}}, [], {}],
         "a\/b": {"\u00e9\ud83d\ude00": ["q\"uote", "", {"": []}]},
         "": null, "0": 0e1, "deep": [[[{"x": [{"y": [false]}]}]]]}
        """#

    static let nestedValue: JSONValue = [
        "events": [
            ["kind": "a", "payload": ["url": "x", "n": [10, .number(-0.0), 0.0025, nil], "ok": true]],
            ["kind": "b", "payload": [:]], [], [:],
        ],
        "a/b": ["é😀": ["q\"uote", "", ["": []]]],
        "": nil, "0": 0, "deep": [[[["x": [["y": [false]]]]]]],
    ]

    @Test("the Foundation backend decodes nested values, escaped keys and empty containers by the tape")
    func foundationDecodesNested() throws {
        let value = try JSONReader.foundation.read(Array(Self.nested.utf8))
        #expect(identical(value, Self.nestedValue))
        for kind in ReaderKind.allCases {
            #expect(identical(try kind.reader.read(Array(Self.nested.utf8)), value), "\(kind.rawValue)")
        }
    }

    @Test("the Foundation backend decodes every kind of value at the top level and inside arrays")
    func foundationDecodesScalars() throws {
        let cases: [(String, JSONValue)] = [
            ("null", nil), ("true", true), ("false", false), ("-0", .number(-0.0)), ("1e2", 100),
            (#""é\n""#, "é\n"), ("[]", []), ("{}", [:]),
            (#"[null, true, false, 1, "s", [], {}, [null], {"k": null}]"#, [nil, true, false, 1, "s", [], [:], [nil], ["k": nil]]),
        ]
        for (text, expected) in cases {
            #expect(identical(try JSONReader.foundation.read(Array(text.utf8)), expected), "\(text)")
        }
    }

    @Test("the Foundation backend decodes objects larger than the linear key limit")
    func foundationDecodesLargeObjects() throws {
        var expected: [String: JSONValue] = [:]
        var members: [String] = []
        for index in 0..<50 {
            let value: JSONValue
            let text: String
            switch index % 5 {
            case 0: (value, text) = (.number(Double(index)), "\(index)")
            case 1: (value, text) = (.string("v\(index)"), #""v\#(index)""#)
            case 2: (value, text) = (.bool(index % 2 == 0), index % 2 == 0 ? "true" : "false")
            case 3: (value, text) = (.array([.number(Double(index)), nil]), "[\(index), null]")
            default: (value, text) = (.object(["i": .number(Double(index))]), #"{"i": \#(index)}"#)
            }
            expected["key \(index)"] = value
            members.append(#""key \#(index)": \#(text)"#)
        }
        let text = "{" + members.joined(separator: ", ") + "}"
        #expect(identical(try JSONReader.foundation.read(Array(text.utf8)), .object(expected)))
    }

    @Test("the Foundation backend reads values nested exactly to the limit, alternating arrays and objects")
    func foundationDecodesDeepValues() throws {
        var text = "7"
        var expected: JSONValue = 7
        for level in 0..<JSONReader.defaultMaxDepth {
            if level % 2 == 0 {
                text = "[" + text + "]"
                expected = [expected]
            } else {
                text = #"{"l": "# + text + "}"
                expected = ["l": expected]
            }
        }
        #expect(identical(try JSONReader.foundation.read(Array(text.utf8)), expected))
        // One level more: the innermost array passes the limit.
        let tooDeep = "[" + text + "]"
        let error = try #require(JSONReader.foundation.result(tooDeep).failure)
        #expect(error.message.contains("nesting"))
        #expect(error.offset == byteOffset(of: "[7]", in: tooDeep))
    }
}
