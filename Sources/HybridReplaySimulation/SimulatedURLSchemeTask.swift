import Foundation
import HybridReplay

/// The task a ``SimulatedWebView`` hands the app's scheme handler: it
/// collects the app's answer and keeps the calls `WKURLSchemeTask` raises
/// an exception for in ``SimulatedWebView/schemeTaskMisuses``.
public final class SimulatedURLSchemeTask: URLSchemeTask {
    private struct State {
        var answer = URLSchemeAnswer()
        var ended = false
    }

    public let request: URLSchemeRequest
    private let handler: any URLSchemeHandler
    private let misuse: @Sendable (String) -> Void
    private let state = Locked(State())
    private let gate = SimulationGate<URLSchemeAnswer>()

    init(request: URLSchemeRequest, handler: any URLSchemeHandler, misuse: @escaping @Sendable (String) -> Void) {
        self.request = request
        self.handler = handler
        self.misuse = misuse
    }

    /// What the app has answered so far.
    public var answerSoFar: URLSchemeAnswer { state.withLock { $0.answer } }

    public func didReceive(_ response: URLSchemeResponse) {
        let problem: String? = state.withLock { state in
            if let problem = Self.closed(state, "a response head") { return problem }
            if state.answer.response != nil { return "a second response head; the first was kept" }
            state.answer.response = response
            return nil
        }
        problem.map(misuse)
    }

    public func didReceive(_ data: Data) {
        let problem: String? = state.withLock { state in
            if let problem = Self.closed(state, "data") { return problem }
            if state.answer.response == nil { return "data before its response head; it was dropped" }
            state.answer.data.append(data)
            return nil
        }
        problem.map(misuse)
    }

    public func didFinish() { end(.finished) }

    public func didFailWithError(_ error: any Error) { end(.failed(error)) }

    /// Stops the task, as WebKit does when the page navigates away or aborts
    /// the request: in one turn of the main actor the task stops taking
    /// calls and the handler's `stop(_:)` is called; any later call on the
    /// task is misuse.
    ///
    /// The main actor runs the stop after whatever is queued there before
    /// it, so a handler that answers through `DispatchQueue.main.async` or a
    /// task may have ended its answer by then. To stop a request before any
    /// such answer, start it with ``SimulatedWebView/startAndStopURLSchemeTask(_:)``.
    ///
    /// - Throws: ``SimulationError`` when the app has already ended its
    ///   answer, or the task was stopped before: WebKit stops neither, so
    ///   nothing is stopped and nothing is recorded.
    public func stop() async throws(SimulationError) {
        guard let refusal = await MainActor.run(body: { stopNow() }) else { return }
        throw SimulationError(
            "cannot stop the scheme task for \(request.method) \(request.urlString): \(refusal), and WebKit never stops "
                + "a task twice or after its end, so nothing was stopped or recorded; to stop the request before a "
                + "handler that answers later (on the main queue, from a task) has answered, "
                + "start it with startAndStopURLSchemeTask(_:)")
    }

    /// Stops the task here and now: it takes no more calls, and the
    /// handler's `stop(_:)` is called.
    ///
    /// - Returns: Why the task cannot be stopped (its answer ended, or it
    ///   was stopped before), or `nil` when it was stopped.
    @MainActor func stopNow() -> String? {
        let refusal: String? = state.withLock { state in
            if let completion = state.answer.completion { return "the app already ended its answer (\(completion.summary))" }
            if state.ended { return "the app already ended its answer" }
            if state.answer.stopped { return "the page already stopped it" }
            state.answer.stopped = true
            return nil
        }
        guard refusal == nil else { return refusal }
        gate.settle(.value(answerSoFar))
        handler.stop(self)
        return nil
    }

    /// Waits until the app ends its answer, or the task is stopped.
    ///
    /// - Parameter timeout: How long to wait for the end.
    /// - Returns: The head, the body's pieces concatenated, and how it ended.
    /// - Throws: ``SimulationError`` when it does not end within `timeout`,
    ///   or the waiting task is cancelled.
    public func answer(timeout: Duration = .seconds(5)) async throws(SimulationError) -> URLSchemeAnswer {
        switch await gate.wait(timeout: timeout, start: {}) {
        case .value(let answer):
            return answer
        case .timedOut(let timeout):
            throw SimulationError(
                "the scheme task for \(request.method) \(request.urlString) did not end within \(timeout); "
                    + "call didFinish() or didFailWithError(_:) exactly once")
        case .cancelled:
            throw SimulationError("cancelled while waiting for the answer to \(request.method) \(request.urlString)")
        }
    }

    private func end(_ completion: URLSchemeCompletion) {
        let result: Result<URLSchemeAnswer, SimulationError> = state.withLock { state in
            if let problem = Self.closed(state, "\(completion.summary)") { return .failure(SimulationError(problem)) }
            if completion.error == nil, state.answer.response == nil {
                state.ended = true
                return .failure(SimulationError("didFinish() without a response head"))
            }
            state.ended = true
            state.answer.completion = completion
            return .success(state.answer)
        }
        switch result {
        case .success(let answer): gate.settle(.value(answer))
        case .failure(let problem): misuse(problem.description)
        }
    }

    /// Why the task takes no more calls, or `nil` when it does.
    private static func closed(_ state: State, _ what: String) -> String? {
        if state.answer.stopped { return "\(what) after the page stopped the task" }
        if state.ended { return "\(what) after the task ended" }
        return nil
    }
}
