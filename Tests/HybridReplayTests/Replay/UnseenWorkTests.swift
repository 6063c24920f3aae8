import Dispatch
import Foundation
@testable import HybridReplay
import HybridReplayRuntimeWatch
import Testing

/// What the replay learns of work it cannot track: a missing effect waits for
/// such work within the stall timeout only when the run showed some. The
/// runtime watch is installed as the testing glue installs it for a replay.
@Suite("Work the replay cannot see")
struct UnseenWorkTests {
    static func engine() -> ReplayEngine {
        ReplayEngine(cassette: makeCassette([]), options: fastReplay)
    }

    @Test("a block handed to another queue from the replay's work runs as that work, not as unseen work (Linux)")
    func globalQueueBlock() async throws {
        let engine = Self.engine()
        let leased = Locked<Bool?>(nil)
        await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                engine.withLease {
                    DispatchQueue.global().async {
                        leased.withLock { $0 = ReplayContext.lease?.engine === engine }
                        // The test's own task is not the replay's work: resumed from outside it.
                        ReplayContext.$lease.withValue(nil) { done.resume() }
                    }
                }
            }
        }
        #expect(!engine.sawUnseenWork)
        #if os(Linux)
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        #expect(leased.withLock { $0 } == true, "the block carries the lease of the code that handed it over")
        #endif
    }

    /// Answers the page from work it hands off: a block on a global queue, or a `Thread`.
    @MainActor final class HandingOffAnswerer: NSObject, ScriptMessageHandler {
        enum HandOff { case globalQueue, thread }

        let webView: any WebView
        let handOff: HandOff
        let forgets: Bool

        init(platform: Platform, handOff: HandOff, forgets: Bool) {
            webView = platform.webView
            self.handOff = handOff
            self.forgets = forgets
            super.init()
            webView.add(self, name: "ask")
        }

        func didReceive(_ message: ScriptMessage) {
            let (webView, forgets) = (webView, forgets)
            let answer: @Sendable () -> Void = {
                guard !forgets else { return }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { webView.evaluateJavaScript("answer()", completionHandler: nil) }
                }
            }
            switch handOff {
            case .globalQueue: DispatchQueue.global().async(execute: answer)
            case .thread: Thread(block: answer).start()
            }
        }

        nonisolated static let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "ask", body: .null)),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "answer()")),
            Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(.null))),
        ])

        nonisolated static func replay(_ handOff: HandOff, forgets: Bool, stallTimeout: Duration = .seconds(2)) async -> ReplayReport {
            await RuntimeWatchInstallation.during {
                await Replayer(cassette: cassette, options: ReplayOptions(stallTimeout: stallTimeout)).replay { platform in
                    await HandingOffAnswerer(platform: platform, handOff: handOff, forgets: forgets)
                }
            }
        }
    }

    @Test("an answer forgotten inside a block on another queue is reported once the block has run, without waiting the stall timeout (Linux)")
    func forgottenInsideABlock() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        #expect(await HandingOffAnswerer.replay(.globalQueue, forgets: false).passed)
        let report = await HandingOffAnswerer.replay(.globalQueue, forgets: true)
        let stall = try #require(report.issues.first?.stall, "\(report)")
        #expect(!stall.waitedForUnseenWork, "\(report)")
        #expect(!stall.wasBusy, "\(report)")
    }

    @Test("a Thread started from the replay's work is a sign of unseen work: its answer is waited for, and a forgotten one is reported naming the thread (Linux)")
    func startedThread() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        // A correct run never waits this out; a forgetful one waits it once.
        #expect(await HandingOffAnswerer.replay(.thread, forgets: false, stallTimeout: .seconds(60)).passed)
        let report = await HandingOffAnswerer.replay(.thread, forgets: true, stallTimeout: .milliseconds(300))
        let stall = try #require(report.issues.first?.stall, "\(report)")
        #expect(stall.waitedForUnseenWork, "\(report)")
        #expect(stall.unseenWork?.contains("1 thread started from its work (Thread)") == true, "\(report)")
    }

    @Test("a barrier work item, which goes over as it is, is a sign of unseen work (Linux)")
    func barrierBlock() async throws {
        let engine = Self.engine()
        let leased = Locked<Bool?>(nil)
        let queue = DispatchQueue(label: "unseen-work.barrier", attributes: .concurrent)
        await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                engine.withLease {
                    // `dispatch_async` reads the barrier from the item, so carrying it would lose it.
                    queue.async(execute: DispatchWorkItem(flags: .barrier) {
                        leased.withLock { $0 = ReplayContext.lease != nil }
                        ReplayContext.$lease.withValue(nil) { done.resume() }
                    })
                }
            }
        }
        #if os(Linux)
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        #expect(leased.withLock { $0 } == false, "a barrier block runs as libdispatch runs it, with nothing carried")
        #expect(engine.sawUnseenWork)
        #expect(engine.unseenWorkSummary?.contains("1 block handed to a Dispatch queue other than the main queue") == true)
        #endif
    }

    @Test("a block handed to the main queue is not: the replay drains the main queue itself, and the block runs as the replay's work (Linux)")
    func mainQueueBlock() async throws {
        let engine = Self.engine()
        let leased = Locked<Bool?>(nil)
        await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                engine.withLease {
                    DispatchQueue.main.async {
                        leased.withLock { $0 = ReplayContext.lease?.engine === engine }
                        // The test's own task is not the replay's work: resumed from outside it.
                        ReplayContext.$lease.withValue(nil) { done.resume() }
                    }
                }
            }
        }
        #expect(!engine.sawUnseenWork)
        #if os(Linux)
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        #expect(leased.withLock { $0 } == true, "the block carries the lease of the code that handed it over")
        #endif
    }

    @Test("a block handed to a global queue outside the replay's work is not counted")
    func blockOutsideTheRun() async {
        let engine = Self.engine()
        await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async { ran.resume() }
            }
        }
        #expect(!engine.sawUnseenWork)
    }

    /// The address the engine knows the calling task by.
    static func currentTask() -> UInt {
        withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UInt.self) } } ?? 0
    }

    @Test("a detached task started from the replay's work is a sign of unseen work; one that inherits the lease and calls a seam is not")
    func detachedAndInheritedTasks() async {
        let detached = Self.engine()
        let detachedTask = await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (ran: CheckedContinuation<UInt, Never>) in
                detached.withLease { _ = Task.detached { ran.resume(returning: Self.currentTask()) } }
            }
        }
        #expect(detached.unseen.withLock { $0.unclaimed.contains(detachedTask) })
        #expect(detached.sawUnseenWork)
        #expect(detached.unseenWorkSummary?.contains("Task.detached") == true)

        let inherited = Self.engine()
        let platform = Platform(replaying: inherited)
        let inheritedTask = await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (done: CheckedContinuation<UInt, Never>) in
                inherited.withLease {
                    _ = Task {
                        platform.routes.show(NativeRoute(name: "home"))
                        done.resume(returning: Self.currentTask())
                    }
                }
            }
        }
        #expect(inheritedTask != 0)
        #expect(!inherited.unseen.withLock { $0.unclaimed.contains(inheritedTask) })
    }

    @Test("a task group's child that makes no call is not a sign of unseen work: it holds the lease its parent waits with")
    func childTaskWithoutCall() async {
        let engine = Self.engine()
        let platform = Platform(replaying: engine)
        await RuntimeWatchInstallation.during {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                engine.withLease {
                    _ = Task {
                        // The parent shows it holds the lease; its children never call a seam.
                        platform.routes.show(NativeRoute(name: "home"))
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {}
                            group.addTask {}
                        }
                        async let child: Void = ()
                        await child
                        ReplayContext.$lease.withValue(nil) { done.resume() }
                    }
                }
            }
        }
        #expect(engine.unseen.withLock { $0.unclaimed.isEmpty })
        #expect(!engine.sawUnseenWork)
    }
}
