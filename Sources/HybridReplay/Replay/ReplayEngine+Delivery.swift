/// Playing stimuli back: answers to the calls that await them, unsolicited
/// stimuli to the handlers and delegates app code registered.
extension ReplayEngine {
    /// The next stimulus, when every effect recorded before it has happened.
    func readyStimulus() -> Event? {
        state.withLock { $0.matcher.readyStimulus }
    }

    /// Whether stimuli remain to deliver or effects remain to happen.
    var hasObligations: Bool {
        state.withLock { $0.matcher.progress.hasObligations(script) }
    }

    /// Whether the set-up effect `id` matched before the stimuli recorded
    /// ahead of it were delivered (see ``ReplayProgress/isDue(_:_:)``).
    func cameAheadOfStimuli(_ id: Int) -> Bool {
        state.withLock { $0.matcher.progress.cameAhead.contains(id) }
    }

    /// Why `stimulus` cannot be handed to app code now, or `nil`: see
    /// ``ReplayReceivers/Table/missingReceiver(for:)``. An answer to a call
    /// that awaits it needs no receiver; but a recorded cancellation (see
    /// ``CallCancellation``) answers only a call whose task this run has
    /// cancelled too, as the platform fails a call with it only once the app
    /// cancels the task.
    func missingReceiver(for stimulus: Event) -> String? {
        if let call = stimulus.answers, let pending = state.withLock({ $0.answers[call] }) {
            guard let cancellation = uncancelled(stimulus, answering: pending) else { return nil }
            let what = cancellation.call
            return "the recording cancelled the \(what) it answers (event \(call)), and nothing in this run has "
                + "cancelled the task awaiting it: the app never cancelled that \(what)"
        }
        return receivers.current.missingReceiver(for: stimulus.payload)
    }

    /// Whether `stimulus` is a recorded cancellation whose task has not been
    /// cancelled in this run yet, in a run no runtime watch orders: the
    /// replay then cannot tell whether the work that will cancel it (the
    /// parent of a task group whose child failed) has run, since a lease
    /// shared by several tasks counts as waiting once one of them waits.
    func awaitsCancellationUnwatched(_ stimulus: Event) -> Bool {
        guard let call = stimulus.answers, let pending = state.withLock({ $0.answers[call] }),
            uncancelled(stimulus, answering: pending) != nil
        else { return false }
        return !unseen.withLock { $0.underRuntimeWatch }
    }

    /// The cancellation `stimulus` records for the call `pending` waits on,
    /// when that call's task has not been cancelled in this run yet.
    private func uncancelled(_ stimulus: Event, answering pending: AnswerHandler) -> CallCancellation? {
        guard let cancellation = pending.cancellation, cancellation.isFailure(stimulus.payload), !cancellation.isCancelled
        else { return nil }
        return cancellation
    }

    /// Delivers `stimulus`, which ``readyStimulus()`` returned, on the
    /// executor where the platform delivers it (see ``DeliveryExecutor``).
    func deliver(_ stimulus: Event) async {
        guard let (payload, answerHandler) = take(stimulus) else { return }
        var delivered = stimulus
        delivered.payload = payload
        if let answerHandler {
            if answerHandler.executor == .mainActor {
                let handler = answerHandler.handler
                await onMainActor { self.callBack(handler, with: delivered) }
            } else {
                await answer([answerHandler], with: delivered)
            }
            return
        }
        if let custom = payload as? CustomEvent {
            // Read on the main actor, as the standard kinds' receivers are: a set-up step app
            // code runs there (a handler set, then torn down) is never seen half done. The
            // handler is then called here, off the main actor, where the app's own code delivers.
            let receivers = await MainActor.run { self.receivers.current }
            ReplayContext.$stimulus.withValue(stimulus.id) { withLease { routeCustom(custom, delivered, to: receivers) } }
        } else if let standard = payload as? any StandardPayload {
            await route(standard, delivered)
        }
    }

    /// Marks `stimulus` delivered and moves the clock to it; returns its
    /// payload (placeholders substituted) and the call it answers, if one
    /// awaits it, or `nil` when a failure arrived since it was found ready.
    func take(_ stimulus: Event) -> (any EventPayload, AnswerHandler?)? {
        let delivery = state.withLock { state -> (any EventPayload, AnswerHandler?)? in
            guard let payload = state.matcher.deliver(stimulus, at: max(state.clock.now, stimulus.time)) else { return nil }
            state.clock.move(to: stimulus.time)
            state.work.count()
            let pending = stimulus.answers.flatMap { state.answers.removeValue(forKey: $0) }
            state.work.endWait(pending?.lease)
            return (payload, pending)
        }
        if let change = delivery?.0 as? LocationAuthorizationChange {
            receivers.noteLocationAuthorization(change)
        }
        return delivery
    }

    /// Hands a stimulus of a standard kind to the receiver its description
    /// names, on the main actor, where WebKit and CoreLocation call app code
    /// (see ``onMainActor(settlingFirst:_:)``).
    private func route<Payload: StandardPayload>(_ payload: Payload, _ stimulus: Event) async {
        guard case .receiver = Payload.delivery else {
            // An answer whose call passed no completion handler: nobody waits for it.
            return
        }
        await onMainActor { self.handOverWithCompanions(payload, stimulus) }
    }

    /// Hands `payload` to its receiver now, on the main actor; then, in the
    /// same main-queue turn, the stimuli sent with it. What the first hands
    /// to the global executor is held until its companions are handed over
    /// too (see ``holdingHandoffs(_:)``).
    @MainActor func handOverWithCompanions<Payload: StandardPayload>(_ payload: Payload, _ stimulus: Event) {
        holdingHandoffs {
            handOver(payload, stimulus)
            while let companion = sameTurnStimulus(with: stimulus), let (sent, _) = take(companion) {
                var delivered = companion
                delivered.payload = sent
                if let standard = sent as? any StandardPayload { handOver(standard, delivered) }
            }
        }
    }

    /// Calls the receiver of `payload` now, on the main actor, in a turn
    /// that holds what it hands to the global executor (see ``holdingHandoffs(_:)``).
    @MainActor private func handOver<Payload: StandardPayload>(_ payload: Payload, _ stimulus: Event) {
        guard case .receiver(let receiver) = Payload.delivery else { return }
        // Read on the main actor, where the platform reads its delegate: a set-up step
        // app code runs there (a teardown, then the new receiver) is never seen half done.
        let receivers = self.receivers.current
        ReplayContext.$stimulus.withValue(stimulus.id) {
            withLease {
                if let reason = receiver.missing(payload, receivers) { return undeliverable(stimulus, reason) }
                holdingHandoffs { receiver.deliver(payload, stimulus, self, receivers) }
            }
        }
    }

    /// Runs `body`, app code called on the main actor, as one turn of the
    /// main actor: a job it hands to the global executor — a `Task.detached`,
    /// a hop off the main actor — is held until the turn is done, where the
    /// runtime watch can hold it (Linux, the testing glue's replays).
    ///
    /// On a device such a job may start on another core at once, or only
    /// after the main thread is done, on a busy or single-core one: both are
    /// the platform's. Holding it makes the replay play the second every time,
    /// the order in which code that does not await its detached work before
    /// it answers goes wrong; correct code, which awaits it, cannot tell. The
    /// held job counts as the implementation's work from when it is handed
    /// over (``WatchedJobs``), so the replay waits for it; a turn that blocks
    /// on it gets it after a bound, and the report's account of unseen work
    /// says so (see `hr_job_hold_begin`).
    func holdingHandoffs(_ body: () -> Void) {
        RuntimeWatch.current.holdingHandoffs(body)
    }

    /// The next stimulus when the platform hands it over in the same
    /// main-queue turn as `first`, before any work `first` started runs:
    ///
    /// - an unsolicited stimulus of the same kind whose cause is `first` (a
    ///   page that posts twice in one script turn; WebKit dispatches both
    ///   messages together). Only exploring's variants send such stimuli;
    /// - a stimulus `first` caused whose kind the platform hands over in
    ///   its cause's turn (``HandOverTurn/withItsCause``), ready as soon as
    ///   `first` was handed over: the stop of a scheme task nothing of whose
    ///   answer came before it when it was recorded (or the
    ///   `stopped:before-answer` variant put it there).
    @MainActor private func sameTurnStimulus(with first: Event) -> Event? {
        guard let next = readyStimulus(), next.cause == first.id, next.answers == nil else { return nil }
        if let standard = next.payload as? any StandardPayload, case .withItsCause = type(of: standard).handOverTurn {
            return next
        }
        guard next.kind == first.kind, next.time <= first.time else { return nil }
        return next
    }

    /// Calls the handlers of calls awaiting answers, each where the platform
    /// would, as tracked work: `answer` is the recorded answer, or `nil` when there is none.
    func answer(_ handlers: [AnswerHandler], with answer: Event?) async {
        for pending in handlers {
            let handler = pending.handler
            // Resuming the task that awaits the answer is the engine's doing, not unseen work.
            let onMainActor = pending.executor == .mainActor
            await pending.executor.run {
                if onMainActor {
                    self.holdingHandoffs { ReplayContext.$isEngineWork.withValue(true) { self.withLease { handler(answer) } } }
                    self.passMainQueueBehindDelivery()
                } else {
                    ReplayContext.$isEngineWork.withValue(true) { self.withLease { handler(answer) } }
                }
            }
        }
    }

    /// Delivers a custom event, which its seam delivers on no particular executor.
    func routeCustom(_ custom: CustomEvent, _ stimulus: Event, to receivers: ReplayReceivers.Table) {
        guard let handler = receivers.customHandlers.handler(for: custom.name) else {
            return undeliverable(stimulus, receivers.missingReceiver(for: custom) ?? custom.name)
        }
        if let asynchronous = handler as? any AsyncCustomEventHandler {
            track { await asynchronous.receive(custom) }
        } else {
            handler.didReceive(custom)
        }
    }

    /// Hands `message` to the handler registered for its name and world:
    /// with reply, its reply (called exactly once) is an effect caused by it.
    @MainActor func deliver(_ message: ScriptMessage, id: Int, to receivers: ReplayReceivers.Table) {
        let key = ScriptHandlerKey(message.handler, message.contentWorld)
        if message.expectsReply {
            guard let handler = receivers.replyHandlers[key] else { return }
            if let asynchronous = handler as? any AsyncScriptMessageHandlerWithReply {
                track { self.effect(ScriptReply(await asynchronous.reply(to: message)), knownCause: id) }
            } else {
                let ticket = SettlementTicket(engine: self)
                handler.didReceive(message) { outcome in
                    _ = ticket
                    self.effect(ScriptReply(outcome), knownCause: id)
                }
            }
        } else {
            guard let handler = receivers.scriptHandlers[key] else { return }
            if let asynchronous = handler as? any AsyncScriptMessageHandler {
                track { await asynchronous.receive(message) }
            } else {
                handler.didReceive(message)
            }
        }
    }

    func undeliverable(_ stimulus: Event, _ reason: String) {
        // Exploring: a variant may hand app code what it never registered for; that is skipped, not judged.
        if script.explores { return skipUndeliverable(stimulus) }
        fail(
            ReplayIssue(
                kind: .unusedStimulus, eventID: stimulus.id, eventKind: stimulus.kind, statement: .undeliverable(reason)))
    }
}
