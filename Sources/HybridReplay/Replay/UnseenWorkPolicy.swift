/// When a replay waits for work it cannot see before it reports an effect missing.
///
/// A replay tracks the work it starts, the tasks that work starts with
/// `Task {}`, sleeps on its clock and the main queue. It cannot track a
/// `Task.detached` task, a block on one of Dispatch's global queues or a
/// thread: once everything it tracks is idle, such work may still be about
/// to make the effect. A missing effect is then reported only after
/// ``ReplayOptions/stallTimeout`` passes with nothing happening, and an effect
/// that comes after the report is reported as late, never as missing.
public struct UnseenWorkPolicy: Sendable, Hashable, CustomStringConvertible {
    private let name: String

    /// Waits once the run has shown such work: an effect made outside every
    /// tracked task, or a task started without the replay's lease. Otherwise
    /// a missing effect is reported as soon as the tracked work and the main
    /// queue are idle. The default.
    public static let detected = UnseenWorkPolicy(name: "detected")

    /// Always waits: for implementations that hand work to
    /// `DispatchQueue.global()` or a thread before making any effect, which
    /// nothing in the process shows to the replay.
    public static let expected = UnseenWorkPolicy(name: "expected")

    public var description: String { name }
}
