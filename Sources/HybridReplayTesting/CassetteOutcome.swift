import HybridReplay

/// What one `replayCassette` call found.
struct CassetteOutcome: Sendable {
    /// The replay's report, when the cassette was replayed.
    var report: ReplayReport?
    /// What the test must fail with, in order; empty when it passed.
    var failures: [CassetteFailure] = []
}

/// One reason a `replayCassette` call fails its test; thrown when it keeps
/// the call from starting at all.
struct CassetteFailure: Error, Sendable, Equatable {
    /// The whole message, ending with what to run next.
    var message: String
    /// What actually happened, to attach for inspection, when a replay failed.
    var trace: Cassette?
    /// The file name to attach the trace under, such as `navigate-present.actual.json`.
    var traceName: String?
    /// The replay's issues, to attach as structure next to the trace.
    var issues: [ReplayIssue]
    /// The report `message` renders, to render again naming the attachment
    /// that lists every field difference when the text lists only the first.
    var report: ReplayReport?

    init(
        message: String, trace: Cassette? = nil, traceName: String? = nil, issues: [ReplayIssue] = [],
        report: ReplayReport? = nil
    ) {
        self.message = message
        self.trace = trace
        self.traceName = traceName
        self.issues = issues
        self.report = report
    }

    /// A failure made from a failed replay's report: its text, its trace to
    /// attach as `traceName`, its issues.
    init(report: ReplayReport, traceName: String) {
        self.init(
            message: report.description, trace: report.trace, traceName: traceName, issues: report.issues, report: report)
    }

    /// The message, with the report's text naming `issuesName` as where every
    /// field difference is listed.
    func message(listingDifferencesIn issuesName: String) -> String {
        guard let report else { return message }
        return ConsoleIssueRenderer.lines(of: report, fullListing: issuesName).joined(separator: "\n")
    }

    /// Equal when they say, attach and keep the same; the report is what the message renders.
    static func == (left: CassetteFailure, right: CassetteFailure) -> Bool {
        left.message == right.message && left.trace == right.trace && left.traceName == right.traceName
            && left.issues == right.issues
    }
}
