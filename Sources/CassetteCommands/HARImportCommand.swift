import Foundation
import HybridReplay

/// `cassette import har <file> --name <name> [-o <file>]`: a cassette of
/// `http` events from a HAR log, redacted as a recorder redacts by default.
package struct HARImportCommand: CassetteCommand {
    /// `--name <name>`: the cassette's name.
    package static let nameOption = Option("name", valueName: "name", help: "The cassette's name, such as 'login-redirects'.")
    /// `-o`/`--output <file>`: where the cassette goes instead of standard output.
    package static let outputOption = Option(
        "output", shortName: "o", valueName: "file",
        help: "Writes the cassette to <file>, atomically, instead of standard output.")

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) import har",
        abstract: "Makes a cassette of HTTP exchanges from a HAR log.",
        discussion: """
            Each entry becomes an http.request and the http.response, or for status 0 the http.error, that answers it. An entry whose 3xx response redirects to the URL of a later entry makes that entry a hop of the same exchange, caused by the 3xx response. The values of Cookie, Set-Cookie, Authorization and Proxy-Authorization headers are replaced by numbered placeholders, as a recorder does by default. The cassette is checked, read back and written in canonical form; likely secrets left in it are reported as warnings.
            """,
        usage: "\(CassetteCLI.toolName) import har --name <name> [-o <file>] <file>",
        options: [nameOption, outputOption],
        operands: .one("file", help: "The HAR file to import."),
        exitStatuses: [
            (.success, "The cassette has been written."),
            (.usageError, "The command line is wrong."),
            (.dataError, "The file is not a HAR log the importer can read; its problems are on standard error."),
            (.noInput, "The file does not exist or cannot be read."),
            (.cannotCreate, "The cassette cannot be written."),
        ]
    )

    /// How warnings name the cassette printed on standard output.
    static let standardOutputName = "<standard output>"

    /// The HAR file to import.
    package var path: String
    /// The cassette's name.
    package var name: String
    /// Where to write the cassette; `nil` for standard output.
    package var outputPath: String?

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - path: The HAR file to import.
    ///   - name: The cassette's name.
    ///   - outputPath: Where to write the cassette; `nil` for standard output.
    package init(path: String, name: String, outputPath: String? = nil) {
        self.path = path
        self.name = name
        self.outputPath = outputPath
    }

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let name = arguments.value(of: Self.nameOption) else {
            throw UsageError("missing required option '\(Self.nameOption.usageLabel)'")
        }
        guard !name.isEmpty else {
            throw UsageError("invalid value '' for '\(Self.nameOption.usageLabel)': expected a cassette name")
        }
        let output = try arguments.path(of: Self.outputOption)
        self.init(path: arguments.operands.first ?? "", name: name, outputPath: output)
    }

    package func run(in context: CommandContext) -> ExitCode {
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        guard let file = finder.file(path) else {
            context.reportError("no such file or directory: \(path)")
            return .noInput
        }
        let log: HARLog
        switch file.readBytes() {
        case .failure(let error):
            for diagnostic in error.diagnostics { context.console.error(diagnostic.description) }
            return .noInput
        case .success(let bytes):
            do throws(HARReadError) {
                log = try HAR.read(bytes, path: path, json: context.reader.json)
            } catch {
                for diagnostic in error.diagnostics { context.console.error(diagnostic.description) }
                return .dataError
            }
        }
        let cassette = log.cassette(name: name, source: file.url.lastPathComponent)
        guard let outputPath else {
            do throws(RecordingError) {
                let bytes = try Recorder.canonicalBytes(of: cassette, file: path)
                context.console.standardOutput(String(decoding: bytes, as: UTF8.self))
                for warning in context.reader.lint(bytes, path: Self.standardOutputName) {
                    context.console.error(warning.description)
                }
                return .success
            } catch {
                context.console.error(error.description)
                return .dataError
            }
        }
        let url = finder.url(of: outputPath)
        do throws(RecordingError) {
            try Recorder.write(cassette, to: url)
        } catch {
            context.console.error(error.description)
            return error.stage == .writing ? .cannotCreate : .dataError
        }
        for warning in context.reader.lint(contentsOf: url, displayPath: outputPath) {
            context.console.error(warning.description)
        }
        let entries = log.entryCount
        context.console.output(
            "imported \(entries) \(entries == 1 ? "entry" : "entries") from \(path) into \(outputPath) (\(cassette.events.count) events)")
        return .success
    }
}
