/// A completion handler of a step the page took, held by a web-half replay
/// until the recorded answer to that step is played into it.
enum WebHalfHeldAnswer {
    case reply(@Sendable (Outcome) -> Void)
    case decision(@Sendable (NavigationPolicy, WebpagePreferences?) -> Void)
    case responseDecision(@Sendable (NavigationResponsePolicy) -> Void)
    /// A dialog's answer, and what the dialog gets when it is let go.
    case dialog(@Sendable (JavaScriptDialogAnswer) -> Void, letGo: JavaScriptDialogAnswer)
    /// A request to an app-served scheme, and whether its answer's bytes came
    /// whole from the page's served files at the first piece.
    case schemeTask(any URLSchemeTask, servedWhole: Bool)

    /// Whether the engine waits on it: a navigation, a dialog or a scheme
    /// task holds it up, which a page's message awaiting its reply does not.
    var holdsEngine: Bool {
        if case .reply = self { return false }
        return true
    }

    /// The recorded step it waits under after the page's step came out as
    /// `verdict`, or `nil` when it is answered at once (``answer(_:)``).
    ///
    /// A reply handler and a scheme task wait whenever the step matched, and
    /// are let go at the end if the recording never answers; a decision or a
    /// dialog waits only for an answer the recording has.
    func waitingStep(after verdict: WebHalfMatcher.Verdict) -> Int? {
        guard case .matched(let id, let answered) = verdict else { return nil }
        switch self {
        case .reply, .schemeTask: return id
        case .decision, .responseDecision, .dialog: return answered ? id : nil
        }
    }

    /// Answers it at once, for a step that came out as `verdict` and has no recorded answer to wait for.
    func answer(_ verdict: WebHalfMatcher.Verdict) {
        let allowed: Bool
        switch verdict {
        case .matched, .allowed: allowed = true
        case .unrecorded, .diverged, .ended: allowed = false
        }
        switch self {
        case .reply(let reply):
            switch verdict {
            case .ended: reply(.error("the web-half replay ended"))
            case .diverged: reply(.error("not as recorded"))
            case .matched, .allowed, .unrecorded: reply(.error("not in the cassette"))
            }
        case .decision(let decide): decide(allowed ? .allow : .cancel, nil)
        case .responseDecision(let decide): decide(allowed ? .allow : .cancel)
        case .dialog(let answer, let letGo): answer(letGo)
        case .schemeTask(let task, _): task.didFailWithError(WebHalfEnded())
        }
    }

    /// Answers it as the engine would with no recorded answer to play: the run has ended.
    func letGo() {
        switch self {
        case .reply(let reply): reply(.error("the web-half replay ended"))
        case .decision(let decide): decide(.cancel, nil)
        case .responseDecision(let decide): decide(.cancel)
        case .dialog(let answer, let letGo): answer(letGo)
        case .schemeTask(let task, _): task.didFailWithError(WebHalfEnded())
        }
    }
}

extension WebHalfHeldAnswer {
    /// Plays `answer`, the recorded answer to the step, into the handler.
    ///
    /// - Parameter page: The page under test, whose served files take the
    ///   place of a scheme answer's recorded bytes.
    /// - Returns: What is still held afterwards: a scheme task until its
    ///   completion; `nil` once the step is answered.
    func play(_ answer: any EventPayload, page: WebPage?) -> WebHalfHeldAnswer? {
        switch self {
        case .reply(let reply):
            guard let recorded = answer as? ScriptReply else { return self }
            reply(recorded.outcome)
        case .decision(let decide):
            guard let decision = answer as? NavigationDecision else { return self }
            decide(decision.policy, decision.preferences)
        case .responseDecision(let decide):
            guard let decision = answer as? NavigationResponseDecision else { return self }
            decide(decision.policy)
        case .dialog(let answerDialog, _):
            guard let recorded = answer as? JavaScriptDialogAnswer else { return self }
            answerDialog(recorded)
        case .schemeTask(let task, let servedWhole):
            return Self.play(answer, into: task, servedWhole: servedWhole, page: page)
        }
        return nil
    }

    private static func play(_ answer: any EventPayload, into task: any URLSchemeTask, servedWhole: Bool, page: WebPage?)
        -> WebHalfHeldAnswer?
    {
        if let response = answer as? URLSchemeResponse {
            task.didReceive(response)
        } else if let piece = answer as? URLSchemeData, !servedWhole {
            // The page's own file is sent whole at the first piece; the recorded pieces are not.
            guard let served = page?.servedFile(for: task.request.urlString) else {
                task.didReceive(piece.data)
                return .schemeTask(task, servedWhole: false)
            }
            task.didReceive(served)
            return .schemeTask(task, servedWhole: true)
        } else if let completion = answer as? URLSchemeCompletion {
            if let error = completion.error {
                task.didFailWithError(WebHalfRecordedFailure(description: error))
            } else {
                task.didFinish()
            }
            return nil
        }
        return .schemeTask(task, servedWhole: servedWhole)
    }
}
