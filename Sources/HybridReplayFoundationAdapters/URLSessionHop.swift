import Foundation
import HybridReplaySeams

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of a ``URLSessionTransport/send(_:redirectDelegate:)``: a
/// `URLSession` task that never follows a redirect, ended at the
/// transport's timeout or when the sending task is cancelled.
///
/// The task's delegate answers every redirect inside the callback with
/// "do not follow", so the 3xx arrives as the task's response. It answers
/// only while the task runs: once the hop has ended and the task is being
/// cancelled, FoundationNetworking no longer waits for an answer and crashes
/// on one. Every call into the task is made under the lock, after checking
/// the hop has not ended; none of them re-enters this object.
final class URLSessionHop: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var continuation: CheckedContinuation<Result<(HTTPURLResponse, Data), HTTPTransportError>, Never>?
        /// Set once nothing more may be asked of the task.
        var settled = false
        /// Why the task was ended early, which its completion then reports.
        var ending: HTTPTransportError?
        /// Set when the sending task is cancelled, possibly before a URLSession task exists.
        var cancelled = false
        var timer: Task<Void, Never>?
    }

    private let shared = Locked(State())
    private let timeout: Duration

    init(timeout: Duration) { self.timeout = timeout }

    /// Sends `request` and returns its response, a redirect included.
    func run(_ request: URLRequest, in session: URLSession) async -> Result<(HTTPURLResponse, Data), HTTPTransportError>
    {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    self.complete(data: data, response: response, error: error)
                }
                task.delegate = self
                let start = shared.withLock { state -> Bool in
                    guard !state.cancelled else { return false }
                    state.task = task
                    state.continuation = continuation
                    startTimer(&state)
                    return true
                }
                if start { task.resume() } else { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            shared.withLock { state in
                state.cancelled = true
                end(&state, with: .cancelled)
            }
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        shared.withLock { state in
            // Ended meanwhile (timeout, cancellation): the task no longer waits for an answer.
            guard !state.settled else { return }
            completionHandler(nil)
        }
    }

    private func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
        let (continuation, outcome) = shared.withLock {
            state -> (CheckedContinuation<Result<(HTTPURLResponse, Data), HTTPTransportError>, Never>?, Result<(HTTPURLResponse, Data), HTTPTransportError>) in
            state.timer?.cancel()
            state.timer = nil
            state.settled = true
            state.task = nil
            let outcome: Result<(HTTPURLResponse, Data), HTTPTransportError> =
                if let ending = state.ending {
                    .failure(ending)
                } else if let error {
                    .failure(HTTPTransportError(error))
                } else if let response = response as? HTTPURLResponse {
                    .success((response, data ?? Data()))
                } else {
                    .failure(HTTPTransportError("no HTTP response", code: HTTPTransportError.Code.badServerResponse))
                }
            defer { state.continuation = nil }
            return (state.continuation, outcome)
        }
        continuation?.resume(returning: outcome)
    }

    /// Starts the clock: a hop still running at ``timeout`` ends.
    private func startTimer(_ state: inout State) {
        let timeout = timeout
        state.timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil, let self else { return }
            shared.withLock { state in end(&state, with: .timedOut(after: timeout)) }
        }
    }

    /// Ends the hop early with `ending`, unless it has ended already.
    private func end(_ state: inout State, with ending: HTTPTransportError) {
        guard !state.settled else { return }
        state.settled = true
        state.ending = ending
        state.task?.cancel()
    }
}

extension HTTPTransportError {
    /// The timeout the transport enforces itself: `timed out after 30 s`.
    static func timedOut(after timeout: Duration) -> HTTPTransportError {
        let milliseconds = timeout.count(of: .milliseconds)
        // The same in every locale: `30 s` or `300 ms`.
        let limit = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
        return HTTPTransportError("timed out after \(limit)", code: Code.timedOut)
    }
}
