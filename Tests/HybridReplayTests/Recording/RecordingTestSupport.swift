import Foundation
@testable import HybridReplay

/// A clock that moves only when a test advances it, so `at` values are exact.
final class RecordingTestClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)

    var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    var minimumResolution: Duration { .nanoseconds(1) }

    /// Moves the clock forward by `duration`.
    func advance(by duration: Duration) {
        lock.lock()
        current = current.advanced(by: duration)
        lock.unlock()
    }

    /// Moves the clock to `instant`, even backwards.
    func set(to offset: Duration) {
        lock.lock()
        current = Instant(offset: offset)
        lock.unlock()
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

/// Tasks app code starts from its handlers, so a test can wait for them.
final class AppTasks: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []

    /// Starts `work` as app code does in a handler: a `Task` that inherits the caller's task-locals.
    func start(_ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        lock.lock()
        tasks.append(task)
        lock.unlock()
    }

    /// Waits until every task started so far, and those they start, finish.
    func settle() async {
        while true {
            let pending = takeAll()
            if pending.isEmpty { return }
            for task in pending { await task.value }
        }
    }

    private func takeAll() -> [Task<Void, Never>] {
        lock.lock()
        defer { lock.unlock() }
        let pending = tasks
        tasks.removeAll()
        return pending
    }
}

/// A recorder with a clock that stands still, so every `at` is 0.
func stillRecorder(_ redaction: Redaction = .default, name: String = "test") -> Recorder {
    Recorder(name: name, redaction: redaction, clock: RecordingTestClock())
}

/// The events in a form that reads well in a failed expectation:
/// `2 http.request cause 1: GET https://a.test/`.
func outline(_ events: [Event]) -> [String] {
    events.map { event in
        var line = "\(event.id) \(event.kind)"
        if let cause = event.cause { line += " cause \(cause)" }
        if let answers = event.answers { line += " answers \(answers)" }
        let summary = event.payload.summary
        return summary.isEmpty ? line : "\(line): \(summary)"
    }
}
