import Foundation
import Testing
@testable import HybridReplay
import HybridReplayTestSupport

/// The corpus in `Fixtures/json-corpus` read by every backend: each must
/// accept or reject a document as its name says, and accepted documents must
/// read as the same values everywhere.
@Suite("JSONReader agreement over the corpus")
struct JSONReaderAgreementTests {
    @Test("the corpus holds at least 70 documents, each named accept- or reject-")
    func corpusIsComplete() {
        #expect(JSONCorpus.names.count >= 70, "corpus at \(JSONCorpus.directory.path)")
        #expect(JSONCorpus.acceptedNames.count >= 30)
        #expect(JSONCorpus.rejectedNames.count >= 30)
        let misnamed = JSONCorpus.names.filter { !$0.hasPrefix("accept-") && !$0.hasPrefix("reject-") }
        #expect(misnamed.isEmpty)
    }

    @Test("every backend this platform links is under test")
    func allBackendsAreTested() {
        #if os(Linux)
        #expect(ReaderKind.allCases.map(\.rawValue) == ["jansson", "foundation"])
        #expect(JSONReader.platformDefault.backend.name == "jansson")
        #else
        #expect(ReaderKind.allCases.map(\.rawValue).contains("foundation"))
        #endif
    }

    @Test(
        "each reader accepts or rejects every corpus document as its name says",
        arguments: JSONCorpus.names, ReaderKind.allCases
    )
    func verdictMatchesName(name: String, kind: ReaderKind) throws {
        let bytes = try JSONCorpus.bytes(name)
        switch kind.reader.result(bytes) {
        case .success(let value):
            #expect(JSONCorpus.expectsAcceptance(name), "\(kind.rawValue) accepted \(name) as a \(value.typeName)")
        case .failure(let error):
            let position = SourcePosition(offset: error.offset, in: bytes)
            #expect(
                !JSONCorpus.expectsAcceptance(name),
                "\(kind.rawValue) rejected \(name) at \(position): \(error.message)"
            )
        }
    }

    @Test(
        "jansson and Foundation read every accepted document as identical values",
        arguments: JSONCorpus.acceptedNames
    )
    func acceptedValuesAgree(name: String) throws {
        let bytes = try JSONCorpus.bytes(name)
        let values = try ReaderKind.allCases.map { kind in try kind.reader.read(bytes) }
        let first = try #require(values.first)
        for (kind, value) in zip(ReaderKind.allCases, values).dropFirst() {
            #expect(identical(first, value), "\(kind.rawValue) differs from \(ReaderKind.allCases[0].rawValue) on \(name)")
        }
    }

    @Test(
        "every rejected document fails with an offset inside the input on both readers",
        arguments: JSONCorpus.rejectedNames
    )
    func rejectionOffsetsAreInRange(name: String) throws {
        let bytes = try JSONCorpus.bytes(name)
        for kind in ReaderKind.allCases {
            let error = try #require(kind.reader.result(bytes).failure, "\(kind.rawValue) accepted \(name)")
            #expect((0...bytes.count).contains(error.offset), "\(kind.rawValue): offset \(error.offset) of \(bytes.count)")
            #expect(!error.message.isEmpty)
        }
    }

    #if canImport(CJansson)
    @Test("jansson and Foundation agree on 2000 mutated corpus documents")
    func mutatedDocumentsAgree() throws {
        var generator = SplitMix64(seed: 0x4A53_4F4E)
        let seeds = try JSONCorpus.names.filter { !$0.contains("big") && !$0.contains("long") && !$0.contains("5000") }
            .map { try JSONCorpus.bytes($0) }
        // Bytes that make or break JSON: structure, escapes, digits, literals,
        // whitespace and not, and pieces of valid and invalid UTF-8.
        let alphabet = Array(#"{}[],:"\/u0123456789abcdefABCDEF-+.eEtrufalsn "#.utf8)
            + [0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x80, 0xC3, 0xA9, 0xED, 0xA0, 0xF0, 0x9F, 0xFF, 0xE2]
        var accepted = 0
        for _ in 0..<2000 {
            var bytes = try #require(seeds.randomElement(using: &generator))
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                let byte = try #require(alphabet.randomElement(using: &generator))
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            let jansson = JSONReader.jansson.result(bytes)
            let foundation = JSONReader.foundation.result(bytes)
            let text = String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription
            switch (jansson, foundation) {
            case (.success(let a), .success(let b)):
                accepted += 1
                #expect(identical(a, b), "values differ for \(text)")
            case (.failure(let a), .failure(let b)):
                #expect((0...bytes.count).contains(a.offset) && (0...bytes.count).contains(b.offset), "\(text)")
            default:
                let janssonVerdict = jansson.failure?.message ?? "accepted"
                let foundationVerdict = foundation.failure?.message ?? "accepted"
                Issue.record("verdicts differ for \(text): jansson \(janssonVerdict), Foundation \(foundationVerdict)")
            }
        }
        // Mutations must not all break the documents, or agreement means little.
        #expect(accepted > 100)
    }
    #endif

    // MARK: Values of specific documents

    /// Reads a corpus document with `kind`, failing the test if it is rejected.
    private func read(_ name: String, with kind: ReaderKind) throws -> JSONValue {
        try kind.reader.read(try JSONCorpus.bytes(name))
    }

    @Test(
        "negative zero keeps its sign",
        arguments: [
            "accept-number-negative-zero.json", "accept-number-negative-zero-fraction.json",
            "accept-number-negative-zero-exponent.json", "accept-number-negative-underflow.json",
        ],
        ReaderKind.allCases
    )
    func negativeZero(name: String, kind: ReaderKind) throws {
        let number = try #require(try read(name, with: kind).numberValue)
        #expect(number == 0)
        #expect(number.sign == .minus)
    }

    @Test("numbers that underflow read as positive zero", arguments: ReaderKind.allCases)
    func underflowReadsAsZero(kind: ReaderKind) throws {
        for name in ["accept-number-underflow.json", "accept-number-long-fraction-underflow.json"] {
            let number = try #require(try read(name, with: kind).numberValue)
            #expect(number == 0 && number.sign == .plus, "\(name)")
        }
        let object = try #require(try read("accept-number-underflow-in-object.json", with: kind).objectValue)
        #expect(object["tiny"]?.numberValue == 0)
        #expect(object["ok"] == 1)
    }

    @Test("zero spelled with an exponent reads as zero", arguments: ReaderKind.allCases)
    func zeroWithExponent(kind: ReaderKind) throws {
        let elements = try #require(try read("accept-number-zero-positive-exponent.json", with: kind).arrayValue)
        #expect(elements.count == 5)
        for element in elements {
            let number = try #require(element.numberValue)
            #expect(number == 0 && number.sign == .plus)
        }
    }

    @Test("integers beyond 64 bits and beyond 2^53 read as the nearest Double", arguments: ReaderKind.allCases)
    func largeIntegers(kind: ReaderKind) throws {
        #expect(try read("accept-number-huge-integer.json", with: kind) == .number(1.2345678901234568e29))
        #expect(try read("accept-number-below-int64-min.json", with: kind) == .number(-9_223_372_036_854_775_808))
        #expect(try read("accept-number-2pow53-plus-1.json", with: kind) == .number(9_007_199_254_740_992))
        #expect(try read("accept-number-many-digits.json", with: kind) == .number(1e300))
    }

    @Test("exponents, fractions and hard-to-round decimals read exactly", arguments: ReaderKind.allCases)
    func exponentsAndRounding(kind: ReaderKind) throws {
        #expect(try read("accept-number-exponent-upper-plus.json", with: kind) == .number(100))
        #expect(try read("accept-number-exponent-negative.json", with: kind) == .number(1e-7))
        #expect(try read("accept-number-fraction-exponent.json", with: kind) == [-12_500, 6.02214076e23, 1.5, 10])
        #expect(
            try read("accept-number-max-double.json", with: kind)
                == [.number(.greatestFiniteMagnitude), .number(-.greatestFiniteMagnitude)]
        )
        #expect(
            try read("accept-number-subnormal.json", with: kind)
                == [.number(.leastNonzeroMagnitude), .number(.leastNonzeroMagnitude)]
        )
        let rounding = try #require(try read("accept-number-hard-rounding.json", with: kind).arrayValue)
        // 2.2250738585072011e-308 rounds down to the largest subnormal number.
        let largestSubnormal = Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)
        let expected: [Double] = [0.1, largestSubnormal, 1e23, 8.98846567431158e307, 9_007_199_254_740_992]
        #expect(rounding.map(\.numberValue) == expected.map { Optional($0) })
    }

    @Test("numbers, booleans, strings and null keep their types", arguments: ReaderKind.allCases)
    func scalarTypes(kind: ReaderKind) throws {
        #expect(
            try read("accept-scalars-mixed-types.json", with: kind)
                == [1, 0, true, false, "true", "1", nil, "null", [], [:], ""]
        )
        #expect(try read("accept-scalar-true.json", with: kind) == true)
        #expect(try read("accept-scalar-false.json", with: kind) == false)
        #expect(try read("accept-scalar-null.json", with: kind) == nil)
        #expect(try read("accept-scalar-string.json", with: kind) == "top-level string")
        #expect(try read("accept-whitespace-around-scalar.json", with: kind) == 7)
    }

    @Test("escapes decode to the characters they name", arguments: ReaderKind.allCases)
    func escapes(kind: ReaderKind) throws {
        let escapes = try #require(try read("accept-string-escapes.json", with: kind).stringValue)
        #expect(escapes == "quote \" backslash \\ slash / b \u{8} f \u{C} n \n r \r t \t")
        let unicode = try #require(try read("accept-string-unicode-escapes.json", with: kind).stringValue)
        #expect(unicode.unicodeScalars.map(\.value) == [0x41, 0xE9, 0x4E2D, 0xE9])
        let controls = try #require(try read("accept-string-escaped-controls.json", with: kind).stringValue)
        #expect(controls.unicodeScalars.map(\.value) == [0x01, 0x1F, 0x7F])
        let nul = try read("accept-string-nul-escape-in-value.json", with: kind)
        #expect(nul.objectValue?["k"]?.stringValue?.unicodeScalars.map(\.value) == [0x61, 0x00, 0x62])
    }

    @Test("surrogate pairs decode to the emoji and code points they encode", arguments: ReaderKind.allCases)
    func surrogatePairs(kind: ReaderKind) throws {
        let emoji = try #require(try read("accept-string-surrogate-pair-emoji.json", with: kind).arrayValue)
        #expect(emoji.map { $0.stringValue?.unicodeScalars.map(\.value) } == [[0x1F600], [0x1F1EB, 0x1F1F7]])
        #expect(emoji == ["😀", "🇫🇷"])
        let maximum = try #require(try read("accept-string-max-code-point.json", with: kind).arrayValue)
        #expect(maximum.map { $0.stringValue?.unicodeScalars.map(\.value) } == [[0x10FFFF], [0x10FFFF]])
    }

    @Test("raw UTF-8 of every length reads as the same scalars", arguments: ReaderKind.allCases)
    func rawUTF8(kind: ReaderKind) throws {
        #expect(try read("accept-string-raw-utf8.json", with: kind) == "héllo wörld 中文 😀 🇫🇷")
        let boundaries = try #require(try read("accept-string-utf8-boundaries.json", with: kind).arrayValue)
        let scalars = boundaries.compactMap { $0.stringValue?.unicodeScalars.first?.value }
        #expect(scalars == [0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF])
        let nonCharacters = try #require(try read("accept-string-noncharacters.json", with: kind).stringValue)
        #expect(nonCharacters.unicodeScalars.map(\.value) == [0xFFFE, 0x20, 0xFFFF, 0x20, 0xFDD0])
        #expect(try read("accept-string-raw-del.json", with: kind) == "a\u{7F}b")
    }

    @Test("keys that differ only in spelling or case stay distinct", arguments: ReaderKind.allCases)
    func distinctKeys(kind: ReaderKind) throws {
        #expect(try read("accept-structure-keys-differ-in-case.json", with: kind) == ["a": 1, "A": 2])
        #expect(try read("accept-structure-escaped-keys-distinct.json", with: kind) == ["a": 1, "b": 2, "a/": 3, "a\\": 4])
        #expect(try read("accept-structure-empty-key.json", with: kind) == ["": 1, " ": 2])
        #expect(
            try read("accept-structure-same-key-in-sibling-objects.json", with: kind)
                == [["a": 1], ["a": 2], ["a": ["a": ["a": 3]]]]
        )
    }

    @Test("whitespace, CRLF line ends and no whitespace at all read alike", arguments: ReaderKind.allCases)
    func whitespaceVariants(kind: ReaderKind) throws {
        #expect(try read("accept-whitespace-crlf.json", with: kind) == ["a": [1, 2]])
        #expect(try read("accept-whitespace-leading-trailing.json", with: kind) == ["a": 1])
        #expect(try read("accept-whitespace-none.json", with: kind) == ["a": [1, ["b": nil], "c"], "d": true])
    }

    @Test("documents nested exactly to the limit keep all their levels", arguments: ReaderKind.allCases)
    func depthAtTheLimit(kind: ReaderKind) throws {
        for name in [
            "accept-depth-64-arrays.json", "accept-depth-64-objects.json",
            "accept-depth-64-mixed.json", "accept-depth-64-with-scalar-leaf.json",
        ] {
            #expect(try read(name, with: kind).depth == JSONReader.defaultMaxDepth, "\(name)")
        }
    }

    @Test("big documents read completely", arguments: ReaderKind.allCases)
    func bigDocuments(kind: ReaderKind) throws {
        let cassette = try read("accept-big-events.json", with: kind)
        let events = try #require(cassette.objectValue?["events"]?.arrayValue)
        #expect(events.count == 1000)
        #expect(events[765].objectValue?["seq"] == 765)
        #expect(events.allSatisfy { $0.objectValue?["payload"]?.objectValue?["sizes"]?.arrayValue?.count == 5 })
        let notes = Set(events.compactMap { $0.objectValue?["note"]?.stringValue })
        #expect(notes.contains("nul\u{0}char"))
        #expect(notes.contains("quote \" here"))
        #expect(notes.contains("😀🇫🇷"))

        let escapedCassette = try read("accept-big-events-ascii-escaped.json", with: kind)
        let escaped = try #require(escapedCassette.objectValue?["events"]?.arrayValue)
        #expect(escaped.count == 500)
        #expect(zip(escaped, events).allSatisfy { identical($0, $1) })

        let wide = try #require(try read("accept-big-wide-object.json", with: kind).objectValue)
        #expect(wide.count == 5000)
        #expect(wide["key-04999"] == 4999)
        let long = try #require(try read("accept-big-long-array.json", with: kind).arrayValue)
        #expect(long.count == 10_000)
        #expect(long.last == 4999.5)
        let string = try #require(try read("accept-string-long.json", with: kind).stringValue)
        #expect(string.unicodeScalars.count == 100_000)
    }

    @Test("a generated document of about a megabyte reads the same on both readers")
    func generatedHugeDocument() throws {
        var text = "[\n"
        for index in 0..<10_000 {
            if index > 0 { text += ",\n" }
            text += #"{"i":\#(index),"x":\#(Double(index) / 7),"#
            text += #""s":"\u00e9v\u00e8nement \#(index) 😀","a":[true,false,null,-0,1e-3]}"#
        }
        text += "\n]\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 900_000)
        let values = try ReaderKind.allCases.map { kind in try kind.reader.read(bytes) }
        let elements = try #require(values.first?.arrayValue)
        #expect(elements.count == 10_000)
        #expect(elements[9_999].objectValue?["x"]?.numberValue == 9_999.0 / 7)
        #expect(elements[12].objectValue?["s"] == "évènement 12 😀")
        #expect(values.dropFirst().allSatisfy { identical($0, values[0]) })
    }

    // MARK: Where rejections point

    /// A rejected corpus document and where its fault lies: the readers must
    /// report this line and a column in `columns`.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var line: Int
        var columns: ClosedRange<Int>
        var testDescription: String { name }
    }

    @Test(
        "rejections point at the line and column of the fault",
        arguments: [
            // The second "name" key spans columns 3 to 8 of line 3.
            Fault(name: "reject-duplicate-key.json", line: 3, columns: 3...9),
            // The "x" key repeated at column 28.
            Fault(name: "reject-duplicate-key-nested.json", line: 1, columns: 28...31),
            Fault(name: "reject-duplicate-key-escaped.json", line: 1, columns: 10...17),
            // The ']' after the trailing comma.
            Fault(name: "reject-structure-trailing-comma-array.json", line: 1, columns: 6...7),
            Fault(name: "reject-structure-trailing-comma-object.json", line: 1, columns: 9...10),
            Fault(name: "reject-structure-missing-colon.json", line: 1, columns: 5...6),
            // The 0xFF byte at column 8 of line 3.
            Fault(name: "reject-utf8-on-third-line.json", line: 3, columns: 7...8),
            Fault(name: "reject-string-raw-tab.json", line: 1, columns: 2...3),
            // The 65th '['.
            Fault(name: "reject-depth-65-arrays.json", line: 1, columns: 65...65),
            Fault(name: "reject-depth-65-in-second-element.json", line: 1, columns: 68...68),
            // 1e400 spans columns 8 to 12.
            Fault(name: "reject-number-overflow-in-array.json", line: 1, columns: 8...12),
            // Text after the document.
            Fault(name: "reject-trailing-garbage.json", line: 1, columns: 9...9),
            Fault(name: "reject-two-top-level-lines.json", line: 2, columns: 1...1),
            Fault(name: "reject-bom.json", line: 1, columns: 1...2),
            Fault(name: "reject-whitespace-only.json", line: 3, columns: 1...2),
            Fault(name: "reject-empty.json", line: 1, columns: 1...1),
        ]
    )
    func faultPositions(fault: Fault) throws {
        let bytes = try JSONCorpus.bytes(fault.name)
        for kind in ReaderKind.allCases {
            let error = try #require(kind.reader.result(bytes).failure, "\(kind.rawValue) accepted \(fault.name)")
            let position = SourcePosition(offset: error.offset, in: bytes)
            #expect(position.line == fault.line, "\(kind.rawValue): \(error.message) at \(position)")
            #expect(fault.columns.contains(position.column), "\(kind.rawValue): \(error.message) at \(position)")
        }
    }
}
