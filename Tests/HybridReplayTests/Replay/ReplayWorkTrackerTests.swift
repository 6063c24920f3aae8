@testable import HybridReplay
import Testing

/// The work tracker driven by plain calls: when the implementation is idle, and what counts as activity.
@Suite("Replay work tracker")
struct ReplayWorkTrackerTests {
    @Test("with no live work the implementation is idle and finished")
    func noWorkIsIdleAndFinished() {
        let tracker = ReplayWorkTracker()
        #expect(tracker.isIdle())
        #expect(tracker.isIdle(finished: true))
    }

    @Test("live work is idle once it waits on the replay, and finished only once its lease ends")
    func waitingWorkIsIdleNotFinished() {
        var tracker = ReplayWorkTracker()
        let lease = tracker.beginLease()
        #expect(!tracker.isIdle())
        tracker.beginWait(lease)
        #expect(tracker.isIdle())
        #expect(!tracker.isIdle(finished: true))
        tracker.endWait(lease)
        #expect(!tracker.isIdle())
        tracker.endLease(lease)
        #expect(tracker.isIdle(finished: true))
    }

    @Test("a wait under a lease that ended, or under none, changes nothing")
    func waitWithoutLiveLeaseIsIgnored() {
        var tracker = ReplayWorkTracker()
        let ended = tracker.beginLease()
        tracker.endLease(ended)
        tracker.beginWait(ended)
        tracker.beginWait(nil)
        #expect(tracker.isIdle(finished: true))
        let live = tracker.beginLease()
        tracker.endWait(live)
        tracker.beginWait(live)
        #expect(tracker.isIdle(), "a wait ended before it began must not count below zero")
    }

    @Test("activity counts without a waiter, and the first untracked effect is the one named")
    func activityAndUntrackedEffects() {
        var tracker = ReplayWorkTracker()
        #expect(tracker.bump() == nil)
        tracker.count()
        #expect(tracker.activity == 2)
        tracker.noteUntracked(JavaScriptEvaluation(script: "first()"))
        tracker.noteUntracked(JavaScriptEvaluation(script: "second()"))
        #expect(tracker.untrackedEffects == 2)
        #expect(tracker.firstUntrackedEffect?.contains("first()") == true)
    }

    @Test("leases, waiters and watchdogs never share a token")
    func tokensAreDistinct() {
        var tracker = ReplayWorkTracker()
        let tokens = [tracker.beginLease(), tracker.token(), tracker.beginLease(), tracker.token()]
        #expect(Set(tokens).count == tokens.count)
    }

    @Test("the mark moves when work begins, goes on after a wait or makes activity, and stands still while work only waits")
    func markMovesOnlyWhenWorkMayRun() {
        var tracker = ReplayWorkTracker()
        var mark = tracker.mark
        let lease = tracker.beginLease()
        #expect(tracker.mark != mark, "a lease begun is work that runs")
        mark = tracker.mark
        tracker.beginWait(lease)
        #expect(tracker.mark == mark, "work that starts waiting on the replay runs nothing more")
        tracker.endWait(lease)
        #expect(tracker.mark != mark, "a wait that ended lets the work go on")
        mark = tracker.mark
        tracker.count()
        #expect(tracker.mark != mark)
        mark = tracker.mark
        tracker.endWait(nil)
        tracker.beginWait(lease)
        #expect(tracker.mark == mark, "a wait under no lease resumes nothing")
    }

    @Test("time the executors spent on other work moves the stall deadline on, up to its bound, then the wait stalls")
    func starvedTimeMovesTheDeadline() async {
        let start = ContinuousClock.now
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<ReplayEngine.Wait, Never>) in
            var tracker = ReplayWorkTracker()
            tracker.waiter = ReplayWorkTracker.ActivityWaiter(
                token: tracker.token(), continuation: continuation, deadline: start.advanced(by: .seconds(2)),
                seen: tracker.activity, restartsOnActivity: true)
            let bound = Duration.seconds(3)
            let first = tracker.expireWaiter(
                at: start.advanced(by: .milliseconds(2500)), stallTimeout: .seconds(2),
                starved: .seconds(1), mostStarved: bound)
            #expect(first.next == start.advanced(by: .seconds(3)))
            #expect(first.stalled == nil)
            let second = tracker.expireWaiter(
                at: start.advanced(by: .milliseconds(3500)), stallTimeout: .seconds(2),
                starved: .seconds(10), mostStarved: bound)
            #expect(second.next == start.advanced(by: .seconds(5)), "only 2 s of the bound of 3 s were left")
            let third = tracker.expireWaiter(
                at: start.advanced(by: .seconds(6)), stallTimeout: .seconds(2),
                starved: .seconds(1), mostStarved: bound)
            #expect(third.next == nil)
            #expect(tracker.stalled)
            guard let stalled = third.stalled else {
                Issue.record("the wait did not stall once the bound was used up")
                return continuation.resume(returning: .idle)
            }
            stalled.resume(returning: .busy)
        }
        #expect(outcome == .busy)
    }
}
