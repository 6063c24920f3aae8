#if WebKitGTK
import CWebKitGTK
import Foundation
import HybridReplaySeams

/// The one thread that owns GTK and runs the global default GLib main
/// context, and the queue every WebKitGTK call goes through.
///
/// GTK and WebKitGTK may only be used from the thread that initialised GTK
/// and iterates its main context; Swift tasks run on a thread pool, so each
/// call is queued as an idle source and runs on this thread in the order it
/// was made. GTK can be initialised once per process, so there is one thread.
final class GTKThread: Sendable {
    /// Starts the thread on first use and waits until GTK is initialised.
    ///
    /// - Throws: ``WebKitGTKError`` when GTK cannot open a display.
    static func shared() async throws(WebKitGTKError) -> GTKThread {
        let result: Result<GTKThread, WebKitGTKError> = await withCheckedContinuation { continuation in
            startup.start(continuation)
        }
        return try result.get()
    }

    fileprivate static let startup = Startup()

    fileprivate init() {}

    /// Ends the process quickly when it exits; call on the GTK thread each
    /// time a web view is made.
    ///
    /// `exit()` runs its handlers, then library destructors, in the reverse
    /// order of registration, on the thread that called it, while WebKit's
    /// own threads (IPC receive queues, the memory pressure monitor,
    /// JavaScriptCore's JIT workers) keep running and using the statics
    /// being destroyed. That corrupted the heap at exit now and then
    /// (`malloc(): unsorted double linked list corrupted`, SIGABRT, after
    /// `cassette verify --web --repeat 20` had printed its summary). So at
    /// exit this handler stops the main loop (GTK then runs nothing more),
    /// flushes the C streams, writes the code-coverage profile when the
    /// process was built for coverage (its own exit handler is skipped too),
    /// and ends the process with the same status through `_exit`, before any
    /// WebKit destructor registered earlier runs. It is registered again for
    /// every web view, after whatever WebKit set up for the ones before it;
    /// the first to run ends the process.
    func endProcessOnExit() {
        on_exit({ status, _ in
            GTKThread.startup.stop()
            fflush(nil)
            hr_write_coverage_profile()
            _exit(status)
        }, nil)
    }

    /// Runs `work` on the GTK thread after every call queued before it.
    func perform(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        _ = hr_idle_add({ data in
            guard let data else { return 0 }
            Unmanaged<WorkBox>.fromOpaque(data).takeRetainedValue().work()
            return 0  // G_SOURCE_REMOVE: run once.
        }, box)
    }
}

private final class WorkBox {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}

/// Starts the GTK thread once and tells every caller how that went.
///
/// `@unchecked`: everything is behind `shared`'s lock or is a semaphore.
private final class Startup: @unchecked Sendable {
    typealias Waiter = CheckedContinuation<Result<GTKThread, WebKitGTKError>, Never>

    private enum State {
        case idle
        case starting([Waiter])
        case finished(Result<GTKThread, WebKitGTKError>)
    }

    private struct Shared {
        var state = State.idle
        /// The running main loop, set once on the GTK thread before `atexit` can read it.
        var loop: OpaquePointer?
        var gtkThread: Thread?
    }

    private let shared = Locked(Shared())
    /// Signalled when the main loop has returned.
    private let stopped = DispatchSemaphore(value: 0)

    func start(_ waiter: Waiter) {
        let finished = shared.withLock { shared -> Result<GTKThread, WebKitGTKError>?? in
            switch shared.state {
            case .finished(let result): return .some(result)
            case .starting(let waiters):
                shared.state = .starting(waiters + [waiter])
                return .some(nil)
            case .idle:
                shared.state = .starting([waiter])
                return nil
            }
        }
        switch finished {
        case .some(.some(let result)): waiter.resume(returning: result)
        case .some(.none): break
        case .none:
            let thread = Thread { [self] in run() }
            thread.name = "HybridReplay.WebKitGTK"
            thread.start()
        }
    }

    /// The thread's body: initialise GTK, report, then run the main loop until exit.
    private func run() {
        let result: Result<GTKThread, WebKitGTKError> =
            gtk_init_check() != 0 ? .success(GTKThread()) : .failure(.noDisplay)
        let waiters = shared.withLock { shared -> [Waiter] in
            defer { shared.state = .finished(result) }
            if case .starting(let pending) = shared.state { return pending }
            return []
        }
        guard case .success = result, let loop = g_main_loop_new(nil, 0) else {
            for waiter in waiters { waiter.resume(returning: result) }
            return
        }
        shared.withLock { shared in
            shared.loop = loop
            shared.gtkThread = Thread.current
        }
        for waiter in waiters { waiter.resume(returning: result) }
        g_main_loop_run(loop)
        stopped.signal()
    }

    /// Quits the main loop and waits briefly for the dispatch in progress to end.
    func stop() {
        let (loop, thread) = shared.withLock { ($0.loop, $0.gtkThread) }
        // exit() called from a handler on the GTK thread itself cannot wait for it.
        guard let loop, let thread, thread != Thread.current else { return }
        g_main_loop_quit(loop)
        _ = stopped.wait(timeout: .now() + .seconds(5))
    }
}
#endif
