import CassetteCommands
import Testing

@Suite struct ParsedArgumentsValuesTests {
    static let count = Option("count", valueName: "n", help: "Counts.")
    static let mode = Option("mode", valueName: "mode", help: "Picks a mode.")

    enum Mode: String, CaseIterable { case fast, slow }

    func arguments(_ value: String, for option: Option = count) -> ParsedArguments {
        ParsedArguments(values: [option.name: value])
    }

    @Test("a number in range is read, with underscores grouping its digits")
    func numberInRange() throws {
        #expect(try arguments("5").number(of: Self.count, in: 1...10) == 5)
        #expect(try arguments("100_000").number(of: Self.count, in: 1...Int.max) == 100_000)
        #expect(try arguments("18446744073709551615").number(of: Self.count, in: 0...UInt64.max) == .max)
        #expect(try ParsedArguments().number(of: Self.count, in: 1...10) == nil)
    }

    @Test("a number out of range, or no number, names the option and the range")
    func numberOutOfRange() {
        #expect(throws: UsageError("invalid value '11' for '--count <n>': expected a whole number from 1 to 10")) {
            try arguments("11").number(of: Self.count, in: 1...10)
        }
        #expect(throws: UsageError("invalid value '0' for '--count <n>': expected a whole number of at least 1")) {
            try arguments("0").number(of: Self.count, in: 1...Int.max)
        }
        #expect(throws: UsageError("invalid value '_5' for '--count <n>': expected a whole number of at least 1")) {
            try arguments("_5").number(of: Self.count, in: 1...Int.max)
        }
        #expect(throws: UsageError("invalid value 'five' for '--count <n>': expected a whole number")) {
            try arguments("five").number(of: Self.count, in: Int.min...Int.max)
        }
    }

    @Test("a choice is one of the listed raw values, and a wrong one lists them all")
    func choice() throws {
        #expect(try arguments("slow", for: Self.mode).choice(of: Self.mode, among: Mode.allCases) == .slow)
        #expect(throws: UsageError("invalid value 'medium' for '--mode <mode>': expected fast or slow")) {
            try arguments("medium", for: Self.mode).choice(of: Self.mode, among: Mode.allCases)
        }
    }
}
