import HybridReplay

/// What replaying one cassette against its contract's reference
/// implementation found, as `cassette verify` prints it and the JUnit
/// report records it.
struct CassetteVerification: Sendable {
    /// How a verification ended.
    enum Outcome {
        /// The implementation behaved as recorded in every run.
        case passed
        /// The implementation diverged, or there is no implementation to
        /// replay against: `message` is the first problem in one line,
        /// `report` every line of the explanation, `issues` what the replay
        /// found as structure (empty when nothing was replayed).
        case failed(message: String, report: [String], issues: [ReplayIssue] = [])
        /// The cassette cannot be read: the reader's diagnostics, and the
        /// status that says why (bad data, or a file that cannot be read).
        case unreadable([Diagnostic], status: ExitCode)
    }

    /// The cassette.
    var file: CassetteFile
    /// The contract its header names, when it could be read and names one.
    var contract: String?
    var outcome: Outcome
    /// How long reading and replaying took.
    var duration: Duration

    /// Reads `file`, then replays it against the reference implementation
    /// of the contract its header names.
    ///
    /// - Parameters:
    ///   - file: The cassette.
    ///   - reader: Reads the cassette.
    ///   - repetitions: How many runs, each against a fresh implementation.
    /// - Returns: The outcome; a cassette without a known contract fails.
    static func verify(_ file: CassetteFile, reader: CassetteReader, contracts: ContractSet, repetitions: Int) async
        -> CassetteVerification
    {
        let clock = ContinuousClock()
        let start = clock.now
        let (contract, outcome) = await outcome(of: file, reader: reader, contracts: contracts, repetitions: repetitions)
        return CassetteVerification(file: file, contract: contract, outcome: outcome, duration: clock.now - start)
    }

    private static func outcome(of file: CassetteFile, reader: CassetteReader, contracts: ContractSet, repetitions: Int)
        async -> (contract: String?, Outcome)
    {
        let cassette: Cassette
        switch file.load(with: reader) {
        case .cassette(let read, _): cassette = read
        case .unreadable(let diagnostics): return (nil, .unreadable(diagnostics, status: .noInput))
        case .invalid(let diagnostics): return (nil, .unreadable(diagnostics, status: .dataError))
        }
        guard let name = cassette.header.contract else {
            return (nil, missingContract(in: file, known: contracts))
        }
        guard let contract = contracts[name] else {
            return (name, unknownContract(name, in: file, known: contracts))
        }
        let replayer = Replayer(
            cassette: cassette, path: file.displayPath, options: options(for: cassette, contract: contract, repetitions: repetitions))
        let report = await replayer.replay { platform in try await contract.setUp(platform) }
        return (name, outcome(of: report))
    }

    /// Reads `file`, then replays its web half in `webHalf`'s engine.
    static func verifyWebHalf(_ file: CassetteFile, reader: CassetteReader, _ webHalf: WebHalfSettings, repetitions: Int)
        async -> CassetteVerification
    {
        let clock = ContinuousClock()
        let start = clock.now
        let label = "web half, \(webHalf.engine.name)"
        let outcome: Outcome
        switch file.load(with: reader) {
        case .unreadable(let diagnostics): outcome = .unreadable(diagnostics, status: .noInput)
        case .invalid(let diagnostics): outcome = .unreadable(diagnostics, status: .dataError)
        case .cassette(let cassette, _):
            let replayer = WebHalfReplayer(
                cassette: cassette, path: file.displayPath, options: WebHalfReplayOptions(repetitions: repetitions))
            outcome = Self.outcome(of: await replayer.replay(page: webHalf.page, in: webHalf.engine.makeWebView))
        }
        return CassetteVerification(file: file, contract: label, outcome: outcome, duration: clock.now - start)
    }

    /// A replay's report as an outcome: passed, or failed with its first issue and every line;
    /// an issue's text that stops listing field differences points at the Markdown report, which lists them all.
    static func outcome(of report: ReplayReport) -> Outcome {
        if report.passed { return .passed }
        let lines = ConsoleIssueRenderer.lines(of: report, fullListing: "the Markdown report `--markdown <file>` writes")
            .joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return .failed(message: report.issues.first?.headline ?? lines[0], report: lines, issues: report.issues)
    }

    /// Replay options for `cassette`: the defaults every entry point uses,
    /// and the command that re-records it when `contract` has one.
    static func options(for cassette: Cassette, contract: ConformanceContract? = nil, repetitions: Int) -> ReplayOptions {
        ReplayOptions(repetitions: repetitions, recordCommand: contract?.recordCommand(cassette.header))
    }

    private static func missingContract(in file: CassetteFile, known: ContractSet) -> Outcome {
        let message = "\(file.displayPath): the header names no contract, so there is no reference implementation "
            + "to replay it against"
        return .failed(message: message, report: [
            message,
            "Known contracts: \(known.names)",
            "To verify it, add \"contract\": \"<name>\" to the header, naming one of them.",
        ])
    }

    private static func unknownContract(_ name: String, in file: CassetteFile, known: ContractSet) -> Outcome {
        let message = "\(file.displayPath): no reference implementation for the contract '\(Timeline.oneLine(name))'"
        return .failed(message: message, report: [
            message,
            "Known contracts: \(known.names)",
            "If the cassette records one of them under another name, set the header's \"contract\" to it. "
                + "A contract of your app's own is verified against your implementation: with replayCassette in a test, "
                + "or with `cassette verify` of a tool of your own that registers the contract (docs/cassette-tool.md).",
        ])
    }

    /// The status this outcome makes the command exit with.
    var status: ExitCode {
        switch outcome {
        case .passed: .success
        case .failed: .checkFailed
        case .unreadable(_, let status): status
        }
    }

    /// What standard output gets: one line, then for a failure the report
    /// indented by four spaces.
    var lines: [String] {
        let path = Timeline.oneLine(file.displayPath)
        let label = contract.map(Timeline.oneLine) ?? "no contract"
        switch outcome {
        case .passed:
            return ["PASS \(path) (\(label))"]
        case .failed(_, let report, _):
            return ["FAIL \(path) (\(label))"] + report.map { $0.isEmpty ? "" : "    " + $0 }
        case .unreadable:
            return ["ERROR \(path)"]
        }
    }
}
