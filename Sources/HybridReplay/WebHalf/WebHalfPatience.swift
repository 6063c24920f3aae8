/// How long a web-half replay waits for the page's next step: a timer that
/// runs only while the page could act.
///
/// It does not run while the engine works on its own (a load, an evaluation
/// the replay asked for), and starts afresh, whole, each time the engine falls
/// idle, so a slow machine makes the wait longer, never the verdict different.
/// It lives on the main actor with the session that owns it.
@MainActor
final class WebHalfPatience {
    let duration: Duration
    private let clock: any Clock<Duration>
    /// The run waiting for the page, resumed with whether the page did something.
    private var waiter: CheckedContinuation<Bool, Never>?
    private var timer: Task<Void, Never>?
    /// Set once the replay's task is cancelled, as by a test's time limit: the run stops waiting.
    private(set) var cancelled = false

    init(_ duration: Duration, clock: any Clock<Duration>) {
        self.duration = duration
        self.clock = clock
    }

    /// Suspends until the page does something (``pageActed()``), the
    /// patience runs out or the task is cancelled; `false` when it ran out
    /// or was cancelled.
    ///
    /// - Parameter engineBusy: Whether the engine is working on its own now.
    func wait(engineBusy: Bool) async -> Bool {
        let acted = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter = continuation
                update(engineBusy: engineBusy)
            }
        } onCancel: {
            // Runs after the waiter above is set: both are on the main actor, and this hops there.
            Task { @MainActor [weak self] in
                self?.cancelled = true
                self?.wake(acted: false)
            }
        }
        return acted && !cancelled
    }

    /// Whether the run is waiting for the page.
    var isWaiting: Bool { waiter != nil }

    /// The page did something the run waits on: the wait ends.
    func pageActed() { wake(acted: true) }

    /// Runs the timer while the run waits and the engine is idle, and stops it while the engine works.
    func update(engineBusy: Bool) {
        guard waiter != nil, !engineBusy else {
            stop()
            return
        }
        guard timer == nil else { return }
        let (duration, clock) = (duration, clock)
        timer = Task { @MainActor [weak self] in
            try? await clock.sleep(for: duration)
            guard !Task.isCancelled, let self else { return }
            self.wake(acted: false)
        }
    }

    /// Stops the timer; a wait goes on until something else ends it.
    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func wake(acted: Bool) {
        stop()
        waiter?.resume(returning: acted)
        waiter = nil
    }
}
