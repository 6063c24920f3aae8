import CassetteCommands
import Testing

@Suite struct CassetteCLITests {
    static let topLevelHelp = """
        OVERVIEW: Formats, lints, shows, diffs, reviews, verifies, explores, exports and imports HybridReplay cassettes.

        USAGE: cassette <subcommand>

        OPTIONS:
          --version               Prints the version.
          -h, --help              Prints help information.

        SUBCOMMANDS:
          fmt                     Rewrites cassettes in their canonical form.
          lint                    Checks cassettes and reports every problem in them.
          show                    Prints a cassette as a timeline that leaves no field
                                  out.
          diff                    Shows what changed in behaviour between two cassettes.
          review                  Shows the semantic diff of every cassette changed
                                  between two git revisions.
          verify                  Replays cassettes against their contracts' reference
                                  implementations.
          explore                 Explores variants of cassettes against their contracts
                                  and checks the platform's rules.
          export                  Writes a cassette in a format other tools read.
          import                  Makes a cassette from a file another tool wrote.
          help                    Prints help for a subcommand.

          See 'cassette help <subcommand>' for detailed help.

        """

    @Test("--help prints the top-level help word for word")
    func topLevelHelp() async {
        let result = await cassette("--help")
        #expect(result.status == .success)
        #expect(result.standardOutput == Self.topLevelHelp)
        #expect(result.standardError.isEmpty)
    }

    @Test("-h and 'help' print the same top-level help")
    func topLevelHelpSpellings() async {
        #expect(await cassette("-h").standardOutput == Self.topLevelHelp)
        #expect(await cassette("help").standardOutput == Self.topLevelHelp)
    }

    @Test("'help <subcommand>' prints the same text as '<subcommand> --help'", arguments: ["fmt", "lint", "show", "verify", "help"])
    func helpSubcommand(name: String) async {
        let viaHelp = await cassette("help", name)
        let viaFlag = await cassette(name, "--help")
        #expect(viaHelp.status == .success)
        #expect(viaFlag.status == .success)
        #expect(viaHelp.standardOutput == viaFlag.standardOutput)
        #expect(viaHelp.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(viaFlag.standardError.isEmpty)
    }

    @Test("every abstract and option help is one sentence ending in a full stop")
    func helpSentences() {
        let configurations = [CassetteCLI.configuration] + CassetteCLI.commands.map { $0.configuration }
        for configuration in configurations {
            #expect(configuration.abstract.hasSuffix("."))
            #expect(configuration.abstract.dropLast().contains(".") == false, "\(configuration.abstract)")
            for flag in configuration.allFlags {
                #expect(flag.help.hasSuffix("."), "\(flag.name)")
            }
            for option in configuration.options {
                #expect(option.help.hasSuffix("."), "\(option.name)")
            }
        }
    }

    @Test("--version prints the tool's name and version")
    func version() async {
        let result = await cassette("--version")
        #expect(result.status == .success)
        #expect(result.standardOutput == "cassette 0.1.0\n")
        #expect(CassetteCLI.version == "0.1.0")
    }

    @Test("--version with a subcommand is a usage error")
    func versionWithSubcommand() async {
        let result = await cassette("--version", "fmt")
        #expect(result.status == .usageError)
        #expect(result.errorLines.first == "cassette: error: unexpected argument 'fmt'")
    }

    @Test("no subcommand is a usage error on standard error with exit 64")
    func noSubcommand() async {
        let result = await cassette()
        #expect(result.status == .usageError)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                cassette: error: missing expected argument '<subcommand>'
                Usage: cassette <subcommand>
                See 'cassette --help'.

                """)
    }

    @Test("an unknown subcommand is a usage error")
    func unknownSubcommand() async {
        let result = await cassette("format", "x.json")
        #expect(result.status == .usageError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines == [
            "cassette: error: unknown subcommand 'format'", "Usage: cassette <subcommand>", "See 'cassette --help'.",
        ])
    }

    @Test("an unknown top-level option is a usage error")
    func unknownTopLevelOption() async {
        let result = await cassette("--verbose", "lint", "x.json")
        #expect(result.status == .usageError)
        #expect(result.errorLines.first == "cassette: error: unknown option '--verbose'")
    }

    @Test("a usage error in a subcommand names that subcommand's help")
    func subcommandUsageError() async {
        let result = await cassette("fmt", "--chek", "x.json")
        #expect(result.status == .usageError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines == [
            "cassette: error: unknown option '--chek'", "Usage: cassette fmt [--check] <path> ...",
            "See 'cassette fmt --help'.",
        ])
    }

    @Test("'help' with an unknown subcommand is a usage error")
    func helpUnknownSubcommand() async {
        let result = await cassette("help", "bogus")
        #expect(result.status == .usageError)
        #expect(result.errorLines == [
            "cassette: error: unknown subcommand 'bogus'", "Usage: cassette help [<subcommand>]",
            "See 'cassette help --help'.",
        ])
    }
}
