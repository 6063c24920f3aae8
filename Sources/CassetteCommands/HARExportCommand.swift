import Foundation
import HybridReplay

/// `cassette export har <cassette> [--origin <date-time>] [-o <file>]`:
/// the cassette's `http` channel as a HAR 1.2 log.
package struct HARExportCommand: CassetteCommand {
    /// `-o`/`--output <file>`: where the log goes instead of standard output.
    package static let outputOption = Option(
        "output", shortName: "o", valueName: "file", help: "Writes the log to <file>, atomically, instead of standard output.")
    /// `--origin <date-time>`: the instant the cassette's time 0 becomes.
    package static let originOption = Option(
        "origin", valueName: "date-time",
        help: "The instant the cassette's time 0 becomes, in RFC 3339; by default 2000-01-01T00:00:00Z.")

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) export har",
        abstract: "Writes a cassette's HTTP exchanges as a HAR 1.2 log.",
        discussion: """
            Each http.request is one entry with the response or http.error that answers it, so every redirect hop is an entry: the 3xx response with its Location as 'redirectURL' and its Set-Cookie headers as 'cookies', then the next request with its Cookie. A failed request has status 0 and '_error'. Values are written as the cassette holds them, redaction placeholders included; a secret left unredacted, as 'cassette lint' finds it, is written as '[UNREDACTED SECRET 1]' and reported on standard error as lint's warning. Other channels and the cookie store are left out. Each entry starts at the origin plus its request's 'at', so exporting twice gives the same bytes. HAR is the format browser devtools, Charles, Proxyman and Playwright import.
            """,
        usage: "\(CassetteCLI.toolName) export har [--origin <date-time>] [-o <file>] <cassette>",
        options: [outputOption, originOption],
        operands: .one("cassette", help: "The cassette to export."),
        exitStatuses: [
            (.success, "The log has been written."),
            (.usageError, "The command line is wrong."),
            (.dataError, "The cassette cannot be read; its problems are on standard error."),
            (.noInput, "The cassette does not exist or cannot be read."),
            (.cannotCreate, "The output file cannot be written."),
        ]
    )

    /// The cassette to export.
    package var path: String
    /// Where to write the log; `nil` for standard output.
    package var outputPath: String?
    /// The instant time 0 becomes, as time since 1970.
    package var origin: Duration

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - path: The cassette to export.
    ///   - outputPath: Where to write the log; `nil` for standard output.
    ///   - origin: The instant the cassette's time 0 becomes.
    package init(path: String, outputPath: String? = nil, origin: Duration = HAR.defaultOrigin) {
        self.path = path
        self.outputPath = outputPath
        self.origin = origin
    }

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        var origin = HAR.defaultOrigin
        if let text = arguments.value(of: Self.originOption) {
            guard let dateTime = RFC3339.dateTime(text), dateTime.offset != nil, let instant = RFC3339.instant(dateTime) else {
                throw UsageError(
                    "invalid value '\(text)' for '\(Self.originOption.usageLabel)': expected an RFC 3339 date-time such as 2026-11-30T11:46:56Z")
            }
            origin = instant
        }
        let output = try arguments.path(of: Self.outputOption)
        self.init(path: arguments.operands.first ?? "", outputPath: output, origin: origin)
    }

    package func run(in context: CommandContext) -> ExitCode {
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        let cassette: Cassette
        var secrets = PrintedSecrets()
        switch finder.loadCassette(path, context: context, secrets: &secrets) {
        case .success(let loaded): cassette = secrets.masking(loaded)
        case .failure(let failure): return failure.status
        }
        let bytes = Array(secrets.scrub(String(decoding: HAR.export(cassette, origin: origin), as: UTF8.self)).utf8)
        guard let outputPath else {
            context.console.standardOutput(String(decoding: bytes, as: UTF8.self))
            return .success
        }
        do throws(FileWriteError) {
            try AtomicFile.write(bytes, to: finder.url(of: outputPath))
        } catch {
            context.console.error(Diagnostic(file: outputPath, position: nil, message: "cannot write the file: \(error.reason)").description)
            return .cannotCreate
        }
        let entries = cassette.events.filter { $0.kind == HTTPRequest.eventKind }.count
        context.console.output("exported \(entries) \(entries == 1 ? "entry" : "entries") from \(path) to \(outputPath)")
        return .success
    }
}
