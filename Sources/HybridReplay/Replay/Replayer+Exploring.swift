/// The engine's entry point for exploring variants (`HybridReplayVariants`).
extension Replayer {
    /// Replays the cassette once in exploring mode: every stimulus is
    /// delivered, what the implementation does is collected in the report's
    /// trace, and nothing is judged against the recorded effects.
    ///
    /// The report fails only when set-up threw, or when the implementation
    /// stayed busy past the stall timeout: exploring gives up a recorded
    /// effect instead of reporting it missing, so the stall is reported on its own.
    ///
    /// - Parameter setUp: Builds the implementation from the platform doubles.
    /// - Returns: The report; its trace is what happened.
    package func explore<Subject>(_ setUp: (Platform) async throws -> Subject) async -> ReplayReport {
        var options = options
        options.placeholders = options.placeholders.declaringForReplay(in: cassette)
        let engine = ReplayEngine(cassette: cassette, options: options, explores: true)
        await Self.run(engine, setUp)
        var issues = engine.issues
        if engine.isStalled, !issues.contains(where: { $0.kind == .missingEffect }) {
            issues.append(
                ReplayIssue(
                    kind: .missingEffect, eventID: nil, eventKind: nil,
                    message: "the implementation was still busy after \(options.stallTimeout) of real time: it never went idle"))
        }
        return ReplayReport(
            cassetteName: cassette.header.name, cassettePath: path, issues: issues, trace: engine.traceCassette(),
            runs: 1, run: 1, recordCommand: options.recordCommand)
    }
}
