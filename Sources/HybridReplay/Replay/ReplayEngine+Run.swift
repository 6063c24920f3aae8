/// The scheduler: plays the cassette against the implementation until every
/// stimulus is delivered and every effect has happened, or it diverges.
extension ReplayEngine {
    /// The most times the clock moves past the last recorded event to wake
    /// sleepers: a polling loop would otherwise keep a replay going forever.
    static let wakesPastEnd = 1_000

    /// Plays the cassette, then ends the run.
    ///
    /// Nothing here waits on the wall clock: the scheduler moves on when the
    /// implementation makes an effect or goes idle (see ``WorkLease``); the
    /// stall timeout passes only while work the replay cannot see keeps going.
    func run() async {
        markEngineTask()
        // Set-up may finish registering its handlers in tasks of its own. The settling
        // happens on the main actor, where the first stimulus, if it goes there, is then
        // delivered without a hand-off back and forth (see ReplayEngine+MainQueuePasses.swift).
        if await !onMainActor(settlingFirst: true).settled { await waitUntilIdle(orParked: true) }
        var wakesPastEnd = 0
        while !isStopped {
            // Read before looking for work: an effect that makes a stimulus ready
            // after the look must still count as activity to the wait below.
            let seen = activity
            if let stimulus = readyStimulus() {
                if stimulus.time > now {
                    // Time moves only when the implementation is idle: timers the last
                    // stimulus started register first, and its effects are made at the
                    // time they belong to. A stimulus for the main queue is delivered from there
                    // if nothing comes first (see ReplayEngine+MainQueuePasses.swift). Work that
                    // can only be parked waits for the replay as much as a sleeper does.
                    if await !isParked(), await settleOnMainQueue(before: stimulus, since: seen) == .changed { continue }
                    if isStopped { break }
                    // A timer due before the stimulus fires first; one due at the same
                    // moment fires after it, since its effects were recorded later.
                    if let deadline = earliestSleeper, deadline < stimulus.time {
                        wakeEarliestSleepers()
                        continue
                    }
                }
                // A job the replay's work handed over — a Task.detached that sets a receiver
                // through `await MainActor.run` — runs before the next unsolicited stimulus, as a
                // user acts once the screen is up: the recording waited for it. So does the work
                // an answer set going before the next answer: two children of a task group whose
                // answers were recorded one after the other finish in that order.
                if runsWatchedJobs {
                    if await settle(since: seen) == .changed { continue }
                    if isStopped { break }
                }
                // And so do the blocks app code handed the main queue meanwhile: a group's
                // notification the last answer's work let go answers the page before the next
                // answer comes, as on a device where that answer came first.
                if await runMainQueueBlocks(since: seen) { continue }
                if isStopped { break }
                if let reason = missingReceiver(for: stimulus) {
                    // App code may still register it — a delegate set lazily, or from
                    // DispatchQueue.main.async — so the stimulus waits for the implementation
                    // to go idle, or to be parked; only then will the receiver not come.
                    let outcome = await isParked() ? Wait.idle : await settle(since: seen)
                    if outcome == .changed { continue }
                    if isStopped { break }
                    // A timer due by the stimulus's time may be what brings its receiver about: the
                    // timeout that cancels the request whose recorded cancellation this is fires
                    // first, though at the same moment a timer otherwise fires after the stimulus.
                    if outcome == .idle, let deadline = earliestSleeper, deadline <= stimulus.time {
                        wakeEarliestSleepers()
                        continue
                    }
                    // So may a task asleep in real time due later, where the stimulus was recorded no later
                    // than the replay's time now: the recording's clock did not see that sleep pass (a
                    // simulated recording's `ManualClock`). It wakes now, the clock where it is.
                    if outcome == .idle, earliestHeldSleep != nil, stimulus.time <= now, wakeEarliestHeldSleepInPlace() {
                        continue
                    }
                    // A Task.detached may still register it, as it may still make a missing
                    // effect: wait for that within the stall timeout (a registration is activity).
                    // Exploring does not: a variant hands app code stimuli it may never register
                    // for (a process ending, a dialog), and that wait would end stalled, as a hang.
                    // So may a recorded cancellation's task still be cancelled where no runtime watch
                    // follows app code's jobs: a failed child's parent cancels the group's other
                    // children, but their shared lease already counts as waiting before it runs.
                    if outcome == .idle, !isStalled, !script.explores,
                        options.unseenWork == .expected || sawUnseenWork || awaitsCancellationUnwatched(stimulus),
                        await wait(since: seen, idleEnds: false) == .changed
                    {
                        continue
                    }
                    undeliverable(stimulus, reason)
                    continue
                }
                await deliver(stimulus)
                continue
            }
            // Work that can only be parked is not waited for: every recorded event happened, or
            // what is due can come only from work that waits for something the replay sends.
            let parked = await isParked()
            let outcome = parked ? Wait.idle : await settle(since: seen)
            if outcome == .changed || isStopped { continue }
            guard hasObligations else {
                // Every recorded event happened. A task asleep in real time, held on the replay's
                // clock, due within the stall timeout (as long as a replay used to wait for one),
                // wakes, and what it does then is judged: one more effect after the last is extra.
                if let held = earliestHeldSleep, held <= now + options.stallTimeout, wakesPastEnd < Self.wakesPastEnd {
                    wakesPastEnd += 1
                    wakeEarliestSleepers()
                    continue
                }
                // While the implementation still holds a
                // decision or reply handler and sleeps on the replay's clock, it may yet
                // decide or reply a second time: move the clock on, and judge what it does.
                guard earliestSleeper != nil, holdsSettlementHandlers, wakesPastEnd < Self.wakesPastEnd else { break }
                wakesPastEnd += 1
                wakeEarliestSleepers()
                continue
            }
            if let deadline = earliestSleeper, !hasDueEffect(recordedBefore: deadline) {
                wakeEarliestSleepers()
                continue
            }
            // An effect due was recorded no later than the replay's time now, and nothing is left but
            // work parked, a task asleep in real time among it: the recording's clock did not see that
            // sleep pass (a simulated recording's `ManualClock`, which only the drive moves), so the
            // task wakes now, the clock where it is. One recorded on a clock that did (a live
            // recording's) has the effect after the sleep's end, and a sleep longer than recorded fails.
            if outcome == .idle, earliestHeldSleep != nil, hasDueEffect(recordedBefore: now + .nanoseconds(1)),
                wakeEarliestHeldSleepInPlace()
            {
                continue
            }
            if await failUnansweredCalls() { continue }
            // Exploring: what was recorded but not made holds nothing back.
            if script.explores, outcome == .idle, giveUpBlockingEffects() { continue }
            // An effect is missing only when the implementation has finished its work,
            // not when some of it waits on the replay while the rest may still make it.
            // Parked work finishes only once the replay wakes it, which it will not; nor does
            // idle work when the runtime watch sees nothing else on its way: what waits on the
            // replay then (a timer due after the effect, a call answered after it) is all there is.
            var held = parked
            if outcome == .idle, !parked, options.unseenWork != .expected { held = await isParked(orIdle: true) }
            if outcome == .idle, !held, await settle(since: seen, finished: true) == .changed { continue }
            // Work the replay cannot see may still make it: wait for that within the stall timeout.
            var waitedForUnseen = false
            if outcome == .idle, !held, !isStalled, options.unseenWork == .expected || sawUnseenWork {
                waitedForUnseen = true
                if await wait(since: seen, idleEnds: false) == .changed { continue }
            }
            reportStuck(
                busy: outcome == .busy, stillWaiting: outcome == .idle && !held && !isFinished && !waitedForUnseen,
                waitedForUnseen: waitedForUnseen, parked: parked)
        }
        await finish()
    }

    /// Whether the implementation's work, though not idle, can only be
    /// parked: in a run the runtime watch follows from its start (Linux, the
    /// testing glue's replays), no job the replay's work handed to an
    /// executor is waiting or running (a task not started yet, a task the
    /// replay just woke, a task asleep in real time), no block carrying the
    /// replay's work waits on a Dispatch queue, the main queue has run every
    /// block handed to it, to the end of any chain, and nothing happened
    /// meanwhile, no block went uncarried to another Dispatch queue, and no
    /// effect came from outside the replay's work (a decision or reply handler
    /// the parked task holds changes nothing: only what wakes the task can
    /// call it). What does not wait on the replay then waits for
    /// something only the replay's deliveries bring — a task that drains an
    /// `AsyncStream` the message handler or a delegate yields into, started in
    /// `init` or by a message — so it waits on the replay as much as a sleeper
    /// does: the set-up, a move of the clock and the end of the run need not
    /// wait the stall timeout for it, and an effect due while only such work
    /// is left is missing.
    ///
    /// - Parameter orIdle: Whether idle work counts too: work that waits only
    ///   on the replay (a sleeper, a call's answer) with nothing else on its way.
    func isParked(orIdle: Bool = false) async -> Bool {
        func quiet() -> Bool {
            // Idle work is left to the waits' own path, which passes the main queue only when needed.
            // Idle first: the usual answer before a move of the clock, for one lock.
            (orIdle || state.withLock { !$0.work.isIdle() }) && !runsWatchedJobs && !runsCarriedBlocks
                && !sawUnseenWorkBesideTasks
        }
        // The count of main-queue blocks is the process's: only where it is kept (the watch) is any of this
        // seen, and only for a run the watch follows from its start: another replay's watch, installed
        // meanwhile, follows none of this run's jobs, and a task of its not started yet would pass for parked.
        guard MainQueueBarrier.enqueued != nil, unseen.withLock({ $0.underRuntimeWatch && !$0.ended }), quiet()
        else { return false }
        let seen = activity
        // What app code handed the main queue before now runs first, and what that handed it
        // after, to the end of the chain; other replays' blocks may come meanwhile.
        for _ in 0..<Self.mostMainQueuePasses {
            let counted = MainQueueBarrier.enqueued
            await MainQueueBarrier.pass()
            guard activity == seen, quiet() else { return false }
            if MainQueueBarrier.enqueued == counted { return true }
        }
        return false
    }

    /// Whether an effect that is due was recorded before `deadline`: the
    /// clock must not jump past it while the implementation may still make it.
    private func hasDueEffect(recordedBefore deadline: Duration) -> Bool {
        state.withLock { $0.matcher.progress.eligibleEffects(script).contains { $0.time < deadline } }
    }

    /// Fails the calls whose effects the cassette records without an answer —
    /// a request that failed while recording — once the implementation is
    /// idle, so it can go on as it did then. Returns whether there were any.
    private func failUnansweredCalls() async -> Bool {
        let handlers = state.withLock { state -> [AnswerHandler] in
            let unanswered = state.answers.keys.filter { script.answerForEffect[$0] == nil }
            guard !unanswered.isEmpty else { return [] }
            state.work.count()
            return unanswered.sorted().compactMap { id in
                guard let pending = state.answers.removeValue(forKey: id) else { return nil }
                state.work.endWait(pending.lease)
                return pending
            }
        }
        guard !handlers.isEmpty else { return false }
        await answer(handlers, with: nil)
        return true
    }

    /// Whether no work of the implementation is left at all.
    private var isFinished: Bool { state.withLock { $0.work.isIdle(finished: true) } }

    /// Reports the effects that were due when the implementation went idle;
    /// `stillWaiting` when part of it still waited on the replay, so the
    /// report came only after the stall timeout.
    private func reportStuck(busy: Bool, stillWaiting: Bool, waitedForUnseen: Bool, parked: Bool) {
        let (due, remaining, now, untracked, busyTracked) = state.withLock { state in
            (
                state.matcher.dueEffects(), state.matcher.progress.remaining(script), state.clock.now,
                state.work.firstUntrackedEffect.map { (count: state.work.untrackedEffects, first: $0) },
                state.work.busyLeases
            )
        }
        let asleep = heldSleepCounts
        let stall = ReplayIssue.Stall(
            wasBusy: busy, clock: now, sleeperDeadline: earliestSleeper, untrackedEffects: untracked?.count ?? 0,
            firstUntrackedEffect: busy ? untracked?.first : nil, waitedForUnseenWork: waitedForUnseen,
            unseenWork: waitedForUnseen ? unseenWorkSummary : nil, stillWaitedOnReplay: stillWaiting,
            stallTimeout: options.stallTimeout, delayedBlocks: delayedBlocks, busyTrackedWork: busy ? busyTracked : 0,
            parkedWork: parked ? max(0, busyTracked - asleep.tasks) : 0, sleepsInRealTime: busy ? 0 : asleep.tasks,
            delayedBlocksOnClock: busy ? 0 : asleep.blocks)
        var issues: [ReplayIssue] = []
        for effect in due.prefix(3) {
            if let settlement = Settlement.of(effect.kind), let cause = effect.cause {
                issues.append(settlement.missingIssue(effect, cause: cause, in: script))
            } else {
                var stall = stall
                if let deadline = stall.sleeperDeadline, effect.time < deadline { stall.recordedAt = effect.time }
                // What the platform sends because of the call could not be sent either.
                issues.append(
                    ReplayIssue(
                        kind: .missingEffect, eventID: effect.id, eventKind: effect.kind, statement: .didNotHappen,
                        cause: effect.cause.map(script.reference), relatedEvent: script.answerForEffect[effect.id].map(script.reference),
                        expected: effect.payload.summary.isEmpty ? "\(effect.kind)" : effect.payload.summary, stall: stall))
            }
        }
        if issues.isEmpty {
            issues.append(ReplayIssue(kind: .missingEffect, eventID: nil, eventKind: nil, statement: .stalled, stall: stall))
        }
        let unreported = remaining - issues.count
        if unreported > 0 { issues[issues.count - 1].unreplayedEvents = unreported }
        state.withLock { $0.matcher.judgeMissing(due.prefix(3)) }
        for issue in issues { fail(issue) }
    }

    /// Ends the run: fails calls still waiting for answers, wakes sleepers
    /// with cancellation, cancels the tasks it started for the
    /// implementation, and waits until the implementation is idle, so the
    /// trace holds what it did in reaction.
    private func finish() async {
        // A run stopped by an effect that differed, made in a turn of the main queue, ends once
        // that turn is done and before what was enqueued after it runs: the expected effect made
        // next in the turn, after an extra call (a `console.log` before the render, in a
        // `DispatchQueue.main.async` block), is then seen before the end in every run, and the
        // issue says the call was extra; a task resumed later with the call's answer is not.
        // An effect made elsewhere ends the run at once, as before.
        if let turn = state.withLock({ $0.stoppingTurn }), !isStalled { await turn.ended() }
        let (handlers, sleepers, tasks) = state.withLock { state in
            state.matcher.end()
            let handlers = state.answers.sorted { $0.key < $1.key }.map(\.value)
            state.answers = [:]
            for pending in handlers { state.work.endWait(pending.lease) }
            let sleepers = state.clock.removeAll()
            for sleeper in sleepers { state.work.endWait(sleeper.tag) }
            return (handlers, sleepers.map(\.continuation), state.work.tasks)
        }
        await answer(handlers, with: nil)
        if !sleepers.isEmpty { resumingWork { for sleeper in sleepers { sleeper.resume(throwing: CancellationError()) } } }
        for task in tasks { task.cancel() }
        if !isStalled {
            await waitUntilIdle(orParked: true)
            // An effect that overtook another is judged once nothing more can come.
            state.withLock { state in
                state.matcher.judgeOvertaken()
                state.matcher.judgeEarly()
            }
        }
        stopWatchingStalls()
        let (held, sleeps) = unseen.withLock { unseen in
            unseen.ended = true
            defer { unseen.heldSleeps = [] }
            return (unseen.delayedBlocks, unseen.heldSleeps)
        }
        // So do the tasks still asleep in real time and the blocks still delayed, at the deadlines they were given.
        WatchedJobs.releaseHeld(sleeps.filter { $0.kind == .task }.map(\.job), of: self)
        for sleep in sleeps where sleep.kind != .task { RuntimeWatch.current.releasingDelayedBlock(sleep.job) }
        WatchedJobs.forget(self)
        // Judged: what the work delayed in real time may run now, after the verdict, every run.
        if held > 0 { RuntimeWatch.current.releasingDelayedBlocks(delayedBlocksKey) }
    }

    /// What happened in this run, as a cassette: effects as the implementation
    /// made them, stimuli as they were delivered.
    func traceCassette() -> Cassette {
        let entries = state.withLock { $0.matcher.trace }
        var traceIDByEvent: [Int: Int] = [:]
        var events: [Event] = []
        for (index, entry) in entries.enumerated() {
            let id = index + 1
            var cause: Int?
            var answers: Int?
            if let eventID = entry.eventID {
                if entry.payload.direction == .stimulus || traceIDByEvent[eventID] == nil { traceIDByEvent[eventID] = id }
                let recorded = script.event(eventID)
                if let recordedCause = recorded?.cause { cause = traceIDByEvent[recordedCause] }
                if let answered = recorded?.answers { answers = traceIDByEvent[answered] }
            }
            if let knownCause = entry.knownCause { cause = traceIDByEvent[knownCause] }
            // An effect of a concurrent task keeps the recorded effect's strand: the order of
            // its calls against its siblings' is no part of what the run did.
            let strand = entry.payload.direction == .effect ? entry.eventID.flatMap { script.event($0)?.strand } : nil
            events.append(
                Event(id: id, at: Recorder.seconds(entry.at), cause: cause, answers: answers, strand: strand, payload: entry.payload))
        }
        var header = cassette.header
        header.description = "What the implementation did when \(cassette.header.name) was replayed."
        header.recordedBy = .replayTrace
        return Cassette(header: header, events: Strands.numberedByFirstEffect(events, droppingLone: true))
    }
}
