import Testing
@testable import HybridReplay
@testable import HybridReplayJSON

/// `parseValue(in:at:maxDepth:)` is how the cassette reader walks events one
/// at a time, so every backend must report where each value ends exactly.
@Suite("JSONParsingBackend")
struct JSONParsingBackendTests {
    /// Values of every kind, in a text that holds them side by side.
    static let items: [(text: String, value: JSONValue)] = [
        (#"{"a":1}"#, ["a": 1]),
        ("12", 12),
        (#""x""#, "x"),
        ("true", true),
        ("[1, [2, {}]]", [1, [2, [:]]]),
        ("-0.5e3", -500),
        ("null", nil),
        ("false", false),
        (#""é😀\n\u00e9""#, "é😀\né"),
        (#"{"nested": {"deep": [null, "]}"]}}"#, ["nested": ["deep": [nil, "]}"]]]),
        ("0", 0),
    ]

    /// Where each item of `items` starts when joined by `separator`.
    static func starts(separator: String) -> [Int] {
        var offset = 0
        return items.map { item in
            defer { offset += item.text.utf8.count + separator.utf8.count }
            return offset
        }
    }

    @Test("parseValue returns each value and the offset just past it", arguments: ReaderKind.allCases)
    func endOffsets(kind: ReaderKind) throws {
        let backend = kind.reader.backend
        for separator in [" , ", ",", "\n,\n", "\t, "] {
            let bytes = Array(Self.items.map(\.text).joined(separator: separator).utf8)
            for (item, start) in zip(Self.items, Self.starts(separator: separator)) {
                let parsed = try backend.parse(bytes, at: start).get()
                let label = "\(item.text) separated by \(separator.debugDescription)"
                #expect(parsed.value == item.value, "\(label)")
                #expect(parsed.end == start + item.text.utf8.count, "\(label)")
            }
        }
    }

    @Test("the example from the cassette reader parses at each offset", arguments: ReaderKind.allCases)
    func cassetteExample(kind: ReaderKind) throws {
        let bytes = Array(#"{"a":1} , 12 , "x" , true"#.utf8)
        let backend = kind.reader.backend
        let expected: [(start: Int, value: JSONValue, end: Int)] = [
            (0, ["a": 1], 7), (10, 12, 12), (15, "x", 18), (21, true, 25),
        ]
        for (start, value, end) in expected {
            let parsed = try backend.parse(bytes, at: start).get()
            #expect(parsed.value == value)
            #expect(parsed.end == end)
        }
    }

    @Test("parseValue skips whitespace before the value", arguments: ReaderKind.allCases)
    func leadingWhitespace(kind: ReaderKind) throws {
        let separator = " \n\t, \r\n "
        let bytes = Array(Self.items.map(\.text).joined(separator: separator).utf8)
        let backend = kind.reader.backend
        for (item, start) in zip(Self.items, Self.starts(separator: separator)).dropFirst() {
            // Start just after the comma, in the whitespace before the value.
            let parsed = try backend.parse(bytes, at: start - 3).get()
            #expect(parsed.value == item.value)
            #expect(parsed.end == start + item.text.utf8.count)
        }
    }

    @Test("walking a text value by value yields every value in order", arguments: ReaderKind.allCases)
    func walk(kind: ReaderKind) throws {
        let bytes = Array(("  " + Self.items.map(\.text).joined(separator: " ,\n ") + " \n").utf8)
        let backend = kind.reader.backend
        var values: [JSONValue] = []
        var offset = 0
        while true {
            let parsed = try backend.parse(bytes, at: offset).get()
            values.append(parsed.value)
            offset = parsed.end
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\n") {
                offset += 1
            }
            guard offset < bytes.count else { break }
            try #require(bytes[offset] == UInt8(ascii: ","), "stopped at offset \(offset)")
            offset += 1
        }
        #expect(values == Self.items.map(\.value))
    }

    @Test("values packed inside an array without spaces end at the next delimiter", arguments: ReaderKind.allCases)
    func packedElements(kind: ReaderKind) throws {
        let text = #"[12,"x",true,null,{"k":[]},-1,[0],false]"#
        let bytes = Array(text.utf8)
        let backend = kind.reader.backend
        let expected: [(needle: String, value: JSONValue)] = [
            ("12", 12), (#""x""#, "x"), ("true", true), ("null", nil), (#"{"k":[]}"#, ["k": []]),
            ("-1", -1), ("[0]", [0]), ("false", false),
        ]
        for (needle, value) in expected {
            let start = try #require(byteOffset(of: needle, in: text))
            let parsed = try backend.parse(bytes, at: start).get()
            #expect(parsed.value == value, "\(needle)")
            #expect(parsed.end == start + needle.utf8.count, "\(needle)")
        }
        let whole = try backend.parse(bytes, at: 0).get()
        #expect(whole.end == bytes.count)
    }

    @Test("a value at the very end of the text ends at the end", arguments: ReaderKind.allCases)
    func valueAtEnd(kind: ReaderKind) throws {
        let backend = kind.reader.backend
        for last in ["7", "-0.25", "true", "null", #""end""#, "[]", "{}"] {
            let bytes = Array(("[0], " + last).utf8)
            let parsed = try backend.parse(bytes, at: 5).get()
            #expect(parsed.end == bytes.count, "\(last)")
        }
    }

    @Test("errors name offsets in the whole text, not in the value", arguments: ReaderKind.allCases)
    func errorOffsets(kind: ReaderKind) throws {
        let backend = kind.reader.backend
        let bytes = Array(#"{"a":1} , [1,,2] , {"b":1,"b":2} , tru , "#.utf8)
        let missingValue = try #require(backend.parse(bytes, at: 10).failure)
        #expect(missingValue.offset == 13)
        let duplicate = try #require(backend.parse(bytes, at: 19).failure)
        #expect((25...29).contains(duplicate.offset), "\(duplicate.offset)")
        let literal = try #require(backend.parse(bytes, at: 34).failure)
        #expect((35...38).contains(literal.offset), "\(literal.offset)")
        let nothing = try #require(backend.parse(bytes, at: 40).failure)
        #expect(nothing.offset == bytes.count)
    }

    @Test("the depth limit applies to the value parsed, wherever it starts", arguments: ReaderKind.allCases)
    func depthAtAnOffset(kind: ReaderKind) throws {
        let backend = kind.reader.backend
        let bytes = Array("[[[]]] , [[[[]]]]".utf8)
        #expect(try backend.parse(bytes, at: 0, maxDepth: 3).get().end == 6)
        #expect(backend.parse(bytes, at: 8, maxDepth: 3).failure?.offset == 12)
        #expect(try backend.parse(bytes, at: 8, maxDepth: 4).get().end == bytes.count)
    }
}
