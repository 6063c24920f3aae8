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

    init(message: String, trace: Cassette? = nil, traceName: String? = nil, issues: [ReplayIssue] = []) {
        self.message = message
        self.trace = trace
        self.traceName = traceName
        self.issues = issues
    }
}
