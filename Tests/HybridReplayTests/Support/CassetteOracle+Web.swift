import Foundation
import HybridReplay

/// The web stimuli and effects format version 2 adds, for the oracle.
extension CassetteOracle.Receiver {
    func didStartProvisionalNavigation(_ navigation: NavigationStart) { oracle.arrived(navigation) }
    func didCommit(_ navigation: NavigationCommit) { oracle.arrived(navigation) }
    func didFinish(_ navigation: NavigationFinish) { oracle.arrived(navigation) }
    func didFailProvisionalNavigation(_ failure: NavigationFailure) { oracle.arrived(failure) }
    func didFail(_ failure: NavigationFailure) { oracle.arrived(failure) }
    func webContentProcessDidTerminate() { oracle.arrived(WebContentProcessTermination()) }
    func webViewDidClose() { oracle.arrived(WindowClose()) }
}

extension CassetteOracle.Receiver {
    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        oracle.arrived(decisionHandler)
    }

    func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        oracle.arrived(decisionHandler)
    }

    func didReceive(_ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void) {
        oracle.arrived(completionHandler)
    }
}

extension CassetteOracle {
    /// Makes one of the web effects format version 2 adds; returns whether
    /// the seam call took its answer itself.
    func performWeb(_ payload: any EventPayload, cause: Any?) -> Bool {
        switch payload {
        case let decision as NavigationResponseDecision:
            (cause as? (@Sendable (NavigationResponsePolicy) -> Void))?(decision.policy)
        case let answer as JavaScriptDialogAnswer:
            (cause as? (@Sendable (JavaScriptDialogAnswer) -> Void))?(answer)
        case let answer as AuthenticationAnswer:
            (cause as? (@Sendable (AuthenticationAnswer) -> Void))?(answer)
        case let decided as MediaCaptureDecision:
            (cause as? (@Sendable (PermissionDecision) -> Void))?(decided.decision)
        case let removal as ScriptHandlerRemoval:
            platform.webView.removeScriptMessageHandler(forName: removal.name, contentWorld: removal.contentWorld)
        case let response as URLSchemeResponse:
            (cause as? any URLSchemeTask)?.didReceive(response)
        case let piece as URLSchemeData:
            (cause as? any URLSchemeTask)?.didReceive(piece.data)
        case let completion as URLSchemeCompletion:
            guard let task = cause as? any URLSchemeTask else { break }
            if let error = completion.error { task.didFailWithError(DescribedError(description: error)) } else { task.didFinish() }
        default:
            break
        }
        return false
    }

    /// An error whose description is the recorded one, as `String(describing:)` records it.
    struct DescribedError: Error, CustomStringConvertible {
        var description: String
    }

    /// `payload` with one visible change, for the web effects format version 2 adds.
    static func alteredWeb(_ payload: any EventPayload) -> any EventPayload {
        switch payload {
        case var decision as NavigationResponseDecision:
            decision.policy = decision.policy == .cancel ? .allow : .cancel
            return decision
        case let answer as JavaScriptDialogAnswer:
            // Each still an answer the dialog's own completion handler can give: a confirm drops the text.
            return answer.text.map { JavaScriptDialogAnswer.prompt($0 + "-altered") }
                ?? (answer.confirmed ? .cancel : JavaScriptDialogAnswer(confirmed: true, text: "altered"))
        case let decided as MediaCaptureDecision:
            return MediaCaptureDecision(decided.decision == .grant ? .deny : .grant)
        case let answer as AuthenticationAnswer:
            return answer.disposition == .cancelAuthenticationChallenge
                ? AuthenticationAnswer.performDefaultHandling : AuthenticationAnswer(.cancelAuthenticationChallenge)
        case var removal as ScriptHandlerRemoval:
            removal.name += "-altered"
            return removal
        case let result as NewWindowResult:
            return NewWindowResult(returnedWebView: !result.returnedWebView)
        case var response as URLSchemeResponse:
            response.status = response.status == 404 ? 200 : 404
            return response
        case var piece as URLSchemeData:
            // The same length: replay cuts the body at the recorded pieces' sizes.
            guard let first = piece.data.first else { return piece }
            piece.data[piece.data.startIndex] = first == UInt8(ascii: "~") ? UInt8(ascii: "-") : UInt8(ascii: "~")
            return piece
        case let completion as URLSchemeCompletion:
            return completion.error == nil ? URLSchemeCompletion(error: "altered") : .finished
        default:
            return payload
        }
    }
}

extension CassetteOracle.Receiver {
    /// Hands the walk one handler for either dialog, which it calls with the recorded answer.
    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        oracle.arrived({ (answer: JavaScriptDialogAnswer) in completionHandler(answer.confirmed) } as @Sendable (JavaScriptDialogAnswer) -> Void)
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        oracle.arrived({ (answer: JavaScriptDialogAnswer) in completionHandler(answer.text) } as @Sendable (JavaScriptDialogAnswer) -> Void)
    }

    func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        oracle.arrived(decisionHandler)
    }
}

extension CassetteOracle.Receiver: URLSchemeHandler {
    /// Hands the walk the task, which it answers with the recorded head, pieces and end.
    func start(_ task: any URLSchemeTask) { oracle.arrived(task) }

    /// The recorded stop arrived; nothing of the answer follows it.
    func stop(_ task: any URLSchemeTask) { oracle.arrived(task) }
}

extension CassetteOracle.Receiver: UIDelegate {
    /// Returns what the cassette says, at once: a web view (the oracle's own) or `nil`.
    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        oracle.arrived(NewWindowRequest(action: action, windowFeatures: windowFeatures))
        let returned = oracle.lock.withLock { oracle.windowResults.isEmpty ? false : oracle.windowResults.removeFirst() }
        return returned ? oracle.platform.webView : nil
    }
}
