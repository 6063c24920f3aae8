/// Playing stimuli back: answers to the calls that await them, unsolicited
/// stimuli to the handlers and delegates app code registered.
extension ReplayEngine {
    /// The next stimulus, when every effect recorded before it has happened.
    func readyStimulus() -> Event? {
        state.withLock { state in
            guard !state.stopped, nextStimulusIsReady(state) else { return nil }
            return stimuli[state.nextStimulus]
        }
    }

    /// Whether a stimulus is left and every effect recorded before it has happened.
    func nextStimulusIsReady(_ state: State) -> Bool {
        guard state.nextStimulus < stimuli.count else { return false }
        return state.firstUnmatchedEffect >= effectIDs.count
            || effectIDs[state.firstUnmatchedEffect] > stimuli[state.nextStimulus].id
    }

    /// Whether stimuli remain to deliver or effects remain to happen.
    var hasObligations: Bool {
        state.withLock { $0.nextStimulus < stimuli.count || $0.firstUnmatchedEffect < effectIDs.count }
    }

    /// Delivers `stimulus`, which ``readyStimulus()`` returned, on the
    /// executor where the platform delivers it (see ``DeliveryExecutor``).
    func deliver(_ stimulus: Event) async {
        let delivery = state.withLock { state -> (any EventPayload, AnswerHandler?, Receivers)? in
            // A failure may have arrived since the stimulus was found ready.
            guard !state.stopped else { return nil }
            state.nextStimulus += 1
            state.delivered.insert(stimulus.id)
            if effectsByCause[stimulus.id] != nil { state.openGroups.insert(stimulus.id) }
            state.now = max(state.now, stimulus.time)
            let payload = playedBack(stimulus, bindings: &state.bindings)
            state.trace.append(TraceEntry(payload: payload, at: state.now, eventID: stimulus.id, knownCause: nil))
            if let change = payload as? LocationAuthorizationChange { state.locationStatus = change.status }
            state.activity += 1
            let pending = stimulus.answers.flatMap { state.answerHandlers.removeValue(forKey: $0) }
            Self.endWait(pending?.lease, &state)
            return (payload, pending, state.receivers)
        }
        guard let (payload, answerHandler, receivers) = delivery else { return }
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
    private func routeCustom(_ stimulus: Event, to receivers: Receivers) {
        guard let custom = stimulus.payload as? CustomEvent else {
            // An answer whose call passed no completion handler: nobody waits for it.
            return
        }
        guard let handler = receivers.customHandlers.handler(for: custom.name) else {
            return undeliverable(stimulus, receivers.customHandlers.missingHandlerReason(for: custom.name))
        }
        if let asynchronous = handler as? any AsyncCustomEventHandler {
            track { await asynchronous.receive(custom) }
        } else {
            handler.didReceive(custom)
        }
    }

    /// Delivers a stimulus the platform delivers on the main actor to the receiver app code registered.
    @MainActor private func route(_ stimulus: Event, to receivers: Receivers) {
        let id = stimulus.id
        switch stimulus.payload {
        case let message as ScriptMessage where message.expectsReply:
            let key = ScriptHandlerKey(message.handler, message.contentWorld)
            guard let handler = receivers.replyHandlers[key] else {
                if receivers.scriptHandlers[key] != nil {
                    return undeliverable(stimulus, "the page awaits a reply, but the handler registered for '\(key)' is one without reply")
                }
                return undeliverable(stimulus, "no reply handler is registered for '\(key)'" + registered(receivers))
            }
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
            let key = ScriptHandlerKey(message.handler, message.contentWorld)
            guard let handler = receivers.scriptHandlers[key] else {
                if receivers.replyHandlers[key] != nil {
                    return undeliverable(stimulus, "the page awaits no reply, but the handler registered for '\(key)' is one with reply")
                }
                return undeliverable(stimulus, "no script message handler is registered for '\(key)'" + registered(receivers))
            }
            if let asynchronous = handler as? any AsyncScriptMessageHandler {
                track { await asynchronous.receive(message) }
            } else {
                handler.didReceive(message)
            }
        case let action as NavigationAction:
            guard let delegate = receivers.navigationDelegate else {
                return undeliverable(stimulus, "the web view has no navigation delegate")
            }
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
            guard let delegate = receivers.navigationDelegate else {
                return undeliverable(stimulus, "the web view has no navigation delegate")
            }
            decide(response, id: id, by: delegate)
        case let request as NewWindowRequest:
            guard let delegate = receivers.uiDelegate else {
                return undeliverable(stimulus, "the web view has no UI delegate")
            }
            openWindow(request, id: id, by: delegate)
        case let lifecycle where Self.isLifecycle(lifecycle):
            guard let delegate = receivers.navigationDelegate else {
                return undeliverable(stimulus, "the web view has no navigation delegate")
            }
            Self.deliverLifecycle(lifecycle, to: delegate)
        case let change as LocationAuthorizationChange:
            guard let delegate = receivers.locationDelegate else {
                return undeliverable(stimulus, "the location manager has no delegate")
            }
            if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                track { await asynchronous.authorizationDidChange(change.status, accuracy: change.accuracy) }
            } else {
                delegate.locationManagerDidChangeAuthorization(change.status, accuracy: change.accuracy)
            }
        case let update as LocationUpdate:
            guard let delegate = receivers.locationDelegate else {
                return undeliverable(stimulus, "the location manager has no delegate")
            }
            if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                track { await asynchronous.didUpdateLocations(update.locations) }
            } else {
                delegate.locationManager(didUpdateLocations: update.locations)
            }
        case let failure as LocationFailure:
            guard let delegate = receivers.locationDelegate else {
                return undeliverable(stimulus, "the location manager has no delegate")
            }
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

    private func registered(_ receivers: Receivers) -> String {
        let keys = Set(receivers.scriptHandlers.keys).union(receivers.replyHandlers.keys).sorted()
        return keys.isEmpty ? " (none is registered)" : " (registered: \(keys.map(\.description).joined(separator: ", ")))"
    }

    private func undeliverable(_ stimulus: Event, _ reason: String) {
        fail(
            ReplayIssue(
                kind: .unusedStimulus, eventID: stimulus.id, eventKind: stimulus.kind,
                message: "could not be delivered: \(reason)"))
    }

    /// The payload `stimulus` is played back with: as recorded unless it holds a volatile value.
    private func playedBack(_ stimulus: Event, bindings: inout PlaceholderBindings) -> any EventPayload {
        guard let index = index(of: stimulus.id) else {
            return substitute(stimulus.payload, eventID: stimulus.id, bindings: &bindings)
        }
        guard let prepared = prepared.volatileStimulus(at: index) else { return stimulus.payload }
        return substituteVolatileValues(prepared, of: stimulus.payload, eventID: stimulus.id, bindings: &bindings)
    }

    /// `payload` with its volatile values replaced by what they are bound to.
    func substitute(_ payload: any EventPayload, eventID: Int, bindings: inout PlaceholderBindings) -> any EventPayload {
        let node = EventCoding.payloadNode(payload)
        // Most stimuli hold no volatile value: nothing in them can change or bind.
        guard PreparedEvents.holdsVolatileValue(node, options.placeholders) else { return payload }
        let prepared = PayloadComparison.Expected(node, placeholders: options.placeholders)
        return substituteVolatileValues(prepared, of: payload, eventID: eventID, bindings: &bindings)
    }

    /// `payload`, prepared as `prepared`, with its volatile values replaced by
    /// what they are bound to, strings in the order of its tree.
    private func substituteVolatileValues(
        _ prepared: PayloadComparison.Expected, of payload: any EventPayload, eventID: Int,
        bindings: inout PlaceholderBindings
    ) -> any EventPayload {
        /// The rewritten tree, or `nil` when nothing in it changed.
        func rewrite(_ node: PayloadComparison.Expected) -> PayloadComparison.Tree? {
            switch node {
            case .string(let text, let segments):
                let replaced = bindings.substitute(
                    text, segments: segments, eventID: eventID, placeholders: options.placeholders)
                return replaced == text ? nil : .scalar(.string(replaced))
            case .scalar:
                return nil
            case .object(let members):
                let replaced = members.indices.compactMap { index in rewrite(members[index].1).map { (index, $0) } }
                guard !replaced.isEmpty else { return nil }
                var rewritten = members.map { ($0.0, $0.1.tree) }
                for (index, tree) in replaced { rewritten[index].1 = tree }
                return .object(rewritten)
            case .array(let elements):
                let replaced = elements.indices.compactMap { index in rewrite(elements[index]).map { (index, $0) } }
                guard !replaced.isEmpty else { return nil }
                var rewritten = elements.map(\.tree)
                for (index, tree) in replaced { rewritten[index] = tree }
                return .array(rewritten)
            }
        }
        guard let rewritten = rewrite(prepared) else { return payload }
        return EventCoding.payload(rewritten.json, like: payload) ?? payload
    }
}

extension EventCoding {
    /// A payload of `original`'s kind read back from `value`, or `nil` when it does not read.
    static func payload(_ value: JSONValue, like original: any EventPayload) -> (any EventPayload)? {
        if let custom = original as? CustomEvent {
            guard case .object(let fields) = value else { return nil }
            return CustomEvent(name: custom.name, direction: custom.direction, fields: fields)
        }
        guard let type = PayloadRegistry.byKind[original.kind] else { return nil }
        var problems: [CassetteProblem] = []
        guard var reader = FieldReader(value, path: JSONPath(), problems: &problems) else { return nil }
        let payload = type.read(&reader)
        reader.finish()
        return reader.problems.isEmpty ? payload : nil
    }
}
