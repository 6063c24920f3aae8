import Dispatch
import Foundation

/// The stall timeout's one timer for the whole process: a thread that wakes
/// at the deadline of each run's wait and ends the wait there if nothing has
/// happened.
///
/// A timer per wait, or a task per run, would cost thread hand-offs for
/// nearly every replay: starting a task, arming its timer, cancelling it at
/// the end of the run. Deadlines only move later, so one thread that sleeps
/// until the earliest deadline of the runs it watches, and sleeps again when
/// it finds that a deadline has moved on, does the same with a few wake-ups
/// per stall timeout however many replays run meanwhile; a wait that begins
/// while it already wakes in time costs a lock and nothing more.
///
/// The stall timeout counts only time in which the implementation could have
/// run. The watchdog wakes every tenth of it and hands a probe (see
/// ``ExecutorProbe``) to every executor the implementation's work runs on:
/// the main queue, and the global executor at each priority the runs' work
/// has run at and at the default one, where a `Task.detached` runs. Time
/// until the main queue's probe ran, and time the watchdog woke late, the
/// implementation could not run; so could it not while a global-executor
/// probe waited, when the run had tracked work queued there (see
/// ``ReplayWorkTracker/starvedTime(in:endingAt:queuedGlobalWork:since:)``).
/// That time does not count, so a correct implementation on a starved
/// machine is waited for, not reported stalled, while work the replay cannot
/// see that runs, sleeps or waits in real time still uses the timeout up.
///
/// It runs on a thread of its own rather than on the global executor, so
/// that its own lateness is the machine's, not the executors' queues'.
final class StallWatchdog: @unchecked Sendable {
    /// The process's watchdog.
    static let shared = StallWatchdog()

    /// A run the watchdog watches.
    private struct Watched {
        weak var engine: ReplayEngine?
        /// When it must look at the run next.
        var wakes: ContinuousClock.Instant
        /// A tenth of the run's stall timeout: how often its executors are probed.
        var tick: Duration
        /// When the watchdog began to watch it, until the first look.
        var since: ContinuousClock.Instant?
        /// Moves each time the run tells of a wait, and differs from every
        /// other entry's, even one of an engine gone from the same address:
        /// a look that began before the run told does not stop watching it.
        var version: Int
        /// Whether the run had tracked work queued when it was last looked at.
        var queued = false
    }

    /// Guards everything below and wakes the thread early.
    private let condition = NSCondition()
    private var watched: [ObjectIdentifier: Watched] = [:]
    private var started = false
    private var versions = 0
    /// When the thread wakes next; `nil` while it waits for a run to watch.
    private var wakes: ContinuousClock.Instant?

    private init() {}

    /// Watches `engine`'s wait ending at `deadline`, probing its executors every `tick`.
    func watch(_ engine: ReplayEngine, until deadline: ContinuousClock.Instant, tick: Duration) {
        condition.lock()
        defer { condition.unlock() }
        let key = ObjectIdentifier(engine)
        versions += 1
        // An entry of an engine that is gone may hold its address: a new engine replaces it.
        if var entry = watched[key], entry.engine === engine {
            entry.wakes = min(entry.wakes, deadline)
            entry.tick = min(entry.tick, tick)
            entry.version = versions
            watched[key] = entry
        } else {
            watched[key] = Watched(engine: engine, wakes: deadline, tick: tick, since: .now, version: versions)
        }
        guard started else {
            started = true
            let thread = Thread { StallWatchdog.shared.run() }
            thread.name = "HybridReplay stall watchdog"
            thread.start()
            return
        }
        // Asleep for good, or until after this deadline: it looks again now.
        if wakes.map({ $0 > deadline }) ?? true { condition.signal() }
    }

    /// Stops watching `engine`, whose run is over.
    func stopWatching(_ engine: ReplayEngine) {
        condition.lock()
        watched[ObjectIdentifier(engine)] = nil
        condition.unlock()
    }

    /// The thread's loop: sleeps until the earliest deadline or the end of
    /// the tick, then looks at every run it watches.
    private func run() {
        var began = ContinuousClock.now
        var probes: Probes?
        while true {
            condition.lock()
            guard let earliest = watched.values.map(\.wakes).min(), let tick = watched.values.map(\.tick).min() else {
                wakes = nil
                condition.wait()
                condition.unlock()
                probes = nil
                continue
            }
            guard let handed = probes else {
                let engines = watched.values.compactMap(\.engine)
                condition.unlock()
                began = .now
                probes = Probes(handingOverFor: engines)
                continue
            }
            let target = min(earliest, began.advanced(by: tick))
            wakes = target
            let now = ContinuousClock.now
            if target > now { _ = condition.wait(until: Date(timeIntervalSinceNow: now.duration(to: target).seconds)) }
            wakes = nil
            let woke = ContinuousClock.now
            guard woke >= target else {
                // Woken early by a run with an earlier deadline, or spuriously.
                condition.unlock()
                continue
            }
            let looks = watched.map { (key: $0.key, entry: $0.value) }
            condition.unlock()

            let reading = handed.reading(began: began, due: target)
            var results: [(key: ObjectIdentifier, version: Int, next: ContinuousClock.Instant?, queued: Bool)] = []
            for look in looks {
                guard let engine = look.entry.engine else {
                    results.append((look.key, look.entry.version, nil, false))
                    continue
                }
                let (next, queued) = engine.lookForStall(
                    at: woke, tick: reading, queuedBefore: look.entry.queued, since: look.entry.since)
                results.append((look.key, look.entry.version, next, queued))
            }

            condition.lock()
            for result in results {
                // Stopped meanwhile: the run is over.
                guard var entry = watched[result.key] else { continue }
                entry.since = nil
                entry.queued = result.queued
                if let next = result.next {
                    entry.wakes = entry.version == result.version ? next : min(entry.wakes, next)
                    watched[result.key] = entry
                } else if entry.version == result.version {
                    watched[result.key] = nil
                } else {
                    // The run told of a wait while it was looked at: that wait is watched.
                    watched[result.key] = entry
                }
            }
            condition.unlock()
            // Each tick hands over probes of its own: one lost or held for good must not
            // stand for every tick after it, for every run the process watches.
            probes = nil
        }
    }

    /// The probes of a tick: one on the main queue, one on the global
    /// executor at each priority the watched runs' work has run at and at
    /// the default one.
    private struct Probes {
        let mainQueue: ExecutorProbe
        let globalExecutor: [UInt8: ExecutorProbe]

        init(handingOverFor engines: [ReplayEngine]) {
            var priorities: Set<UInt8> = [TaskPriority.medium.rawValue]
            for engine in engines { priorities.formUnion(engine.workPriorities) }
            mainQueue = .mainQueue()
            var global: [UInt8: ExecutorProbe] = [:]
            for priority in priorities.sorted() {
                global[priority] = .globalExecutor(priority: TaskPriority(rawValue: priority))
            }
            globalExecutor = global
        }

        func reading(began: ContinuousClock.Instant, due: ContinuousClock.Instant) -> WatchdogTick {
            WatchdogTick(
                began: began, due: due, mainQueue: mainQueue.heldBack,
                globalExecutor: globalExecutor.mapValues(\.heldBack))
        }

    }
}

extension ReplayEngine {
    /// The most the stall timeout is drawn out by time the executors were
    /// busy elsewhere, as a multiple of it, or ``leastMostStarved``,
    /// whichever is longer: a global executor held back for good still ends
    /// the wait after it. (A main thread blocked for good ends the wait too,
    /// but the replay can finish its report only on the main actor, so it
    /// returns once the main thread is free again: measured, a handler that
    /// waited 200 s on a semaphore made the replay return after 200 s. One
    /// that stays blocked longer ends the process: see ``MainQueueWatch``.)
    static let mostStarvedStallTimeouts = 15

    /// The least time held back that draws the stall timeout out, however
    /// short the timeout. A whole test suite run side by side on two cores
    /// with other builds beside it (load average 10–12) held correct replays
    /// back for more than 30 s, 15 default timeouts, and they were reported
    /// "still busy" (4 of 4 full runs of this package's tests failed so, in
    /// two engineers' worktrees; 1 of 1 passed with the cap at 150 timeouts).
    /// Two minutes is longer than that whole run took.
    static let leastMostStarved: Duration = .seconds(120)

    /// How long time held back may draw out a stall timeout of `timeout`.
    static func mostStarved(for timeout: Duration) -> Duration {
        max(timeout * mostStarvedStallTimeouts, leastMostStarved)
    }

    /// Has the process's watchdog watch the wait ending at `deadline`.
    func watchStall(from deadline: ContinuousClock.Instant) {
        StallWatchdog.shared.watch(self, until: deadline, tick: options.stallTimeout / 10)
    }

    /// The watchdog's look at this run at `now`, at the end of `tick`: ends
    /// the wait whose deadline passed, or moves its deadline on when the
    /// implementation made progress or could not run meanwhile.
    ///
    /// - Parameters:
    ///   - queuedBefore: Whether tracked work was queued at the last look, as the tick began.
    ///   - since: When the watchdog began to watch the run, if during the tick.
    /// - Returns: When the watchdog should look at the run next (`nil`: no
    ///   more, until a wait tells it again), and whether tracked work is queued now.
    func lookForStall(
        at now: ContinuousClock.Instant, tick: WatchdogTick, queuedBefore: Bool, since: ContinuousClock.Instant?
    ) -> (next: ContinuousClock.Instant?, queued: Bool) {
        let (next, stalled, queued) = state.withLock { state in
            let queued = hasQueuedWork(state.work)
            let starved = state.work.starvedTime(
                in: tick, endingAt: now, queuedGlobalWork: queued || queuedBefore, since: since)
            let (next, stalled) = state.work.expireWaiter(
                at: now, stallTimeout: options.stallTimeout, starved: starved,
                mostStarved: Self.mostStarved(for: options.stallTimeout))
            return (next, stalled, queued)
        }
        stalled?.resume(returning: .busy)
        return (next, queued)
    }

    /// Whether the run may have tracked work waiting its turn on an executor:
    /// a job its work handed over that has not run yet (where the runtime
    /// watch follows them, see ``WatchedJobs``), or tracked work that is
    /// neither finished nor waiting on the replay, which may be a task that
    /// something the replay does not follow resumed (a sleep in real time,
    /// a continuation resumed from a thread).
    ///
    /// When neither holds, the run waits only for what it cannot see — an
    /// effect that never comes, work that no lease follows — and no job of
    /// its own is held back.
    private func hasQueuedWork(_ work: ReplayWorkTracker) -> Bool {
        !work.isIdle() || runsWatchedJobs
    }

    /// The priorities the implementation's work has run at.
    var workPriorities: Set<UInt8> { state.withLock { $0.work.workPriorities } }

    /// Stops watching stalls when the run is over.
    func stopWatchingStalls() {
        state.withLock { $0.work.watchedUntil = nil }
        StallWatchdog.shared.stopWatching(self)
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take a `TimeInterval`.
    fileprivate var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
