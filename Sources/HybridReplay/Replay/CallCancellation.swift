/// What the platform does to a call whose awaiting task is cancelled, for a
/// seam whose platform fails such a call: URLSession fails a task the app
/// cancels with `URLError.cancelled` at once, whatever the server would have
/// answered. The seam's double describes it (``ReplayHTTPTransport``); the
/// engine, which knows no seam, keeps one per waiting call and uses it:
///
/// - a recorded answer that is that failure is delivered only once the task
///   has been cancelled in this run too (``ReplayEngine/missingReceiver(for:)``);
/// - a call whose task is cancelled while the recording answered it
///   otherwise fails at once with it, and the recorded answer reaches nobody.
final class CallCancellation: Sendable {
    /// What the platform answers a cancelled call with.
    let failure: any EventPayload
    /// Whether a recorded answer is that failure.
    let isFailure: @Sendable (any EventPayload) -> Bool
    /// What the call is, in words for a report: `request`.
    let call: String
    private let cancelled = Locked(false)

    init(failure: any EventPayload, call: String, isFailure: @escaping @Sendable (any EventPayload) -> Bool) {
        self.failure = failure
        self.call = call
        self.isFailure = isFailure
    }

    /// Whether the task awaiting the answer has been cancelled.
    var isCancelled: Bool { cancelled.current }

    /// Notes that the task awaiting the answer was cancelled.
    func cancel() { cancelled.withLock { $0 = true } }
}
