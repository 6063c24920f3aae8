import Foundation

/// Replays the web half of a cassette: the recorded native side is played
/// into a page in a real web view, and what the page does is checked against
/// what the cassette records it doing.
///
/// A ``Replayer`` checks the native half: it plays the page's recorded
/// messages and navigations into your native code. `WebHalfReplayer` turns
/// that around, so page-side bugs — a wrong handler name, a lost promise id,
/// a message posted twice, a link that no longer uses the custom scheme —
/// fail a test. It adds a handler for every handler the cassette's messages
/// name, installs the recorded user scripts, loads the page, and plays each
/// recorded evaluation, reply, navigation decision and dialog answer once the
/// page has done everything the cassette records before it. Messages are
/// matched in order per handler, navigations, dialogs and windows in order,
/// evaluation results to their evaluation; values the page makes afresh
/// (UUIDs, timestamps, fields the cassette declares volatile) bind as in a
/// native replay and are played back in the effects that carry them.
///
/// The native half's own traffic — HTTP, cookies, location, routes, custom
/// seams — and the engine's lifecycle notifications are not checked here.
///
/// ```swift
/// let report = await WebHalfReplayer(cassette: cassette)
///     .replay(page: WebPage(html: pageHTML)) { try await WebKitGTKWebView() }
/// #expect(report.passed, "\(report)")
/// ```
public struct WebHalfReplayer: Sendable {
    /// The recorded session.
    public var cassette: Cassette
    /// The cassette's path as reports show it.
    public var path: String?
    /// How to match and how long to wait for the page.
    public var options: WebHalfReplayOptions

    public init(cassette: Cassette, path: String? = nil, options: WebHalfReplayOptions = WebHalfReplayOptions()) {
        self.cassette = cassette
        self.path = path
        self.options = options
    }

    /// Reads the cassette at `url`.
    ///
    /// - Throws: ``CassetteReadError`` with every problem in the file.
    public init(contentsOf url: URL, displayPath: String? = nil, options: WebHalfReplayOptions = WebHalfReplayOptions())
        throws(CassetteReadError)
    {
        let shownPath = displayPath ?? url.path
        let cassette = try CassetteReader().read(contentsOf: url, displayPath: shownPath)
        self.init(cassette: cassette, path: shownPath, options: options)
    }

    /// Replays the cassette into the page, in a fresh web view for each run.
    ///
    /// - Parameters:
    ///   - page: The page under test. It takes the place of the first page
    ///     the cassette loads; `nil` plays the cassette's loads as recorded.
    ///   - makeWebView: Makes the web view the page runs in, such as a
    ///     `WebKitGTKWebView`. It is used for one run and then let go.
    /// - Returns: The report of the first run that failed, or of the first
    ///   run when every run passed, redacted as a native replay's report is.
    @MainActor
    public func replay(page: WebPage? = nil, in makeWebView: () async throws -> any WebView) async -> ReplayReport {
        let runs = max(1, options.repetitions)
        var replayOptions = ReplayOptions(placeholders: options.placeholders)
        // The page makes the declared values (a callback id counting from a random
        // start), so each binds where the page first sends it, unlike in the native half.
        replayOptions.placeholders = replayOptions.placeholders.declaring(in: [cassette])
        let script = ReplayScript(cassette: cassette, options: replayOptions)
        var first: ReplayReport?
        for run in 1...runs {
            let report = await replayOnce(run: run, of: runs, script: script, page: page, makeWebView)
            if !report.passed { return report }
            if first == nil { first = report }
        }
        var report = first ?? ReplayReport(
            cassetteName: cassette.header.name, cassettePath: path, issues: [], trace: Cassette(header: cassette.header),
            runs: runs, run: 1, recordCommand: nil)
        report.runs = runs
        return report
    }

    @MainActor
    private func replayOnce(
        run: Int, of runs: Int, script: ReplayScript, page: WebPage?, _ makeWebView: () async throws -> any WebView
    ) async -> ReplayReport {
        let issues: [ReplayIssue]
        let trace: [Event]
        var hidden = HiddenValues()
        do {
            let webView = try await makeWebView()
            let session = WebHalfSession(
                script: script, webView: webView, page: page, patience: options.patience, clock: options.clock)
            await session.run()
            issues = session.matcher.issues
            trace = session.matcher.trace
            hidden = session.matcher.hiddenValues()
        } catch {
            issues = [
                ReplayIssue(
                    kind: .setUpFailed, eventID: nil, eventKind: nil,
                    message: "making the web view threw \(String(describing: error))")
            ]
            trace = []
        }
        let report = ReplayReport(
            cassetteName: cassette.header.name, cassettePath: path, issues: issues,
            trace: Cassette(header: cassette.header, events: trace), runs: runs, run: run, recordCommand: nil)
        guard !report.passed else { return report }
        return report.redacted(by: Redaction(ruleNames: cassette.header.redactions), recorded: cassette, hidden: hidden)
    }
}
