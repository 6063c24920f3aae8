import HybridReplay

/// Driving the page: what a test does in place of the JavaScript and the user.
extension SimulatedWebView {
    /// The frame the simulated page posts from unless a test says otherwise.
    public static let defaultFrame: Frame? = .main("https://app.example.com/")

    /// Posts `body` to the handler registered under `handler`, as
    /// `window.webkit.messageHandlers.<handler>.postMessage(body)` does.
    ///
    /// The handler runs synchronously, before this returns.
    ///
    /// - Parameters:
    ///   - body: The message body.
    ///   - handler: The name the app registered its handler under.
    ///   - frame: The frame that posts the message.
    ///   - contentWorld: The world the posting script runs in.
    /// - Throws: ``SimulationError`` when no handler is registered under
    ///   `handler` in `contentWorld`, or the one registered expects to reply.
    public func postMessage(
        _ body: JSONValue, to handler: String, frame: Frame? = SimulatedWebView.defaultFrame,
        contentWorld: ContentWorld = .page
    ) throws(SimulationError) {
        switch try registeredHandler(handler, contentWorld) {
        case .plain(let registered):
            let message = ScriptMessage(
                handler: handler, body: body, frame: frame, expectsReply: false, contentWorld: contentWorld)
            runOnMainActor { registered.didReceive(message) }
        case .withReply:
            throw SimulationError(
                "the script message handler registered for '\(handler)' replies; "
                    + "post to it with postMessageAwaitingReply(_:to:frame:timeout:)")
        }
    }

    /// Posts `body` to the reply handler registered under `handler` and waits
    /// for its reply, as `await window.webkit.messageHandlers.<handler>.postMessage(body)` does.
    ///
    /// The handler runs synchronously, before this suspends. Only its first
    /// reply counts; later replies, and replies after `timeout`, are kept in
    /// ``replyMisuses``.
    ///
    /// - Parameters:
    ///   - body: The message body.
    ///   - handler: The name the app registered its reply handler under.
    ///   - frame: The frame that posts the message.
    ///   - contentWorld: The world the posting script runs in.
    ///   - timeout: How long to wait for the reply.
    /// - Returns: The handler's reply: a value, or an error message that rejects the page's promise.
    /// - Throws: ``SimulationError`` when no reply handler is registered under
    ///   `handler`, the handler does not reply within `timeout`, or the task is cancelled.
    public func postMessageAwaitingReply(
        _ body: JSONValue, to handler: String, frame: Frame? = SimulatedWebView.defaultFrame,
        contentWorld: ContentWorld = .page, timeout: Duration = .seconds(5)
    ) async throws(SimulationError) -> Outcome {
        guard case .withReply(let registered) = try registeredHandler(handler, contentWorld) else {
            throw SimulationError(
                "the script message handler registered for '\(handler)' does not reply; "
                    + "post to it with postMessage(_:to:frame:), or register a ScriptMessageHandlerWithReply")
        }
        let message = ScriptMessage(
            handler: handler, body: body, frame: frame, expectsReply: true, contentWorld: contentWorld)
        let gate = SimulationGate<Outcome>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                registered.didReceive(message) { [weak self] outcome in
                    guard case .refused(let earlier) = gate.settle(.value(outcome)) else { return }
                    self?.recordMisuse(.reply, Self.lateReply(outcome, to: message, after: earlier))
                }
            }
        }
        switch ending {
        case .value(let outcome):
            return outcome
        case .timedOut(let timeout):
            throw SimulationError(
                "the reply handler passed to didReceive(_:replyHandler:) for \(message.summary) "
                    + "was not called within \(timeout); call replyHandler exactly once for every message")
        case .cancelled:
            throw SimulationError("cancelled while waiting for the reply to \(message.summary)")
        }
    }

    /// Asks the navigation delegate to decide `action` and waits for its
    /// decision, as WebKit does before following a link.
    ///
    /// The delegate runs synchronously, before this suspends. Only its first
    /// decision counts; later decisions, and decisions after `timeout`, are
    /// kept in ``decisionMisuses``.
    ///
    /// - Parameters:
    ///   - action: The navigation the page proposes.
    ///   - timeout: How long to wait for the decision.
    /// - Returns: The delegate's first decision.
    /// - Throws: ``SimulationError`` when no navigation delegate is set, the
    ///   delegate does not call its decision handler within `timeout` (the crash
    ///   WebKit reports as "Completion handler … was not called"), or the task is cancelled.
    public func navigate(_ action: NavigationAction, timeout: Duration = .seconds(5)) async throws(SimulationError)
        -> NavigationPolicy
    {
        guard let delegate = state.withLock({ $0.navigationDelegate }) else {
            throw SimulationError(
                "no navigation delegate is set to decide \(action.summary); "
                    + "set navigationDelegate before the page navigates")
        }
        let gate = SimulationGate<NavigationPolicy>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                delegate.webView(self, decidePolicyFor: action) { [weak self] policy in
                    guard case .refused(let earlier) = gate.settle(.value(policy)) else { return }
                    self?.recordMisuse(.decision, Self.lateDecision(policy, for: action, after: earlier))
                }
            }
        }
        switch ending {
        case .value(let policy):
            return policy
        case .timedOut(let timeout):
            throw SimulationError(
                "the completion handler passed to decidePolicy(for:decisionHandler:) for \(action.summary) "
                    + "was not called within \(timeout); call decisionHandler exactly once for every navigation action")
        case .cancelled:
            throw SimulationError("cancelled while waiting for the decision on \(action.summary)")
        }
    }

    /// The handler registered under `name` in `contentWorld`.
    private func registeredHandler(_ name: String, _ contentWorld: ContentWorld) throws(SimulationError)
        -> RegisteredHandler
    {
        let (handler, keys) = state.withLock {
            ($0.handlers[HandlerKey(name: name, contentWorld: contentWorld)], $0.handlerKeys)
        }
        guard let handler else {
            // Each named with its world, the page's too, once any world is another: a handler of
            // the name in the wrong world must not read as the one missing.
            let namesWorlds = contentWorld != .page || keys.contains { $0.contentWorld != .page }
            func named(_ name: String, _ world: ContentWorld) -> String {
                namesWorlds ? "'\(name)' in \(world == .page ? "the page world" : "\(world)")" : "'\(name)'"
            }
            let registered = keys.isEmpty ? "none" : keys.map { named($0.name, $0.contentWorld) }.joined(separator: ", ")
            throw SimulationError(
                "no script message handler is registered for \(named(name, contentWorld)) (registered: \(registered)); "
                    + "the app registers one with add(_:name:) before the page posts")
        }
        return handler
    }

    private static func lateReply(
        _ outcome: Outcome, to message: ScriptMessage, after earlier: SimulationGate<Outcome>.Ending
    ) -> String {
        let subject = "the reply handler for \(message.summary) was called with \(outcome.summary)"
        switch earlier {
        case .value(let first):
            return "\(subject) after replying \(first.summary); WebKit keeps only the first reply"
        case .timedOut(let timeout):
            return "\(subject) after the page stopped waiting (no reply within \(timeout))"
        case .cancelled:
            return "\(subject) after the page stopped waiting (cancelled)"
        }
    }

    private static func lateDecision(
        _ policy: NavigationPolicy, for action: NavigationAction, after earlier: SimulationGate<NavigationPolicy>.Ending
    ) -> String {
        let subject = "the decision handler for \(action.summary) was called with \(policy)"
        switch earlier {
        case .value(let first):
            return "\(subject) after deciding \(first); the first decision was kept"
        case .timedOut(let timeout):
            return "\(subject) after the web view stopped waiting (no decision within \(timeout))"
        case .cancelled:
            return "\(subject) after the web view stopped waiting (cancelled)"
        }
    }
}
