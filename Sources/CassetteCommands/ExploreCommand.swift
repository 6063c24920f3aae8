import Foundation
import HybridReplay
import HybridReplayVariants

/// `cassette explore [--contract <name>] [--against-reference <contract>]
/// [--shard <i/n>] [--budget <seconds>] [--variant <id>] [--fingerprint <digest>]
/// [--failures <folder>] <path> ...`: explores the variants of each cassette
/// against its contract's implementation and judges each by the platform's
/// rules, and by the reference's run when one is named.
package struct ExploreCommand: CassetteCommand {
    package static let contractOption = Option(
        "contract", valueName: "name", help: "Explores against this contract instead of the one each cassette's header names.")
    package static let referenceOption = Option(
        "against-reference", valueName: "contract",
        help: "Also checks that each variant's run does what this contract's implementation does on it.")
    package static let shardOption = Option(
        "shard", valueName: "i/n", help: "Explores only part i of n of the variants, as one job of a CI matrix does.")
    package static let budgetOption = Option(
        "budget", valueName: "seconds", help: "Stops starting variants after this many seconds of wall-clock time.")
    package static let variantOption = Option(
        "variant", valueName: "id", help: "Explores only the variant with this id, as a failure report prints it.")
    package static let fingerprintOption = Option(
        "fingerprint", valueName: "digest",
        help: "With --variant, checks that the run does what the reported one did (the digest a failure report prints).")
    package static let failuresOption = Option(
        "failures", valueName: "folder",
        help: "Where failure cassettes are replayed from first and written to (default 'ExploreFailures').")

    /// Where failure cassettes go unless `--failures` says otherwise.
    package static let defaultFailures = "ExploreFailures"

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) explore",
        abstract: "Explores variants of cassettes against their contracts and checks the platform's rules.",
        discussion: """
            Each <path> is a cassette, or a folder searched recursively for .json files. The failure cassettes in the failures folder are replayed first. Then each cassette's variants (its faults, orderings and input classes) are replayed against the implementation of its contract in exploring mode: stimuli are delivered, what the implementation does is collected without comparing it with the recording, and the platform's rules judge it. Before each variant the line that replays just it is printed. A variant that breaks a rule is reported as 'path:line:column: error: [rule] message', shrunk to the fewest stimuli that still break it, and written to the failures folder; its replay line carries the run's fingerprint, which --fingerprint checks. With --against-reference, each variant is also replayed against that contract's implementation, and a run that does something else breaks 'same-as-reference'. A count follows, such as '412 variants of 3 cassettes explored: 1 failed'.
            """,
        options: [contractOption, referenceOption, shardOption, budgetOption, variantOption, fingerprintOption, failuresOption],
        operands: .oneOrMore("path", help: "A cassette, or a folder to search for cassettes."),
        exitStatuses: [
            (.success, "No variant broke a rule."),
            (.checkFailed, "A variant or a failure cassette broke a rule, a replayed run differed from the reported one, or a cassette has no implementation to explore."),
            (.usageError, "The command line is wrong."),
            (.dataError, "A cassette cannot be read; its problems are on standard error."),
            (.noInput, "A path does not exist or cannot be read, or no cassette was found."),
            (.cannotCreate, "A failure cassette cannot be written."),
        ]
    )

    package var paths: [String]
    package var contract: String?
    package var reference: String?
    package var shard: Shard
    package var budget: Duration?
    package var variant: VariantID?
    package var fingerprint: RunFingerprint?
    package var failures: String

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.operands
        contract = arguments.value(of: Self.contractOption)
        reference = arguments.value(of: Self.referenceOption)
        if let text = arguments.value(of: Self.shardOption) {
            guard let shard = Shard(parsing: text) else {
                throw UsageError("'\(Self.shardOption.usageLabel)' must be i/n with 1 <= i <= n, such as 2/4; found '\(text)'")
            }
            self.shard = shard
        } else {
            shard = .all
        }
        if let text = arguments.value(of: Self.budgetOption) {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw UsageError("'\(Self.budgetOption.usageLabel)' must be a number of seconds; found '\(text)'")
            }
            budget = .milliseconds(Int64(seconds * 1000))
        }
        if let text = arguments.value(of: Self.variantOption) {
            guard let id = VariantID(text) else {
                throw UsageError("'\(Self.variantOption.usageLabel)' must be an id such as v1:<cassette>:<class>:<event>; found '\(text)'")
            }
            variant = id
        }
        if let text = arguments.value(of: Self.fingerprintOption) {
            guard variant != nil else {
                throw UsageError("'\(Self.fingerprintOption.usageLabel)' needs '\(Self.variantOption.usageLabel)': a fingerprint is of one variant's run")
            }
            guard let digest = RunFingerprint(text) else {
                throw UsageError("'\(Self.fingerprintOption.usageLabel)' must be 16 hex digits, as a failure report prints it; found '\(text)'")
            }
            fingerprint = digest
        }
        failures = try arguments.path(of: Self.failuresOption) ?? Self.defaultFailures
    }

    package func run(in context: CommandContext) async -> ExitCode {
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        var files: [CassetteFile] = []
        var status = finder.forEachFile(in: paths, context: context) { files.append($0) }
        let failuresFolder =
            failures.hasPrefix("/")
            ? URL(fileURLWithPath: failures, isDirectory: true)
            : context.currentDirectory.appendingPathComponent(failures, isDirectory: true)
        let failurePrefix = failuresFolder.standardizedFileURL.path + "/"
        files.removeAll { $0.url.standardizedFileURL.path.hasPrefix(failurePrefix) }
        if files.isEmpty && status == .success {
            context.reportError("no cassettes found in \(paths.map { "'\($0)'" }.joined(separator: ", ")); nothing was explored")
            return .noInput
        }
        var referenceImplementation: ReferenceImplementation?
        if let reference {
            guard let contract = context.contracts[reference] else {
                context.reportError("no implementation of contract '\(reference)' to compare against; known: \(context.contracts.names)")
                return .usageError
            }
            referenceImplementation = ReferenceImplementation(name: contract.name, setUp: contract.setUp)
        }
        status = max(status, await replayFailures(in: failuresFolder, reference: referenceImplementation, context: context))
        let started = ContinuousClock.now
        var explored = 0
        var failed = 0
        var stopped = false
        for file in files {
            let cassette: Cassette
            let bytes: Data
            switch file.load(with: context.reader) {
            case .cassette(let read, let data):
                (cassette, bytes) = (read, data)
            case .unreadable(let diagnostics), .invalid(let diagnostics):
                for diagnostic in diagnostics { context.console.error(diagnostic.description) }
                status = max(status, .dataError)
                continue
            }
            if let variant, variant.cassette != cassette.header.name { continue }
            let name = contract ?? cassette.header.contract ?? ""
            guard let implementation = context.contracts[name] else {
                context.console.error(
                    "\(file.displayPath): error: no implementation of contract '\(name)' to explore against; known: \(context.contracts.names)")
                status = max(status, .checkFailed)
                continue
            }
            var options = ExplorationOptions(shard: shard, variant: variant, fingerprint: fingerprint)
            options.reference = referenceImplementation
            if let budget {
                let left = budget - (ContinuousClock.now - started)
                options.budget = left > .zero ? left : .zero
            }
            let replayLine = { (id: VariantID, fingerprint: RunFingerprint?) in
                "\(CassetteCLI.toolName) explore \(file.displayPath)\(contract.map { " --contract \($0)" } ?? "")"
                    + "\(reference.map { " --against-reference \($0)" } ?? "") --variant \(id)"
                    + (fingerprint.map { " --fingerprint \($0)" } ?? "")
            }
            let exploration: Exploration
            do {
                exploration = try await Explorer(options: options).explore(
                    cassette, willExplore: { context.console.output(replayLine($0, nil)) }, setUp: implementation.setUp)
            } catch {
                context.console.error("\(file.displayPath): error: \(error)")
                status = max(status, .usageError)
                continue
            }
            explored += exploration.explored
            stopped = stopped || exploration.stoppedByBudget
            if let mismatch = exploration.mismatch {
                context.console.error("\(file.displayPath): error: \(mismatch)")
                status = max(status, .checkFailed)
            }
            for failure in exploration.failures {
                failed += 1
                status = max(status, .checkFailed)
                let position = Self.position(ofEvent: failure.variant.id.eventID, in: bytes)
                for violation in failure.violations {
                    context.console.error(
                        "\(file.displayPath):\(position.line):\(position.column): error: \(violation) in variant \(failure.variant.id) (\(failure.variant.summary))")
                }
                let target = failuresFolder.appendingPathComponent(failure.fileName)
                do {
                    try FileManager.default.createDirectory(at: failuresFolder, withIntermediateDirectories: true)
                    try CassetteWriter.write(failure.failureCassette, to: target)
                    context.console.error(
                        "    shrunk in \(failure.shrinkSteps) steps to \(failure.shrunk.events.count) events; written to \(failures)/\(failure.fileName); replay it: \(replayLine(failure.variant.id, failure.fingerprint))")
                    if !failure.isDeterministic {
                        context.console.error(
                            "    a second run of this variant did something else: the implementation does not do the same thing each time, so replaying the id may not bring the failure back")
                    }
                } catch {
                    context.console.error("\(failures)/\(failure.fileName): error: cannot write the failure cassette: \(error)")
                    status = max(status, .cannotCreate)
                }
            }
        }
        if let variant, !files.isEmpty, status == .success, explored == 0, !stopped {
            context.reportError(
                "the variant \(variant) names cassette '\(variant.cassette)', which is not among the cassettes in \(paths.map { "'\($0)'" }.joined(separator: ", "))")
            return .noInput
        }
        let budgetNote = stopped ? " (the budget stopped it early)" : ""
        context.console.output(
            "\(explored) variant\(explored == 1 ? "" : "s") of \(files.count) cassette\(files.count == 1 ? "" : "s") explored: \(failed) failed\(budgetNote)")
        return status
    }

    /// Replays the committed failure cassettes, judged by the rules; a failure that still fails fails the run.
    private func replayFailures(in folder: URL, reference: ReferenceImplementation?, context: CommandContext) async -> ExitCode {
        guard FileManager.default.fileExists(atPath: folder.path) else { return .success }
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        var files: [CassetteFile] = []
        var status = finder.forEachFile(in: [folder.path], context: context) { files.append($0) }
        for file in files {
            guard case .cassette(let cassette, _) = file.load(with: context.reader) else {
                context.console.error("\(file.displayPath): error: the failure cassette cannot be read")
                status = max(status, .dataError)
                continue
            }
            guard let implementation = context.contracts[contract ?? cassette.header.contract ?? ""] else { continue }
            var options = ExplorationOptions()
            // A failure cassette of another contract is not held to this reference.
            if let reference, [reference.name, contract].contains(cassette.header.contract) { options.reference = reference }
            let violations = await Explorer(options: options).judge(cassette, setUp: implementation.setUp)
            if violations.isEmpty {
                context.console.output("PASS \(file.displayPath) (failure cassette)")
            } else {
                context.console.output("FAIL \(file.displayPath) (failure cassette)")
                for violation in violations { context.console.error("\(file.displayPath):1:1: error: \(violation)") }
                status = max(status, .checkFailed)
            }
        }
        return status
    }

    /// Where `"id": <id>` of an event stands in the cassette's text, from 1; the file's start when not found.
    static func position(ofEvent id: Int, in bytes: Data) -> (line: Int, column: Int) {
        let text = String(decoding: bytes, as: UTF8.self)
        var line = 1
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = row.range(of: "\"id\": \(id),") {
                return (line, row.distance(from: row.startIndex, to: range.lowerBound) + 1)
            }
            line += 1
        }
        return (1, 1)
    }
}
