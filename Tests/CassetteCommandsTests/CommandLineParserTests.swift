import CassetteCommands
import Testing

@Suite struct CommandLineParserTests {
    static let check = Flag("check", help: "Checks.")
    static let paths = CommandConfiguration(
        commandName: "tool paths", abstract: "Takes paths.", flags: [check],
        operands: .oneOrMore("path", help: "A path."))
    static let file = CommandConfiguration(
        commandName: "tool file", abstract: "Takes a file.", operands: .one("file", help: "A file."))
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
}
