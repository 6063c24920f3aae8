import Foundation
@testable import HybridReplay
@testable import HybridReplayRuntimeWatch
import Testing

/// The runtime watch is switched on only for a replay, shares the runtime's
/// global-enqueue hook with whatever was there, and puts it back after.
///
/// Each test runs in a process of its own (an exit test): the hook is one
/// slot per process, and the other suites' replays install the watch too.
@Suite("RuntimeWatchInstallation")
struct RuntimeWatchInstallationTests {
    @Test("a hook installed before a replay is called during it, and is back in the slot after")
    func chainsAndRestores() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                await Child.chainsAndRestores()
            })
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }

    @Test("a process that runs no replay under the watch never writes the slot, and its replays see nothing of the runtime")
    func offUnlessInstalled() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                await Child.offUnlessInstalled()
            })
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }

    @Test("replays that overlap keep the watch installed until the last of them ends")
    func overlappingReplays() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                await Child.overlappingReplays()
            })
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }
}

/// What each exit test runs in its own process: a failed check names itself
/// on standard error and exits with a failure status.
private enum Child {
    /// A hook another library installs (as TCA's `useMainSerialExecutor` does): counts, then enqueues.
    nonisolated(unsafe) static let priorHook: EnqueueHook.Hook = { job, original in
        Child.priorCalls.withLock { $0 += 1 }
        original(job)
    }
    static let priorCalls = Locked(0)

    static func check(_ condition: Bool, _ message: String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data("check failed: \(message)\n".utf8))
        exit(EXIT_FAILURE)
    }

    static func slot() -> UnsafeMutablePointer<EnqueueHook.Hook?> {
        guard let slot = EnqueueHook.global.slot else {
            check(false, "the runtime exports no swift_task_enqueueGlobal_hook")
            exit(EXIT_FAILURE)
        }
        return slot
    }

    static func address(_ hook: EnqueueHook.Hook?) -> UnsafeRawPointer? {
        hook.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
    }

    static func engine() -> ReplayEngine {
        ReplayEngine(cassette: Cassette(header: CassetteHeader(name: "watch")), options: ReplayOptions())
    }

    /// Starts a detached task from `engine`'s work and waits for it to run.
    static func detach(from engine: ReplayEngine) async {
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            engine.withLease { _ = Task.detached { ran.resume() } }
        }
    }

    static func chainsAndRestores() async {
        let slot = slot()
        slot.pointee = priorHook
        let engine = engine()
        await RuntimeWatchInstallation.during {
            check(address(slot.pointee) != address(priorHook), "the watch did not install its hook")
            let before = priorCalls.current
            await detach(from: engine)
            check(priorCalls.current > before, "the hook installed before the replay was not called during it")
        }
        check(engine.sawUnseenWork, "the watch did not see the detached task it passed on to the hook before it")
        check(address(slot.pointee) == address(priorHook), "the hook installed before the replay is not back in the slot")
        slot.pointee = nil
    }

    static func offUnlessInstalled() async {
        let slot = slot()
        check(slot.pointee == nil, "the slot held a hook before anything installed one")
        let engine = engine()
        await detach(from: engine)
        check(slot.pointee == nil, "a replay outside the watch wrote the slot")
        check(!engine.sawUnseenWork, "a replay outside the watch saw a detached task")
        check(RuntimeWatch.current.mainQueueEnqueues() == nil, "a replay outside the watch counts main-queue blocks")
        await RuntimeWatchInstallation.during {}
        check(slot.pointee == nil, "the slot was not left empty, as it was found, after a replay under the watch")
        check(RuntimeWatch.current.mainQueueEnqueues() == nil, "main-queue blocks are still counted after the replay")
    }

    static func overlappingReplays() async {
        let slot = slot()
        let first = engine()
        let second = engine()
        await RuntimeWatchInstallation.during {
            await RuntimeWatchInstallation.during { await detach(from: first) }
            check(slot.pointee != nil, "the watch was taken out while a replay still ran under it")
            await detach(from: second)
        }
        check(first.sawUnseenWork && second.sawUnseenWork, "a replay under the watch did not see its detached task")
        check(slot.pointee == nil, "the slot was not emptied after the last replay ended")
    }
}
