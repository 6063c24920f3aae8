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
    ///   ``SimulatedURLSchemeTask/answer(timeout:)``, or stop it with ``SimulatedURLSchemeTask/stop()``.
    /// - Throws: ``SimulationError`` when no handler is registered for the scheme.
    @discardableResult
    public func startURLSchemeTask(_ request: URLSchemeRequest) async throws(SimulationError) -> SimulatedURLSchemeTask {
        guard let handler = state.withLock({ $0.schemeHandlers[request.scheme] }) else {
            throw SimulationError(
                "no URL scheme handler is registered for '\(request.scheme)' to answer \(request.method) \(request.urlString); "
                    + "call setURLSchemeHandler(_:forURLScheme:) before the page requests it")
        }
        let task = SimulatedURLSchemeTask(request: request, handler: handler) { [weak self] message in
            self?.recordMisuse(.schemeTask, "the scheme task for \(request.method) \(request.urlString) got \(message)")
        }
        await MainActor.run { handler.start(task) }
        return task
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
