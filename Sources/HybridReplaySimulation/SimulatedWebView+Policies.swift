import HybridReplay

/// Driving the decisions format version 2 adds: an action offered with page
/// preferences, and a response the delegate decides to show, cancel or download.
extension SimulatedWebView {
    /// Asks the navigation delegate to decide `action` and the page's
    /// `preferences`, as `decidePolicyFor:preferences:decisionHandler:` does,
    /// and waits for its decision.
    ///
    /// Only the first decision counts; later ones, and ones after `timeout`,
    /// are kept in ``decisionMisuses``.
    ///
    /// - Returns: The delegate's first policy and the preferences it answered with.
    /// - Throws: ``SimulationError`` when no navigation delegate is set, the
    ///   delegate does not decide within `timeout`, or the task is cancelled.
    public func navigate(
        _ action: NavigationAction, preferences: WebpagePreferences, timeout: Duration = .seconds(5)
    ) async throws(SimulationError) -> (NavigationPolicy, WebpagePreferences) {
        var offering = action
        offering.preferences = preferences
        let offered = offering
        let delegate = try lifecycleDelegate("decide \(offered.summary)")
        let gate = SimulationGate<NavigationDecision>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                delegate.webView(self, decidePolicyFor: offered, preferences: preferences) { [weak self] policy, chosen in
                    let decision = NavigationDecision(policy, preferences: chosen)
                    guard case .refused(let earlier) = gate.settle(.value(decision)) else { return }
                    self?.recordMisuse(.decision, Self.late(decision.summary, for: offered.summary, after: earlier))
                }
            }
        }
        let decision = try Self.settled(ending, for: offered.summary)
        return (decision.policy, decision.preferences ?? preferences)
    }

    /// Asks the navigation delegate whether to show `response`, as WebKit does
    /// once a response arrives, and waits for its decision.
    ///
    /// Only the first decision counts; later ones, and ones after `timeout`,
    /// are kept in ``decisionMisuses``.
    ///
    /// - Returns: The delegate's first policy.
    /// - Throws: ``SimulationError`` when no navigation delegate is set, the
    ///   delegate does not decide within `timeout`, or the task is cancelled.
    public func receive(_ response: NavigationResponse, timeout: Duration = .seconds(5)) async throws(SimulationError)
        -> NavigationResponsePolicy
    {
        let delegate = try lifecycleDelegate("decide the response \(response.summary)")
        let gate = SimulationGate<NavigationResponsePolicy>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                delegate.webView(self, decidePolicyFor: response) { [weak self] policy in
                    guard case .refused(let earlier) = gate.settle(.value(policy)) else { return }
                    self?.recordMisuse(
                        .decision, Self.late(policy.rawValue, for: "the response \(response.summary)", after: earlier))
                }
            }
        }
        return try Self.settled(ending, for: "the response \(response.summary)")
    }

    /// Hands the navigation delegate an authentication challenge, as WebKit
    /// does when a server asks for credentials or the app may evaluate its
    /// certificate, and waits for the answer.
    ///
    /// Only the first answer counts; later ones, and ones after `timeout`,
    /// are kept in ``decisionMisuses``.
    ///
    /// - Returns: The delegate's first answer.
    /// - Throws: ``SimulationError`` when no navigation delegate is set, the
    ///   delegate does not answer within `timeout`, or the task is cancelled.
    public func authenticate(_ challenge: AuthenticationChallenge, timeout: Duration = .seconds(5)) async throws(SimulationError)
        -> AuthenticationAnswer
    {
        let subject = "the authentication challenge \(challenge.summary)"
        let delegate = try lifecycleDelegate("answer \(subject)")
        let gate = SimulationGate<AuthenticationAnswer>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                delegate.webView(self, didReceive: challenge) { [weak self] answer in
                    guard case .refused(let earlier) = gate.settle(.value(answer)) else { return }
                    self?.recordMisuse(.decision, Self.late(answer.summary, for: subject, after: earlier))
                }
            }
        }
        return try Self.settled(ending, for: subject, handler: ("didReceive(_:completionHandler:)", "completionHandler"))
    }

    private static func settled<Value>(
        _ ending: SimulationGate<Value>.Ending, for subject: String,
        handler: (method: String, name: String) = ("decidePolicy(for:decisionHandler:)", "decisionHandler")
    ) throws(SimulationError) -> Value {
        switch ending {
        case .value(let value):
            return value
        case .timedOut(let timeout):
            throw SimulationError(
                "the completion handler passed to \(handler.method) for \(subject) "
                    + "was not called within \(timeout); call \(handler.name) exactly once")
        case .cancelled:
            throw SimulationError("cancelled while waiting for the decision on \(subject)")
        }
    }

    private static func late<Value>(_ decision: String, for subject: String, after earlier: SimulationGate<Value>.Ending)
        -> String
    {
        let text = "the decision handler for \(subject) was called with \(decision)"
        switch earlier {
        case .value: return "\(text) after it was decided; the first decision was kept"
        case .timedOut(let timeout): return "\(text) after the web view stopped waiting (no decision within \(timeout))"
        case .cancelled: return "\(text) after the web view stopped waiting (cancelled)"
        }
    }
}
