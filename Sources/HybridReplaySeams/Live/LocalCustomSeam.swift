/// A custom seam whose stimuli come from the app itself: the host code's
/// own calls into a system under test, such as a screen asking the cookie
/// loader for a page or the location service for updates.
///
/// App code registers handlers on it as on any ``CustomSeam`` (for example
/// ``LoadRequestHandler`` and ``LocationRequestHandler``), and the host code
/// calls ``deliver(_:)`` where it would have called the system directly.
/// Because the call crosses a seam, a recording sees it as a `custom`
/// stimulus and a replay can play it back.
///
/// ```swift
/// let custom = LocalCustomSeam()
/// LocationRequestHandler(seam: custom) { service.requestLocationUpdates() }
/// custom.deliver(LocationRequestHandler.event())
/// ```
public final class LocalCustomSeam: CustomSeam {
    private let handlers = Locked(CustomHandlerTable())
    private let sent: @Sendable (CustomEvent) -> Void

    /// Creates a seam with no handlers.
    ///
    /// - Parameter send: Receives each effect app code sends through the seam;
    ///   by default effects go nowhere.
    public init(send: @escaping @Sendable (CustomEvent) -> Void = { _ in }) {
        self.sent = send
    }

    /// Hands `event` to the handler registered for its name, else to the
    /// unnamed handler, synchronously on the caller's thread.
    ///
    /// - Parameter event: The stimulus; its direction is delivered as given.
    /// - Returns: Whether a handler took it; without one the event is dropped.
    @discardableResult
    public func deliver(_ event: CustomEvent) -> Bool {
        // Called outside the lock: a handler may register handlers or deliver again.
        guard let handler = handlers.withLock({ $0.handler(for: event.name) }) else { return false }
        handler.didReceive(event)
        return true
    }

    public func send(_ event: CustomEvent) {
        sent(event)
    }

    public func setHandler(_ handler: (any CustomEventHandler)?, forEventNamed name: String) {
        handlers.withLock { $0.set(handler, for: name) }
    }

    public func setHandler(_ handler: (any CustomEventHandler)?) {
        handlers.withLock { $0.set(handler, for: nil) }
    }
}
