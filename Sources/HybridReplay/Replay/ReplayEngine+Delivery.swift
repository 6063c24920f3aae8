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

    /// Why `stimulus` cannot be handed to app code now, or `nil`: see
    /// ``ReplayReceivers/Table/missingReceiver(for:)``. An answer to a call
    /// that awaits it needs no receiver.
    func missingReceiver(for stimulus: Event) -> String? {
        if let call = stimulus.answers, state.withLock({ $0.answers[call] != nil }) { return nil }
        return receivers.current.missingReceiver(for: stimulus.payload)
    }

    /// Delivers `stimulus`, which ``readyStimulus()`` returned, on the
    /// executor where the platform delivers it (see ``DeliveryExecutor``).
    func deliver(_ stimulus: Event) async {
        let delivery = state.withLock { state -> (any EventPayload, AnswerHandler?)? in
            // A failure may have arrived since the stimulus was found ready.
            guard let payload = state.matcher.deliver(stimulus, at: max(state.clock.now, stimulus.time)) else { return nil }
            state.clock.move(to: stimulus.time)
            state.work.count()
            let pending = stimulus.answers.flatMap { state.answers.removeValue(forKey: $0) }
            state.work.endWait(pending?.lease)
            return (payload, pending)
        }
        guard let (payload, answerHandler) = delivery else { return }
        if let change = payload as? LocationAuthorizationChange {
            receivers.update { $0.locationStatus = change.status }
        }
        let receivers = self.receivers.current
        var delivered = stimulus
        delivered.payload = payload
        if let answerHandler {
            await answer([answerHandler], with: delivered)
            return
        }
        let routed = delivered
        switch DeliveryExecutor.for(payload) {
        case .mainActor:
            await MainActor.run {
                ReplayContext.$stimulus.withValue(stimulus.id) { withLease { route(routed, to: receivers) } }
            }
        default:
            ReplayContext.$stimulus.withValue(stimulus.id) { withLease { routeCustom(routed, to: receivers) } }
        }
    }

    /// Calls the handlers of calls awaiting answers, each where the platform
    /// would, as tracked work: `answer` is the recorded answer, or `nil` when there is none.
    func answer(_ handlers: [AnswerHandler], with answer: Event?) async {
        for pending in handlers {
            let handler = pending.handler
            // Resuming the task that awaits the answer is the engine's doing, not unseen work.
            await pending.executor.run {
                ReplayContext.$isEngineWork.withValue(true) { self.withLease { handler(answer) } }
            }
        }
    }

    /// Delivers a stimulus the platform delivers on no particular executor: a custom event.
    private func routeCustom(_ stimulus: Event, to receivers: ReplayReceivers.Table) {
        guard let custom = stimulus.payload as? CustomEvent else {
            // An answer whose call passed no completion handler: nobody waits for it.
            return
        }
        guard let handler = receivers.customHandlers.handler(for: custom.name) else {
            return undeliverable(stimulus, receivers.missingReceiver(for: custom) ?? custom.name)
        }
        if let asynchronous = handler as? any AsyncCustomEventHandler {
            track { await asynchronous.receive(custom) }
        } else {
            handler.didReceive(custom)
        }
    }

    /// Delivers a stimulus the platform delivers on the main actor to the receiver app code registered.
    @MainActor private func route(_ stimulus: Event, to receivers: ReplayReceivers.Table) {
        let id = stimulus.id
        if let reason = receivers.missingReceiver(for: stimulus.payload) { return undeliverable(stimulus, reason) }
        switch stimulus.payload {
        case let message as ScriptMessage where message.expectsReply:
            guard let handler = receivers.replyHandlers[ScriptHandlerKey(message.handler, message.contentWorld)] else { return }
            if let asynchronous = handler as? any AsyncScriptMessageHandlerWithReply {
                track { self.effect(ScriptReply(await asynchronous.reply(to: message)), knownCause: id) }
            } else {
                let ticket = SettlementTicket(engine: self)
                handler.didReceive(message) { outcome in
                    _ = ticket
                    self.effect(ScriptReply(outcome), knownCause: id)
                }
            }
        case let message as ScriptMessage:
            guard let handler = receivers.scriptHandlers[ScriptHandlerKey(message.handler, message.contentWorld)] else { return }
            if let asynchronous = handler as? any AsyncScriptMessageHandler {
                track { await asynchronous.receive(message) }
            } else {
                handler.didReceive(message)
            }
        case let action as NavigationAction:
            guard let delegate = receivers.navigationDelegate else { return }
            if let preferences = action.preferences {
                return decide(action, preferences: preferences, id: id, by: delegate)
            }
            if let asynchronous = delegate as? any AsyncNavigationDelegate {
                track {
                    let policy = await asynchronous.decidePolicy(for: action)
                    self.effect(NavigationDecision(policy), knownCause: id)
                }
            } else {
                let ticket = SettlementTicket(engine: self)
                delegate.decidePolicy(for: action) { policy in
                    _ = ticket
                    self.effect(NavigationDecision(policy), knownCause: id)
                }
            }
        case let response as NavigationResponse:
            guard let delegate = receivers.navigationDelegate else { return }
            decide(response, id: id, by: delegate)
        case let request as NewWindowRequest:
            guard let delegate = receivers.uiDelegate else { return }
            openWindow(request, id: id, by: delegate)
        case let dialog as JavaScriptDialog:
            guard let delegate = receivers.uiDelegate else { return }
            runDialog(dialog, id: id, by: delegate)
        case let request as URLSchemeRequest:
            guard let handler = receivers.schemeHandlers[request.scheme] else { return }
            startSchemeTask(request, id: id, by: handler)
        case is URLSchemeStop:
            stopSchemeTask(stimulus)
        case let lifecycle where Self.isLifecycle(lifecycle):
            guard let delegate = receivers.navigationDelegate else { return }
            Self.deliverLifecycle(lifecycle, to: delegate)
        case let change as LocationAuthorizationChange:
            guard let delegate = receivers.locationDelegate else { return }
            if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                track { await asynchronous.authorizationDidChange(change.status, accuracy: change.accuracy) }
            } else {
                delegate.locationManagerDidChangeAuthorization(change.status, accuracy: change.accuracy)
            }
        case let update as LocationUpdate:
            guard let delegate = receivers.locationDelegate else { return }
            if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                track { await asynchronous.didUpdateLocations(update.locations) }
            } else {
                delegate.locationManager(didUpdateLocations: update.locations)
            }
        case let failure as LocationFailure:
            guard let delegate = receivers.locationDelegate else { return }
            if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                track { await asynchronous.didFail(with: failure.code) }
            } else {
                delegate.locationManager(didFailWithError: failure.code)
            }
        default:
            // An answer whose call passed no completion handler: nobody waits for it.
            return
        }
    }

    func undeliverable(_ stimulus: Event, _ reason: String) {
        // Exploring: a variant may hand app code what it never registered for; that is skipped, not judged.
        if script.explores { return skipUndeliverable(stimulus) }
        fail(
            ReplayIssue(
                kind: .unusedStimulus, eventID: stimulus.id, eventKind: stimulus.kind,
                message: "could not be delivered: \(reason)"))
    }
}
