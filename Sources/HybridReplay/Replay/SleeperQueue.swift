/// The tasks sleeping on a virtual clock, and the time it shows: the one
/// sleeper queue of the replay's ``ReplayClock`` and the simulation's `ManualClock`.
///
/// A plain value: its owner keeps it behind a lock and resumes the
/// continuations it hands back after letting go of the lock. A sleeper takes
/// an id with ``arrive()`` before it has a continuation, so a cancellation
/// that comes in between is not lost: ``register(_:until:continuation:tag:isCancelled:)``
/// sees it and says to throw.
package struct SleeperQueue: Sendable {
    /// A task sleeping until a deadline.
    package struct Sleeper: Sendable {
        package var id: Int
        package var deadline: Duration
        package var continuation: CheckedContinuation<Void, any Error>
        /// What the owner notes with the sleeper: for a replay, the lease of the work that sleeps.
        package var tag: Int?
    }

    /// What a sleeper that registers does.
    package enum Registration: Equatable, Sendable {
        /// It waits until the clock reaches its deadline.
        case wait
        /// The clock is already there: it returns.
        case wake
        /// It was cancelled before it registered: it throws `CancellationError`.
        case cancel
    }

    /// The time the clock shows, from its start.
    package private(set) var now: Duration
    private var sleepers: [Sleeper] = []
    /// Sleepers between taking an id and registering their continuation.
    private var arriving: Set<Int> = []
    /// Arriving sleepers whose task was cancelled meanwhile.
    private var cancelled: Set<Int> = []
    private var nextID = 0

    package init(now: Duration = .zero) { self.now = now }

    /// How many sleepers wait for the clock to move.
    package var count: Int { sleepers.count }

    /// The earliest deadline anyone sleeps until.
    package var earliestDeadline: Duration? { sleepers.lazy.map(\.deadline).min() }

    /// Takes the id a sleeper registers and cancels with.
    package mutating func arrive() -> Int {
        defer { nextID += 1 }
        arriving.insert(nextID)
        return nextID
    }

    /// Registers the sleeper `id` with its continuation, unless it was
    /// cancelled meanwhile or the clock already shows `deadline`.
    ///
    /// - Parameter isCancelled: Whether the owner knows the sleeper is cancelled already.
    package mutating func register(
        _ id: Int, until deadline: Duration, continuation: CheckedContinuation<Void, any Error>, tag: Int? = nil,
        isCancelled: Bool = false
    ) -> Registration {
        arriving.remove(id)
        if cancelled.remove(id) != nil || isCancelled { return .cancel }
        if deadline <= now { return .wake }
        sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation, tag: tag))
        return .wait
    }

    /// Takes out the sleeper `id`, which the caller resumes with `CancellationError`;
    /// `nil` when it has not registered yet (its registration then says to
    /// cancel) or has already been woken.
    package mutating func cancel(_ id: Int) -> Sleeper? {
        if let index = sleepers.firstIndex(where: { $0.id == id }) { return sleepers.remove(at: index) }
        if arriving.contains(id) { cancelled.insert(id) }
        return nil
    }

    /// Moves the clock to `instant` unless it already shows a later time, and
    /// takes out every sleeper due by then, in deadline order, then registration order.
    package mutating func advance(to instant: Duration) -> [Sleeper] {
        now = max(now, instant)
        return takeDue(through: now)
    }

    /// Moves the clock to `instant` unless it already shows a later time, and
    /// leaves the sleepers due by then asleep: a replay wakes them after the
    /// stimulus recorded at that instant, with ``wakeEarliest()``.
    package mutating func move(to instant: Duration) {
        now = max(now, instant)
    }

    /// Moves the clock to the earliest deadline and takes out everyone
    /// sleeping until then, in registration order.
    package mutating func wakeEarliest() -> [Sleeper] {
        guard let deadline = earliestDeadline else { return [] }
        now = max(now, deadline)
        return takeDue(through: deadline)
    }

    /// Takes out every sleeper, for an owner that stops.
    package mutating func removeAll() -> [Sleeper] {
        defer { sleepers = [] }
        return sleepers
    }

    private mutating func takeDue(through deadline: Duration) -> [Sleeper] {
        let due = sleepers.filter { $0.deadline <= deadline }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        sleepers.removeAll { $0.deadline <= deadline }
        return due
    }
}
