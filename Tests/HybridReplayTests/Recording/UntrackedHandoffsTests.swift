import Foundation
@testable import HybridReplay
import HybridReplayRuntimeWatch
import Testing

/// What the recorder counts around a lifecycle notification's delivery:
/// work handed off to run later, which may make effects without a cause.
@Suite("Untracked handoffs")
struct UntrackedHandoffsTests {
    @Test("main-queue blocks, delayed blocks, global-queue blocks, detached tasks and main-actor tasks are counted; plain code is not")
    func handoffsAreCounted() async throws {
        // The count comes from the runtime watch, which the testing glue installs while it
        // records; installed here, not borrowed from whichever other test has it installed.
        try await RuntimeWatchInstallation.during { try await Self.countHandoffs() }
    }

    @MainActor
    static func countHandoffs() async throws {
        // Dispatch is seen once a block has gone through it in this process.
        await withCheckedContinuation { continuation in DispatchQueue.global().async { continuation.resume() } }
        try #require(UntrackedHandoffs.count() != nil, "this build does not take dispatch_async calls")
        var state = 0
        #expect(UntrackedHandoffs.noneLeft { state += 1 })
        #expect(!UntrackedHandoffs.noneLeft { DispatchQueue.main.async { state += 1 } })
        #expect(!UntrackedHandoffs.noneLeft { DispatchQueue.main.asyncAfter(deadline: .now()) { state += 1 } })
        #expect(!UntrackedHandoffs.noneLeft { DispatchQueue.global().async {} })
        #expect(!UntrackedHandoffs.noneLeft { Task.detached {} })
        #expect(!UntrackedHandoffs.noneLeft { Task { @MainActor in state += 1 } })
    }
}
