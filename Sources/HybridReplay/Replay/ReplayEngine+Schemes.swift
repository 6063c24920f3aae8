/// Playing back the page's requests to app-served URL schemes.
extension ReplayEngine {
    /// Hands `handler` a task for `request`; what the app answers through it
    /// are effects caused by the request, its end judged as a
    /// ``Settlement/schemeCompletion``: once, and not never.
    @MainActor func startSchemeTask(_ request: URLSchemeRequest, id: Int, by handler: any URLSchemeHandler) {
        let task = ReplayURLSchemeTask(request: request, requestID: id, handler: handler, engine: self)
        receivers.update { $0.schemeTasks[id] = task }
        handler.start(task)
    }

    /// Delivers a recorded `scheme.stop` to the handler that started its
    /// task; from then on every call on the task is misuse.
    @MainActor func stopSchemeTask(_ stimulus: Event) {
        guard let requestID = stimulus.cause, let task = receivers.current.schemeTasks[requestID] else {
            // Exploring stops a task at each step; WebKit never stops one the app already ended.
            if script.explores, stimulus.cause != nil { return }
            return fail(
                ReplayIssue(
                    kind: .unusedStimulus, eventID: stimulus.id, eventKind: stimulus.kind,
                    statement: .undeliverable("no scheme task was started for its cause"), cause: stimulus.cause.map(script.reference)))
        }
        task.markStopped()
        receivers.update { $0.schemeTasks[requestID] = nil }
        task.handler.stop(task)
    }
}
