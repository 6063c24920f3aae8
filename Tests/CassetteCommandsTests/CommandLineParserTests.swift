import CassetteCommands
import Testing

@Suite struct CommandLineParserTests {
    static let check = Flag("check", help: "Checks.")
    static let paths = CommandConfiguration(
        commandName: "tool paths", abstract: "Takes paths.", flags: [check],
        operands: .oneOrMore("path", help: "A path."))
    static let file = CommandConfiguration(
        commandName: "tool file", abstract: "Takes a file.", operands: .one("file", help: "A file."))
    static let count = Option("count", valueName: "n", help: "Counts.")
    static let valued = CommandConfiguration(
        commandName: "tool valued", abstract: "Takes a value.", flags: [check], options: [count],
        operands: .oneOrMore("path", help: "A path."))
    static let top = CommandConfiguration(
        commandName: "tool", abstract: "Takes a subcommand.", operands: .remainder("subcommand", help: ""))

    @Test("sorts flags and operands wherever they appear")
    func flagsAndOperands() throws {
        let parsed = try CommandLineParser.parse(["a.json", "--check", "b"], for: Self.paths)
        #expect(parsed.contains(Self.check))
        #expect(parsed.operands == ["a.json", "b"])
        #expect(!parsed.isHelpRequested)
    }

    @Test("a flag not given is not set")
    func flagAbsent() throws {
        let parsed = try CommandLineParser.parse(["a.json"], for: Self.paths)
        #expect(!parsed.contains(Self.check))
    }

    @Test("-- ends options, so later dashes are operands")
    func doubleDash() throws {
        let parsed = try CommandLineParser.parse(["--", "--check", "-h", "--"], for: Self.paths)
        #expect(parsed.flags.isEmpty)
        #expect(parsed.operands == ["--check", "-h", "--"])
    }

    @Test("a lone dash is an operand")
    func loneDash() throws {
        #expect(try CommandLineParser.parse(["-"], for: Self.file).operands == ["-"])
    }

    @Test("an unknown long option is a usage error")
    func unknownLongOption() {
        #expect(throws: UsageError("unknown option '--chek'")) {
            try CommandLineParser.parse(["--chek", "a.json"], for: Self.paths)
        }
    }

    @Test("an unknown short option is a usage error")
    func unknownShortOption() {
        #expect(throws: UsageError("unknown option '-c'")) {
            try CommandLineParser.parse(["-c", "a.json"], for: Self.paths)
        }
    }

    @Test("a value given to a flag is a usage error")
    func flagWithValue() {
        #expect(throws: UsageError("option '--check' does not take a value")) {
            try CommandLineParser.parse(["--check=yes", "a.json"], for: Self.paths)
        }
    }

    @Test("missing operands are a usage error")
    func missingOperands() {
        #expect(throws: UsageError("missing expected argument '<path> ...'")) {
            try CommandLineParser.parse(["--check"], for: Self.paths)
        }
        #expect(throws: UsageError("missing expected argument '<file>'")) {
            try CommandLineParser.parse([], for: Self.file)
        }
    }

    @Test("an extra operand is a usage error")
    func extraOperand() {
        #expect(throws: UsageError("unexpected argument 'b.json'")) {
            try CommandLineParser.parse(["a.json", "b.json"], for: Self.file)
        }
    }

    @Test("-h and --help ask for help even next to wrong arguments")
    func help() throws {
        #expect(try CommandLineParser.parse(["-h"], for: Self.file).isHelpRequested)
        #expect(try CommandLineParser.parse(["--bogus", "--help", "a", "b"], for: Self.file).isHelpRequested)
    }

    @Test("--help after -- is an operand")
    func helpAfterDoubleDash() throws {
        let parsed = try CommandLineParser.parse(["--", "--help"], for: Self.file)
        #expect(!parsed.isHelpRequested)
        #expect(parsed.operands == ["--help"])
    }

    @Test("a remainder takes the first operand and everything after it untouched")
    func remainder() throws {
        let parsed = try CommandLineParser.parse(["fmt", "--check", "--", "-h"], for: Self.top)
        #expect(parsed.flags.isEmpty)
        #expect(parsed.operands == ["fmt", "--check", "--", "-h"])
    }

    @Test("options before a remainder are still parsed")
    func optionsBeforeRemainder() throws {
        #expect(try CommandLineParser.parse(["--help", "fmt"], for: Self.top).isHelpRequested)
        #expect(throws: UsageError("unknown option '--bogus'")) {
            try CommandLineParser.parse(["--bogus", "fmt"], for: Self.top)
        }
    }

    @Test("usage lines list flags and operands")
    func usage() {
        #expect(Self.paths.usage == "tool paths [--check] <path> ...")
        #expect(Self.file.usage == "tool file <file>")
        #expect(CommandConfiguration(commandName: "t", abstract: "A.", operands: .optional("x", help: "")).usage == "t [<x>]")
    }

    @Test("an option takes the next argument as its value, or what follows '='")
    func optionValues() throws {
        let spaced = try CommandLineParser.parse(["--count", "5", "a.json"], for: Self.valued)
        #expect(spaced.value(of: Self.count) == "5")
        #expect(spaced.operands == ["a.json"])
        let joined = try CommandLineParser.parse(["a.json", "--count=7"], for: Self.valued)
        #expect(joined.value(of: Self.count) == "7")
        #expect(joined.operands == ["a.json"])
        #expect(try CommandLineParser.parse(["--count=", "a"], for: Self.valued).value(of: Self.count) == "")
    }

    @Test("an option not given has no value, and the last one given wins")
    func optionAbsentOrRepeated() throws {
        #expect(try CommandLineParser.parse(["a.json"], for: Self.valued).value(of: Self.count) == nil)
        #expect(try CommandLineParser.parse(["--count", "1", "--count", "2", "a"], for: Self.valued).value(of: Self.count) == "2")
    }

    @Test("a value may start with one dash")
    func negativeValue() throws {
        let parsed = try CommandLineParser.parse(["--count", "-1", "a.json"], for: Self.valued)
        #expect(parsed.value(of: Self.count) == "-1")
        #expect(parsed.operands == ["a.json"])
    }

    @Test("an option at the end, or before another option, lacks its value")
    func missingValue() {
        #expect(throws: UsageError("missing value for '--count <n>'")) {
            try CommandLineParser.parse(["a.json", "--count"], for: Self.valued)
        }
        #expect(throws: UsageError("missing value for '--count <n>'")) {
            try CommandLineParser.parse(["--count", "--check", "a.json"], for: Self.valued)
        }
    }

    @Test("an option before --help still asks for help")
    func optionBeforeHelp() throws {
        #expect(try CommandLineParser.parse(["--count", "--help"], for: Self.valued).isHelpRequested)
        #expect(try CommandLineParser.parse(["--count", "-h"], for: Self.valued).isHelpRequested)
    }

    @Test("an option after -- is an operand")
    func optionAfterDoubleDash() throws {
        let parsed = try CommandLineParser.parse(["--", "--count", "5"], for: Self.valued)
        #expect(parsed.values.isEmpty)
        #expect(parsed.operands == ["--count", "5"])
    }

    @Test("usage lines list options with their values after the flags")
    func optionUsage() {
        #expect(Self.valued.usage == "tool valued [--check] [--count <n>] <path> ...")
    }
}
