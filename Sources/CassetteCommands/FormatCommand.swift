import Foundation
import HybridReplay

/// `cassette fmt [--check] <path> ...`: rewrites cassettes in their canonical
/// form, or with `--check` lists the ones that are not.
package struct FormatCommand: CassetteCommand {
    /// `--check`: change nothing, list what would change.
    package static let checkFlag = Flag(
        "check",
        help: "Changes nothing: lists the cassettes not in canonical form on standard output and exits with status 1 if there are any."
    )

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) fmt",
        abstract: "Rewrites cassettes in their canonical form.",
        discussion: """
            Each <path> is a cassette, or a folder searched recursively for .json files; hidden files and folders such as .build are skipped. Cassettes already in canonical form are left alone, and each rewritten one is listed on standard output as 'formatted <path>'. A cassette that cannot be read is reported on standard error and left untouched.
            """,
        flags: [checkFlag],
        operands: .oneOrMore("path", help: "A cassette, or a folder to search for cassettes."),
        exitStatuses: [
            (.success, "Every cassette is in canonical form, or has been rewritten in it."),
            (.checkFailed, "With --check, some cassettes are not in canonical form."),
            (.usageError, "The command line is wrong."),
            (.dataError, "A cassette cannot be read; its problems are on standard error."),
            (.noInput, "A path does not exist or cannot be read."),
            (.cannotCreate, "A cassette cannot be written."),
        ]
    )

    /// The files and folders to format.
    package var paths: [String]
    /// Whether to list the cassettes that would change instead of changing them.
    package var check: Bool

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - paths: The files and folders to format.
    ///   - check: Whether to list instead of rewrite.
    package init(paths: [String], check: Bool = false) {
        self.paths = paths
        self.check = check
    }

    package init(_ arguments: ParsedArguments) {
        self.init(paths: arguments.operands, check: arguments.contains(Self.checkFlag))
    }

    package func run(in context: CommandContext) -> ExitCode {
        var status = ExitCode.success
        var unformatted = 0
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        let searchStatus = finder.forEachFile(in: paths, context: context) { file in
            let cassette: Cassette
            let bytes: Data
            switch file.load(with: context.reader) {
            case .cassette(let read, let original):
                (cassette, bytes) = (read, original)
            case .unreadable(let diagnostics):
                for diagnostic in diagnostics { context.console.error(diagnostic.description) }
                status = max(status, .noInput)
                return
            case .invalid(let diagnostics):
                for diagnostic in diagnostics { context.console.error(diagnostic.description) }
                status = max(status, .dataError)
                return
            }
            let canonical = CassetteWriter.canonicalBytes(of: cassette)
            if canonical.elementsEqual(bytes) { return }
            if check {
                context.console.output(file.displayPath)
                unformatted += 1
                status = max(status, .checkFailed)
                return
            }
            do throws(FileWriteError) {
                // Through the link, so formatting a symbolic link keeps it a link.
                try AtomicFile.write(canonical, to: file.url.resolvingSymlinksInPath())
                context.console.output("formatted \(file.displayPath)")
            } catch {
                let diagnostic = Diagnostic(
                    file: file.displayPath, position: nil, message: "cannot write the file: \(error.reason)")
                context.console.error(diagnostic.description)
                status = max(status, .cannotCreate)
            }
        }
        if unformatted > 0 {
            let (noun, pronoun) = unformatted == 1 ? ("cassette is", "it") : ("cassettes are", "them")
            let command = ([Self.configuration.commandName] + paths.map(Self.shellQuoted)).joined(separator: " ")
            context.reportError("\(unformatted) \(noun) not in canonical form; run '\(command)' to rewrite \(pronoun)")
        }
        return max(status, searchStatus)
    }

    /// `word` as a shell reads it back: in double quotes only when it needs
    /// them, so the suggestion can sit inside the message's single quotes.
    private static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_./:=+@%,".unicodeScalars.contains(scalar))
        }
        if plain, !word.isEmpty { return word }
        var quoted = "\""
        for character in word {
            if "\\\"$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
