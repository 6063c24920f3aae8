import Dispatch

/// Staying on the main queue after a delivery on the main actor, for as
/// long as the scheduler would only come back to it.
///
/// The scheduler runs on the global executor; a stimulus the platform
/// delivers on the main actor costs it a hand-off to the main queue and one
/// back, and a settling that passes main-queue barriers (where main-queue
/// blocks are not counted: the `cassette` tool, Apple platforms) costs two
/// more. Each hand-off wakes a parked thread, which costs far more than the
/// replay's own work. So a delivery on the main actor runs in a main-queue
/// block, and that block goes on doing what the scheduler would do next, for
/// as long as that is delivering another stimulus on the main actor: it
/// looks at the tracked work, passes the main queue with the same barriers as
/// ``settle(since:finished:timeout:)`` (enqueued from the main queue itself),
/// moves the clock and delivers — each delivery in a main-queue block of its
/// own, behind whatever app code handed the main queue meanwhile, as the
/// platform's next callback would come. A custom event is taken there too,
/// and its handler read there, as the scheduler reads it; the scheduler then
/// calls it off the main actor. As soon as the next step is anything
/// else — the implementation is busy, a sleeper is due first, the stimulus
/// goes elsewhere or has no receiver yet, nothing is ready — the scheduler
/// resumes and decides as it always does; when that step starts with a
/// settling, the main queue has been passed already, so the settling hands
/// nothing off. The first settling of a run, and the settling before the
/// clock moves to a stimulus that goes to the main queue, are made there in
/// the same way (measured in docs/performance.md).
///
/// Nothing here suspends on the main actor: with Swift 6.3 on Linux a
/// continuation resumed there resumes on the global executor and hops back,
/// two hand-offs, where a block that enqueues the next block costs none.
extension ReplayEngine {
    /// How many looks in a row, without a delivery, the main queue takes
    /// before handing back to the scheduler: main-queue blocks that keep
    /// coming (a polling loop) are the scheduler's to bound.
    static let mostMainActorLooks = 16

    /// Runs `delivery` in a main-queue block, then goes on there while the
    /// scheduler would (see the extension's summary).
    ///
    /// - Parameters:
    ///   - settlingFirst: Whether the first look settles whatever comes next,
    ///     as the scheduler does before its first stimulus.
    ///   - delivery: What to hand app code first, if anything.
    /// - Returns: Whether a look found the tracked work idle and the main
    ///   queue passed since it last ran (always so before a delivery that
    ///   moved the clock), and whether the looks delivered anything.
    @discardableResult
    func onMainActor(settlingFirst: Bool = false, _ delivery: (@MainActor @Sendable () -> Void)? = nil) async
        -> (settled: Bool, delivered: Bool)
    {
        let handBack = await withCheckedContinuation { (continuation: CheckedContinuation<HandBack, Never>) in
            // The replay's own block, which the count of main-queue blocks leaves out.
            RuntimeWatch.current.leavingUncounted {
                DispatchQueue.main.async {
                    delivery?()
                    self.look(MainActorLook(mustSettle: settlingFirst) { continuation.resume(returning: $0) })
                }
            }
        }
        if let custom = handBack.custom {
            // A custom seam delivers where the app's own code sends: here, off the main actor,
            // to the receivers read on the main actor after the event was taken.
            ReplayContext.$stimulus.withValue(custom.stimulus.id) {
                withLease { routeCustom(custom.payload, custom.stimulus, to: custom.receivers) }
            }
        }
        return (handBack.settled, handBack.delivered)
    }

    /// What the main queue hands back to the scheduler.
    struct HandBack: Sendable {
        /// Whether a look found the work idle and the main queue passed.
        var settled: Bool
        /// Whether the looks delivered a stimulus (or took a custom event).
        var delivered: Bool
        /// A custom event taken on the main queue, with the receivers read there,
        /// for the scheduler to hand over off the main actor.
        var custom: (payload: CustomEvent, stimulus: Event, receivers: ReplayReceivers.Table)?
    }

    /// Where a run of looks on the main queue stands.
    struct MainActorLook: Sendable {
        /// Whether the next look settles whatever comes next.
        var mustSettle: Bool
        /// Whether a look found the work idle and the main queue passed.
        var settled = false
        /// Whether a main-queue turn has passed since the last delivery.
        var behindQueue = false
        /// Whether a look delivered a stimulus.
        var delivered = false
        var looks = 0
        /// Resumes the scheduler.
        let resume: @Sendable (HandBack) -> Void

        init(mustSettle: Bool, resume: @escaping @Sendable (HandBack) -> Void) {
            self.mustSettle = mustSettle
            self.resume = resume
        }

        /// Hands back to the scheduler, with a custom event to hand over if there is one.
        func done(custom: (payload: CustomEvent, stimulus: Event, receivers: ReplayReceivers.Table)? = nil) {
            resume(HandBack(settled: settled, delivered: delivered || custom != nil, custom: custom))
        }
    }

    /// Does on the main queue what the scheduler would do next, as long as it
    /// is delivering a stimulus on the main actor; hands back to the scheduler otherwise.
    @MainActor private func look(_ look: MainActorLook) {
        var look = look
        while look.looks < Self.mostMainActorLooks {
            look.looks += 1
            let next = readyStimulus()
            // The scheduler settles before moving the clock, before any stimulus while a
            // watched job is on its way (see ReplayEngine+Run.swift), and when nothing is ready.
            let settles = look.mustSettle || next.map { $0.time > now || runsWatchedJobs } ?? true
            if settles {
                switch lookAtMainQueue() {
                case .busy:
                    // The scheduler waits for the implementation.
                    return look.done()
                case .unpassed:
                    look.behindQueue = true
                    let then = look
                    return passMainQueueOnMainActor { self.look(then) }
                case .quiet:
                    look.settled = true
                    look.mustSettle = false
                }
            }
            guard let next else { return look.done() }
            let custom = next.payload is CustomEvent
            guard custom || deliversOnMainActor(next) else { return look.done() }
            // A timer due before the stimulus fires first: the scheduler wakes it.
            if next.time > now, let deadline = earliestSleeper, deadline < next.time { return look.done() }
            if !look.behindQueue {
                // The delivery comes behind what app code handed the main queue, as a
                // delivery the scheduler hands over does.
                look.behindQueue = true
                let then = look
                return onMainQueue { self.look(then) }
            }
            // App code may still register it: the scheduler waits for that, or reports it.
            guard missingReceiver(for: next) == nil else { return look.done() }
            if custom {
                // Taken here and its receivers read here, behind what app code handed the main
                // queue, as the scheduler does; handed over by the scheduler, off the main actor.
                guard let (payload, _) = take(next), let event = payload as? CustomEvent else { return look.done() }
                var delivered = next
                delivered.payload = payload
                return look.done(custom: (event, delivered, receivers.current))
            }
            deliverHere(next)
            look.delivered = true
            look.behindQueue = false
            look.looks = 0
        }
        look.done()
    }

    /// Runs `body` in a main-queue block of the replay's own, behind what is enqueued there now.
    private func onMainQueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        RuntimeWatch.current.leavingUncounted { DispatchQueue.main.async { body() } }
    }

    /// What a look at the implementation and the main queue finds.
    private enum MainQueueLook {
        /// The tracked work is not idle (or a watched job is on its way).
        case busy
        /// The tracked work is idle, but the main queue has not been passed since it last ran.
        case unpassed
        /// The tracked work is idle, and the main queue has been passed since it last ran:
        /// what ``settle(since:finished:timeout:)`` returns `.idle` for without passing.
        case quiet
    }

    private func lookAtMainQueue() -> MainQueueLook {
        let (idle, mark, quiet) = state.withLock { ($0.work.isIdle(), $0.work.mark, $0.work.quietMainQueue) }
        guard idle, !runsWatchedJobs else { return .busy }
        if let enqueued = MainQueueBarrier.enqueued {
            return enqueued == unseen.withLock({ $0.drainedMainEnqueues }) ? .quiet : .unpassed
        }
        return mark == quiet ? .quiet : .unpassed
    }

    /// Passes the main queue from the main actor as one round of
    /// ``settle(since:finished:timeout:)`` does, then runs `then` there:
    /// where main-queue blocks are counted, one barrier that notes the queue
    /// drained if no block was handed over while it waited; elsewhere
    /// ``quietMainQueuePasses`` barriers in a row, each enqueued by the one
    /// before, that note it quiet if no work of the implementation ran meanwhile.
    @MainActor private func passMainQueueOnMainActor(then: @escaping @MainActor @Sendable () -> Void) {
        let seen = activity
        if let counted = MainQueueBarrier.enqueued {
            return onMainQueue {
                if self.activity == seen, MainQueueBarrier.enqueued == counted {
                    self.unseen.withLock { $0.drainedMainEnqueues = counted }
                }
                then()
            }
        }
        let mark = state.withLock { $0.work.mark }
        passes(Self.quietMainQueuePasses) {
            // As a settling's passes: quiet only if no work of the implementation ran meanwhile.
            self.state.withLock { state in
                if state.work.mark == mark { state.work.quietMainQueue = mark }
            }
            then()
        }
    }

    /// Runs `last` in the `remaining`-th of a chain of main-queue blocks,
    /// each enqueued by the one before it.
    @MainActor private func passes(_ remaining: Int, then last: @escaping @MainActor @Sendable () -> Void) {
        onMainQueue { remaining <= 1 ? last() : self.passes(remaining - 1, then: last) }
    }

    /// Like ``settle(since:finished:timeout:)`` before the clock moves to
    /// `stimulus`, which reaches app code on the main queue: once the tracked
    /// work is idle, the main queue is passed from the main queue itself,
    /// which goes on to deliver there if nothing else comes first.
    ///
    /// - Returns: `.changed` when the main queue delivered something (or took a
    ///   custom event), otherwise what the settling returns.
    func settleOnMainQueue(before stimulus: Event, since seen: Int) async -> Wait {
        guard stimulus.payload is CustomEvent || deliversOnMainActor(stimulus) else { return await settle(since: seen) }
        let outcome = await wait(since: seen)
        guard outcome == .idle else { return outcome }
        if await onMainActor(settlingFirst: true).delivered { return .changed }
        // The main queue was passed, or something happened: either way this costs no hand-off now.
        return await settle(since: seen)
    }

    /// Whether `stimulus` reaches app code on the main actor: an answer whose
    /// call awaits it there, or an unsolicited stimulus of a standard kind.
    private func deliversOnMainActor(_ stimulus: Event) -> Bool {
        if let call = stimulus.answers, let executor = state.withLock({ $0.answers[call]?.executor }) {
            return executor == .mainActor
        }
        guard let standard = stimulus.payload as? any StandardPayload else { return false }
        return Self.goesToReceiver(standard)
    }

    private static func goesToReceiver<Payload: StandardPayload>(_: Payload) -> Bool {
        guard case .receiver = Payload.delivery else { return false }
        return true
    }

    /// Calls `handler` with `answer` as tracked work, here and now, on the
    /// main actor: a turn that holds what it hands to the global executor.
    func callBack(_ handler: @Sendable (Event?) -> Void, with answer: Event) {
        // Resuming the task that awaits the answer is the engine's doing, not unseen work.
        holdingHandoffs { ReplayContext.$isEngineWork.withValue(true) { withLease { handler(answer) } } }
    }

    /// Delivers `stimulus`, which ``deliversOnMainActor(_:)``, here and now.
    @MainActor private func deliverHere(_ stimulus: Event) {
        guard let (payload, answerHandler) = take(stimulus) else { return }
        var delivered = stimulus
        delivered.payload = payload
        if let answerHandler {
            callBack(answerHandler.handler, with: delivered)
        } else if let standard = payload as? any StandardPayload {
            handOverWithCompanions(standard, delivered)
        }
    }

    /// Hands the main queue, behind what a delivery just handed it, the
    /// barriers a settling would pass next, when the tracked work is idle and
    /// the main queue was not found quiet at this point yet; it never waits.
    ///
    /// Called on the main actor after calling back calls that awaited answers
    /// there when the run failed them or ended. If nothing of the
    /// implementation happens until the chain has passed, the chain notes the
    /// main queue quiet at that point exactly as a settling's passes would,
    /// and the next settling, finding nothing run since, passes none.
    func passMainQueueBehindDelivery() {
        guard MainQueueBarrier.enqueued == nil else { return }
        let mark = state.withLock { state in
            state.work.isIdle() && state.work.mark != state.work.quietMainQueue ? state.work.mark : nil
        }
        guard let mark else { return }
        MainQueueBarrier.enqueue(Self.quietMainQueuePasses) {
            // As a settling's passes: quiet only if no work of the implementation ran meanwhile.
            self.state.withLock { state in
                if state.work.mark == mark { state.work.quietMainQueue = mark }
            }
        }
    }
}
