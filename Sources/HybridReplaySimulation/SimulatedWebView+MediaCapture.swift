import HybridReplay

/// Driving media-capture requests: what WebKit asks the UI delegate when
/// the page's script calls `getUserMedia`.
extension SimulatedWebView {
    /// Asks the UI delegate to decide `request`, as WebKit does while the
    /// page's `getUserMedia` waits, and waits for the decision.
    ///
    /// Only the first decision counts; later ones, and ones after `timeout`,
    /// are kept in ``decisionMisuses``.
    ///
    /// - Parameters:
    ///   - request: What the page asks for, and from which origin and frame.
    ///   - timeout: How long the page waits for the delegate.
    /// - Returns: The delegate's first decision.
    /// - Throws: ``SimulationError`` when no UI delegate is set, the delegate
    ///   does not decide within `timeout`, or the task is cancelled.
    public func requestMediaCapture(_ request: MediaCaptureRequest, timeout: Duration = .seconds(5)) async throws(SimulationError)
        -> PermissionDecision
    {
        let subject = "the media-capture request \(request.summary)"
        guard let delegate = state.withLock({ $0.uiDelegate }) else {
            throw SimulationError(
                "no UI delegate is set to decide \(subject); set uiDelegate before the page calls getUserMedia")
        }
        let gate = SimulationGate<PermissionDecision>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                delegate.requestMediaCapturePermission(request, in: self) { [weak self] decided in
                    guard case .refused(let earlier) = gate.settle(.value(decided.decision)) else { return }
                    let text = "the decision handler for \(subject) was called with \(decided.decision)"
                    switch earlier {
                    case .value(let first): self?.recordMisuse(.decision, "\(text) after deciding \(first); the first decision was kept")
                    case .timedOut(let timeout):
                        self?.recordMisuse(.decision, "\(text) after the page stopped waiting (no decision within \(timeout))")
                    case .cancelled: self?.recordMisuse(.decision, "\(text) after the page stopped waiting (cancelled)")
                    }
                }
            }
        }
        switch ending {
        case .value(let decision):
            return decision
        case .timedOut(let timeout):
            throw SimulationError(
                "the decision handler passed to requestMediaCapturePermission(for:initiatedByFrame:type:decisionHandler:) "
                    + "for \(subject) was not called within \(timeout); call decisionHandler exactly once")
        case .cancelled:
            throw SimulationError("cancelled while waiting for the decision on \(subject)")
        }
    }
}
