/// The engine's entry point for exploring variants (`HybridReplayVariants`).
extension Replayer {
    /// Replays the cassette in exploring mode: every stimulus is delivered, what
    /// the implementation does is collected in the report's trace, and nothing
    /// is judged against the recorded effects.
    ///
    /// The report fails only when set-up threw or the implementation stayed
    /// busy past the stall timeout with work the replay cannot see.
    ///
    /// - Parameter setUp: Builds the implementation from the platform doubles.
    /// - Returns: The report; its trace is what happened.
    package func explore<Subject>(_ setUp: (Platform) async throws -> Subject) async -> ReplayReport {
        var exploring = self
        exploring.options.explores = true
        exploring.options.repetitions = 1
        return await exploring.replay(setUp)
    }
}
