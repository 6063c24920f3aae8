/// A wait of a recording drive that ran out of patience: what the
/// implementation or the platform was expected to do did not happen.
///
/// Thrown by ``Recorder/waitForEvents(_:count:patience:)``,
/// ``Recorder/waitUntil(_:patience:_:)`` and the held transport of
/// `HybridReplaySimulation`, instead of hanging when an implementation
/// never makes the effect the drive waits for.
public struct WaitTimeout: Error, Sendable, Equatable, CustomStringConvertible {
    /// How long a wait lasts in real time unless the call says otherwise.
    ///
    /// Generous, so that a loaded machine never fails a recording: a wait
    /// ends the moment what it waits for happens, and runs out only when
    /// something is wrong. On two cores busy with other builds, a task that
    /// is ready can wait more than 10 seconds for a thread.
    public static let defaultPatience: Duration = .seconds(60)

    /// What was awaited, such as `2 javascript.result events`.
    public var awaited: String
    /// How long the wait lasted.
    public var patience: Duration
    /// What had happened when it gave up, such as `recorded so far: script.message, http.request`.
    public var progress: String

    /// Creates the error of a wait that gave up.
    ///
    /// - Parameters:
    ///   - awaited: What was awaited.
    ///   - patience: How long the wait lasted.
    ///   - progress: What had happened when it gave up.
    public init(awaited: String, patience: Duration, progress: String) {
        self.awaited = awaited
        self.patience = patience
        self.progress = progress
    }

    public var description: String {
        "waited \(patience) for \(awaited), in vain; \(progress)"
    }
}
