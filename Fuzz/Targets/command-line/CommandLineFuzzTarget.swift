import CassetteCommands
import FuzzSupport

/// The command-line parser every executable uses, against the `cassette`
/// tool's configuration and each subcommand's, and each subcommand built from
/// what parsed. Input: the arguments, separated by NUL bytes.
///
/// Parsing either fails with a message or sorts the arguments: every flag
/// one the command has, every operand an argument given; a command built
/// from them either builds or says why.
@_cdecl("fuzz_command_line_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, size)
    let arguments = bytes.isEmpty ? [] : split(bytes, at: 0).map { String(decoding: $0, as: UTF8.self) }
    checkArguments(arguments, for: CassetteCLI.configuration, command: nil)
    for command in CassetteCLI.commands {
        checkArguments(arguments, for: command.configuration, command: command)
    }
    return 0
}

func checkArguments(_ arguments: [String], for configuration: CommandConfiguration, command: (any CassetteCommand.Type)?) {
    let parsed: ParsedArguments
    do {
        parsed = try CommandLineParser.parse(arguments, for: configuration)
    } catch {
        require(!error.message.isEmpty, "a usage error without a message for \(arguments)")
        return
    }
    let names = Set(configuration.allFlags.map(\.name))
    require(parsed.flags.isSubset(of: names), "flags \(parsed.flags) are not all flags of \(configuration.name)")
    let options = Set(configuration.options.map(\.name))
    require(Set(parsed.values.keys).isSubset(of: options), "values \(parsed.values) for options \(configuration.name) lacks")
    require(parsed.operands.allSatisfy(arguments.contains), "operands \(parsed.operands) not among \(arguments)")
    guard let command, !parsed.isHelpRequested else { return }
    do {
        _ = try command.init(parsed)
    } catch {
        require(!error.message.isEmpty, "\(configuration.name) rejects \(arguments) without a message")
    }
}
