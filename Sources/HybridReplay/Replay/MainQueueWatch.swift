import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process, with a report on standard error, when the main queue
/// stays blocked while a replay or a recording is in progress.
///
/// A replay delivers most stimuli on the main actor and waits for the
/// delivery there; a recording waits on the main actor too. Code that blocks
/// the main queue for good — on Linux, a `NotificationCenter` post from
/// main-actor code to an observer on `queue: .main`, which Foundation
/// (swift-corelibs) queues on `OperationQueue.main` and waits for on the main
/// queue the poster occupies — leaves the replay waiting for a delivery that
/// never ends. No stall timeout can end that wait: the replay finishes its
/// report only on the main actor, and the test runner ends the process from
/// the main queue too, so neither the report nor the test's verdict can reach
/// anyone while the main queue is blocked. So this watch, on a thread of its
/// own that needs no executor, says what happened on standard error and
/// exits the process with a failure status. It is the one place the library
/// writes to standard error: the other way out is a process that hangs with
/// no word.
///
/// The watch hands a probe (see ``ExecutorProbe``) to the main queue and
/// counts how long it waits its turn, but only time in which the machine
/// could have run it: a tick counts when the watch woke on time and a probe
/// on the global executor ran within the tick. A starved machine
/// (ThreadSanitizer, busy loops beside the tests) is waited for however long
/// it holds the main queue back. A main queue blocked while
/// `OperationQueue.main` holds an operation that has not run — the
/// `NotificationCenter` deadlock's signature — ends the process after the
/// stall timeout (at least the default two seconds); one blocked otherwise
/// after ``ReplayEngine/mostStarved(for:)`` (two minutes at least), since
/// code may legitimately block the main queue for a while and then let go
/// (see ``MainQueueBlockage``). Ticks and limits scale with the stall
/// timeout, which scales under ThreadSanitizer (``ThreadSanitizerScaling``).
/// A replay that blocks nothing never waits for the watch: it costs a probe
/// on the main queue and one on the global executor per tenth of the stall
/// timeout while replays run.
package final class MainQueueWatch: @unchecked Sendable {
    /// The process's watch.
    package static let shared = MainQueueWatch(onBlocked: { report in MainQueueWatch.endProcess(report) })

    /// What the watch found: the main queue blocked while runs were in progress.
    struct Blocked: Sendable, Equatable {
        /// How long the main queue ran nothing, counting only time it could have run.
        var blockedFor: Duration
        /// Whether `OperationQueue.main` held an operation that had not run.
        var operationQueueMainWaits: Bool
        /// What each run in progress was doing, as it describes itself.
        var runs: [String]
    }

    /// A run the watch watches: how to describe it, and its stall timeout.
    private struct Watched {
        var describe: @Sendable () -> String
        var stallTimeout: Duration
    }

    /// A run the watch watches, until ``end(_:)``.
    package struct Token: Sendable {
        fileprivate let id: Int
    }

    /// Guards everything below and wakes the thread.
    private let condition = NSCondition()
    private var watched: [Int: Watched] = [:]
    private var nextID = 0
    private var started = false
    /// Whether the thread waits for a run to watch: only then does a new run wake it,
    /// so a replay that begins while others are watched costs a lock and nothing more.
    private var waitingForRuns = false
    private let onBlocked: @Sendable (Blocked) -> Void
    /// Whether `OperationQueue.main` holds an operation that has not run; a
    /// test replaces it.
    private let operationQueueMainWaits: @Sendable () -> Bool

    /// The least time a main queue blocked while `OperationQueue.main` waits
    /// is waited for, however short the stall timeout.
    private let leastBlocked: Duration

    /// - Parameter leastBlocked: See ``MainQueueBlockage/limit(stallTimeout:operationQueueMainWaits:leastBlocked:)``.
    init(
        leastBlocked: Duration = MainQueueBlockage.leastBlocked,
        onBlocked: @escaping @Sendable (Blocked) -> Void,
        operationQueueMainWaits: @escaping @Sendable () -> Bool = { OperationQueue.main.operationCount > 0 }
    ) {
        self.leastBlocked = leastBlocked
        self.onBlocked = onBlocked
        self.operationQueueMainWaits = operationQueueMainWaits
    }

    /// Watches the main queue until ``end(_:)``, for a run whose stall
    /// timeout is `stallTimeout` and that `describe` names in the report.
    package func begin(stallTimeout: Duration, describe: @escaping @Sendable () -> String) -> Token {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        watched[nextID] = Watched(describe: describe, stallTimeout: stallTimeout)
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "HybridReplay main-queue watch"
            thread.start()
        } else if waitingForRuns {
            condition.signal()
        }
        return Token(id: nextID)
    }

    /// Stops watching the run of `token`.
    package func end(_ token: Token) {
        condition.lock()
        watched[token.id] = nil
        condition.unlock()
    }

    /// Runs `body` — a recording of `name` — under the watch, with the stall
    /// timeout of `options` as this process counts it (see ``ThreadSanitizerScaling``).
    package func recording<Result>(
        _ name: String, options: ReplayOptions, _ body: () async throws -> Result
    ) async rethrows -> Result {
        let token = begin(stallTimeout: ThreadSanitizerScaling.scaled(options).stallTimeout) {
            "the recording of \"\(name)\" waited for it"
        }
        defer { end(token) }
        return try await body()
    }

    /// The thread's loop: while runs are watched, hands the main queue a probe
    /// and counts, tick by tick, how long it waits while the machine runs
    /// other work.
    private func run() {
        var mainQueue: ExecutorProbe?
        var blockage = MainQueueBlockage()
        while true {
            condition.lock()
            guard let stallTimeout = watched.values.map(\.stallTimeout).min() else {
                waitingForRuns = true
                condition.wait()
                waitingForRuns = false
                condition.unlock()
                mainQueue = nil
                continue
            }
            condition.unlock()
            let tick = max(stallTimeout / 10, .milliseconds(10))
            let probe = mainQueue ?? .mainQueue()
            mainQueue = probe
            let global = ExecutorProbe.globalExecutor(priority: .medium)
            let began = ContinuousClock.now
            let due = began.advanced(by: tick)
            condition.lock()
            while ContinuousClock.now < due, !watched.isEmpty {
                _ = condition.wait(until: Date(timeIntervalSinceNow: ContinuousClock.now.duration(to: due).watchSeconds))
            }
            let runs = watched.values.map(\.describe)
            condition.unlock()
            guard !runs.isEmpty else { continue }
            let ran = probe.heldBack != nil
            // The main queue ran: the next tick hands it a new probe.
            if ran { mainQueue = nil }
            blockage.count(
                tick: tick, mainQueueRan: ran, late: due.duration(to: .now), globalExecutorHeldBack: global.heldBack)
            guard blockage.blockedFor > .zero else { continue }
            let waits = operationQueueMainWaits()
            let limit = MainQueueBlockage.limit(
                stallTimeout: stallTimeout, operationQueueMainWaits: waits, leastBlocked: leastBlocked)
            if blockage.blockedFor >= limit {
                onBlocked(Blocked(blockedFor: blockage.blockedFor, operationQueueMainWaits: waits, runs: runs.map { $0() }))
                mainQueue = nil
                blockage = MainQueueBlockage()
            }
        }
    }

    /// What the report says, in full.
    static func report(_ blocked: Blocked) -> String {
        var lines = [
            "HybridReplay: the main queue is blocked: a block handed to it has waited \(blocked.blockedFor) of real time"
                + " in which it could have run, while \(blocked.runs.joined(separator: "; and "))."
        ]
        if blocked.operationQueueMainWaits {
            lines.append(
                "OperationQueue.main holds an operation that cannot run: on Linux, NotificationCenter.post from main-actor code"
                    + " to an observer added with `queue: .main` deadlocks (Foundation queues the observer on OperationQueue.main"
                    + " and waits for it on the main queue the poster occupies; on Apple platforms it runs the observer inline)."
                    + " Observe with `queue: nil`, or post from off the main actor.")
        } else {
            lines.append(
                "Code on the main queue waits for something that does not come: a DispatchQueue.main.sync, a semaphore,"
                    + " a lock or an OperationQueue wait from main-actor code, or a NotificationCenter.post to an observer on"
                    + " `queue: .main`.")
        }
        lines.append("See docs/writing-app-code-that-replays.md#notificationcenter-observers-on-queue-main.")
        lines.append(
            "The tests cannot report while the main queue is blocked (the replay and the test runner finish on it),"
                + " so the process exits now with status \(exitStatus).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The status the process exits with when the main queue stays blocked.
    static let exitStatus: Int32 = 70  // EX_SOFTWARE

    /// Writes the report and ends the process.
    private static func endProcess(_ blocked: Blocked) {
        let text = report(blocked)
        text.utf8CString.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let written = write(2, buffer.baseAddress.map { $0 + offset }, count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        // Not `exit`: its handlers may wait for the main queue, which is blocked.
        _exit(exitStatus)
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take a `TimeInterval`.
    fileprivate var watchSeconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// How long the main queue has been blocked, counted tick by tick by the
/// main-queue watch: only ticks in which the machine could have run it count.
struct MainQueueBlockage: Sendable, Equatable {
    /// How long the main queue has run nothing handed to it, counting only
    /// ticks in which the watch woke on time and the global executor ran its probe.
    private(set) var blockedFor: Duration = .zero

    /// The least time a main queue blocked while `OperationQueue.main` waits
    /// is waited for: the default stall timeout, as this process counts it.
    /// A test's short stall timeout (50 ms) must not end the process because
    /// a main-actor job of a test beside it ran that long.
    static let leastBlocked = ReplayOptions().stallTimeout * ThreadSanitizerScaling.factor

    /// Counts one tick of length `tick`.
    ///
    /// - Parameters:
    ///   - mainQueueRan: Whether the main queue ran the watch's probe by the tick's end.
    ///   - late: How much later than asked the watch woke.
    ///   - globalExecutorHeldBack: How long the global executor held the tick's probe back; `nil` if it has not run.
    mutating func count(tick: Duration, mainQueueRan: Bool, late: Duration, globalExecutorHeldBack: Duration?) {
        guard !mainQueueRan else {
            blockedFor = .zero
            return
        }
        // Time the machine held the watch or the global executor back is not counted:
        // the main queue may only be starved, not blocked.
        let wokeOnTime = late < tick / 2
        let globalRan = globalExecutorHeldBack.map { $0 <= tick } ?? false
        if wokeOnTime, globalRan { blockedFor += tick }
    }

    /// How long the main queue may stay blocked before the watch ends the
    /// process: the stall timeout (at least `leastBlocked`) while
    /// `OperationQueue.main` holds an operation that has not run, the
    /// `NotificationCenter` deadlock's signature; otherwise as long as the
    /// stall watchdog lets executors be held back
    /// (``ReplayEngine/mostStarved(for:)``, two minutes at least), since
    /// code may block the main queue for a while and let go.
    static func limit(stallTimeout: Duration, operationQueueMainWaits: Bool, leastBlocked: Duration) -> Duration {
        operationQueueMainWaits ? max(stallTimeout, leastBlocked) : ReplayEngine.mostStarved(for: stallTimeout)
    }
}

extension ReplayEngine {
    /// What this run was doing, as the main-queue watch's report names it:
    /// the cassette and the last stimulus the replay delivered.
    func mainQueueWatchDescription() -> String {
        let last = state.withLock { state in
            state.matcher.trace.last { $0.payload.direction == .stimulus && $0.eventID != nil }?.eventID
        }
        let delivered = last.map { "; the last stimulus it delivered was \(describe($0))" } ?? "; it had delivered no stimulus"
        return "the replay of \"\(cassette.header.name)\" waited for it\(delivered)"
    }
}
