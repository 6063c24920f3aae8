import HybridReplay

/// Driving JavaScript dialogs: what WebKit asks the UI delegate when the
/// page calls `alert`, `confirm` or `prompt`.
extension SimulatedWebView {
    /// Asks the UI delegate to run `dialog`, as WebKit does while the page's
    /// script waits, and waits for its answer.
    ///
    /// Only the first answer counts; later ones, and ones after `timeout`,
    /// are kept in ``dialogMisuses``.
    ///
    /// - Parameters:
    ///   - dialog: The dialog the page opened.
    ///   - timeout: How long the page waits for the delegate.
    /// - Returns: The delegate's first answer.
    /// - Throws: ``SimulationError`` when no UI delegate is set, the delegate
    ///   does not answer within `timeout`, or the task is cancelled.
    public func runJavaScriptDialog(_ dialog: JavaScriptDialog, timeout: Duration = .seconds(5)) async throws(SimulationError)
        -> JavaScriptDialogAnswer
    {
        guard let delegate = state.withLock({ $0.uiDelegate }) else {
            throw SimulationError(
                "no UI delegate is set to answer the page's dialog \(dialog.summary); "
                    + "set uiDelegate before the page opens a dialog")
        }
        let gate = SimulationGate<JavaScriptDialogAnswer>()
        let ending = await gate.wait(timeout: timeout) {
            runOnMainActor {
                delegate.runJavaScriptDialog(dialog, in: self) { [weak self] answer in
                    guard case .refused(let earlier) = gate.settle(.value(answer)) else { return }
                    let text = "the completion handler of the dialog \(dialog.summary) was called with \(answer.summary)"
                    switch earlier {
                    case .value: self?.recordMisuse(.dialogAnswer, "\(text) after it was answered; the first answer was kept")
                    case .timedOut(let timeout):
                        self?.recordMisuse(.dialogAnswer, "\(text) after the page stopped waiting (no answer within \(timeout))")
                    case .cancelled: self?.recordMisuse(.dialogAnswer, "\(text) after the page stopped waiting (cancelled)")
                    }
                }
            }
        }
        switch ending {
        case .value(let answer):
            return answer
        case .timedOut(let timeout):
            throw SimulationError(
                "the completion handler of the dialog \(dialog.summary) was not called within \(timeout); "
                    + "call completionHandler exactly once")
        case .cancelled:
            throw SimulationError("cancelled while waiting for the answer to the dialog \(dialog.summary)")
        }
    }
}
