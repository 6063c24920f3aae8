import Foundation
import HybridReplay

/// Driving app-served URL schemes: what WebKit asks the scheme handler when
/// the page requests a URL whose scheme the app registered.
extension SimulatedWebView {
    /// Starts a task for `request` on the scheme handler registered for its
    /// scheme, as WebKit does when the page requests it.
    ///
    /// - Parameter request: The page's request.
    /// - Returns: The task; wait for the app's answer with
    ///   ``SimulatedURLSchemeTask/answer(timeout:)``, or stop it with ``SimulatedURLSchemeTask/stop()``
    ///   (to stop it before a handler that answers later has answered, use
    ///   ``startAndStopURLSchemeTask(_:)`` instead).
    /// - Throws: ``SimulationError`` when no handler is registered for the scheme.
    @discardableResult
    public func startURLSchemeTask(_ request: URLSchemeRequest) async throws(SimulationError) -> SimulatedURLSchemeTask {
        let (handler, task) = try schemeTask(for: request)
        await MainActor.run { handler.start(task) }
        return task
    }

    /// Starts a task for `request` and stops it in the same turn of the main
    /// actor, as WebKit does for a page that navigates away, or aborts its
    /// `fetch`, right after asking: the handler's `start(_:)`, then its
    /// `stop(_:)`, both before anything `start(_:)` handed to the main queue
    /// or to a task runs. A handler that answers through
    /// `DispatchQueue.main.async` or a `Task` is stopped before it answers,
    /// every time, so a recording holds the request and its stop; whatever
    /// the handler does with the task later is misuse
    /// (``schemeTaskMisuses``, and a recording that holds it fails validation).
    /// Work the handler runs on another thread and answers from there races
    /// with the stop, as it does on a device.
    ///
    /// - Parameter request: The page's request.
    /// - Returns: The stopped task; ``SimulatedURLSchemeTask/answerSoFar`` holds
    ///   what `start(_:)` answered before it returned.
    /// - Throws: ``SimulationError`` when no handler is registered for the
    ///   scheme, or the handler ended its answer inside `start(_:)`, leaving
    ///   the page nothing to stop (then the request and its answer are recorded, and no stop).
    @discardableResult
    public func startAndStopURLSchemeTask(_ request: URLSchemeRequest) async throws(SimulationError) -> SimulatedURLSchemeTask {
        let (handler, task) = try schemeTask(for: request)
        let refusal = await MainActor.run {
            handler.start(task)
            return task.stopNow()
        }
        guard let refusal else { return task }
        throw SimulationError(
            "cannot stop the scheme task for \(request.method) \(request.urlString) before its answer: \(refusal) "
                + "inside start(_:), so the page had nothing to stop and no stop was recorded; "
                + "drive an answer given at once with requestURLScheme(_:timeout:)")
    }

    /// The handler registered for `request`'s scheme, and a task for it.
    private func schemeTask(for request: URLSchemeRequest) throws(SimulationError) -> (any URLSchemeHandler, SimulatedURLSchemeTask) {
        guard let handler = state.withLock({ $0.schemeHandlers[request.scheme] }) else {
            throw SimulationError(
                "no URL scheme handler is registered for '\(request.scheme)' to answer \(request.method) \(request.urlString); "
                    + "call setURLSchemeHandler(_:forURLScheme:) before the page requests it")
        }
        let task = SimulatedURLSchemeTask(request: request, handler: handler) { [weak self] message in
            self?.recordMisuse(.schemeTask, "the scheme task for \(request.method) \(request.urlString) got \(message)")
        }
        return (handler, task)
    }

    /// Requests `request` from the app's scheme handler and waits until the
    /// app ends its answer.
    ///
    /// - Parameters:
    ///   - request: The page's request.
    ///   - timeout: How long the page waits for the answer to end.
    /// - Returns: The head, the body's pieces concatenated, and how it ended.
    /// - Throws: ``SimulationError`` when no handler is registered for the
    ///   scheme, or the answer does not end within `timeout`.
    public func requestURLScheme(_ request: URLSchemeRequest, timeout: Duration = .seconds(5)) async throws(SimulationError)
        -> URLSchemeAnswer
    {
        try await startURLSchemeTask(request).answer(timeout: timeout)
    }

    /// The misuses of scheme tasks: calls out of order, after the answer
    /// ended or after the page stopped the task.
    public var schemeTaskMisuses: [String] { misuses(of: .schemeTask) }

    /// Serves the page's requests to `scheme` through `handler`, which
    /// ``startURLSchemeTask(_:)`` hands each request; a simulation has no
    /// configuration, so it takes the handler at any time.
    public func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {
        state.withLock { $0.schemeHandlers[scheme.lowercased()] = handler }
    }

    /// Whether a scheme handler is registered for `scheme`.
    public func hasURLSchemeHandler(forURLScheme scheme: String) -> Bool {
        state.withLock { $0.schemeHandlers[scheme.lowercased()] != nil }
    }
}
