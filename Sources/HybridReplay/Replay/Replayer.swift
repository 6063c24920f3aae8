import Foundation

/// Replays a cassette against an implementation and reports where it diverged.
///
/// The implementation is built fresh for each run from a ``Platform`` of
/// doubles: stimuli are played back to the handlers and delegates it
/// registers, and every call it makes is verified against the recorded
/// effects. The replay knows when the implementation is idle (see
/// `docs/replaying.md`), so nothing waits on the wall clock: the virtual
/// ``ReplayClock`` jumps to each recorded moment once the implementation has
/// nothing left to do before it.
///
/// ```swift
/// let report = await Replayer(cassette: cassette).replay { platform in
///     Router(webView: platform.webView, routes: platform.routes)
/// }
/// #expect(report.passed, "\(report)")
/// ```
public struct Replayer: Sendable {
    /// The recorded session.
    public var cassette: Cassette
    /// The cassette's path as reports show it.
    public var path: String?
    /// How to match, order and wait.
    public var options: ReplayOptions

    public init(cassette: Cassette, path: String? = nil, options: ReplayOptions = ReplayOptions()) {
        self.cassette = cassette
        self.path = path
        self.options = options
    }

    /// Reads the cassette at `url`.
    ///
    /// - Throws: ``CassetteReadError`` with every problem in the file.
    public init(contentsOf url: URL, displayPath: String? = nil, options: ReplayOptions = ReplayOptions()) throws(CassetteReadError) {
        let shownPath = displayPath ?? url.path
        let cassette = try CassetteReader().read(contentsOf: url, displayPath: shownPath)
        self.init(cassette: cassette, path: shownPath, options: options)
    }

    /// Replays the cassette against the implementation `setUp` builds, as many
    /// times as ``ReplayOptions/repetitions`` says.
    ///
    /// - Parameter setUp: Builds the implementation from the platform doubles
    ///   and registers its handlers and delegates. What it returns is kept
    ///   alive until the run ends.
    /// - Returns: The report of the first run that failed, or of the first
    ///   run when every run passed. A failed report, its trace included, is
    ///   redacted by the rules the cassette's header lists, and wherever the
    ///   cassette holds a `[REDACTED:<n>]` placeholder, whatever rule put it
    ///   there (a custom one too): a value the recording hid is hidden in it,
    ///   expected or found.
    public func replay<Subject>(_ setUp: (Platform) async throws -> Subject) async -> ReplayReport {
        let runs = max(1, options.repetitions)
        // The fields the cassette declares volatile bind as placeholders do.
        var options = options
        options.placeholders = options.placeholders.declaringForReplay(in: cassette)
        // The cassette does not change between runs: it is prepared for comparison, and indexed, once.
        let prepared = PreparedEvents(cassette.events, placeholders: options.placeholders)
        let script = ReplayEngine.script(for: cassette, options: options, prepared: prepared)
        var first: ReplayReport?
        for run in 1...runs {
            // A passing run matched every recorded effect exactly once, so passing runs
            // agree by construction: the run that differs is the first that fails. A passing
            // run after the first is not reported, so its trace is not built.
            guard let report = await replayOnce(
                run: run, of: runs, options: options, script: script, reportsPassing: first == nil, setUp)
            else { continue }
            if !report.passed { return report }
            if first == nil { first = report }
        }
        var report = first ?? emptyReport(runs: runs)
        report.runs = runs
        return report
    }

    /// Sets the implementation up on `engine`'s platform doubles and runs the
    /// engine to its end; a set-up that throws is the run's issue.
    static func run<Subject>(_ engine: ReplayEngine, _ setUp: (Platform) async throws -> Subject) async {
        let platform = Platform(replaying: engine)
        engine.noteRunStarts()
        // A main queue blocked for good would hang the run with no report: the watch ends the process with one.
        let watch = MainQueueWatch.shared.begin(stallTimeout: engine.options.stallTimeout) { [weak engine] in
            engine?.mainQueueWatchDescription() ?? "a replay ended"
        }
        defer { MainQueueWatch.shared.end(watch) }
        do {
            // Set-up is work of the implementation: tasks it starts are tracked like any other.
            // The set-up's turns on the main actor (a `@MainActor` init it hops to) hold what
            // they hand to the global executor, as a delivery's turn does (see WatchedJobs).
            let subject = try await WatchedJobs.followingSetUp(of: engine) {
                try await engine.withLease { try await setUp(platform) }
            }
            await engine.run()
            withExtendedLifetime(subject) {}
        } catch {
            engine.fail(
                ReplayIssue(
                    kind: .setUpFailed, eventID: nil, eventKind: nil, statement: .setUpThrew(String(describing: error))))
        }
    }

    /// One run's report; `nil` for a run that passed when `reportsPassing` is false.
    private func replayOnce<Subject>(
        run: Int, of runs: Int, options: ReplayOptions, script: ReplayScript, reportsPassing: Bool,
        _ setUp: (Platform) async throws -> Subject
    ) async -> ReplayReport? {
        let engine = ReplayEngine(script: script)
        await Self.run(engine, setUp)
        let issues = engine.issues
        if issues.isEmpty, !reportsPassing { return nil }
        let report = ReplayReport(
            cassetteName: cassette.header.name, cassettePath: path, issues: issues, trace: engine.traceCassette(),
            runs: runs, run: run, recordCommand: options.recordCommand)
        // What a failure shows hides what the recording hid.
        guard !report.passed else { return report }
        return report.redacted(
            by: Redaction(ruleNames: cassette.header.redactions), recorded: cassette, hidden: engine.hiddenValues())
    }

    private func emptyReport(runs: Int) -> ReplayReport {
        ReplayReport(
            cassetteName: cassette.header.name, cassettePath: path, issues: [], trace: Cassette(header: cassette.header),
            runs: runs, run: 1, recordCommand: options.recordCommand)
    }
}
