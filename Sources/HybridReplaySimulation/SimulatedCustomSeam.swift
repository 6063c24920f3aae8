import HybridReplay

/// A custom seam a test drives: it delivers stimuli to the app's handler and
/// keeps the effects the app sends.
public final class SimulatedCustomSeam: CustomSeam {
    private struct State: Sendable {
        var handlers = CustomHandlerTable()
        var sent: [CustomEvent] = []
    }

    private let state = Locked(State())

    public init() {}

    /// The events the app sent, in order.
    public var sent: [CustomEvent] { state.withLock { $0.sent } }

    /// Delivers `event` to the app's handler, synchronously.
    ///
    /// - Parameter event: A stimulus, such as a feature flag's value arriving.
    /// - Throws: ``SimulationError`` when the app set no handler, or `event` is an effect.
    public func deliver(_ event: CustomEvent) throws(SimulationError) {
        guard event.direction == .stimulus else {
            throw SimulationError(
                "custom event '\(event.name)' is an effect, which app code sends; "
                    + "deliver only stimuli (direction: .stimulus)")
        }
        let handlers = state.withLock { $0.handlers }
        guard let handler = handlers.handler(for: event.name) else {
            throw SimulationError(
                "\(handlers.missingHandlerReason(for: event.name)); "
                    + "the app sets one with setHandler(_:forEventNamed:) or setHandler(_:) before the seam delivers")
        }
        handler.didReceive(event)
    }

    public func send(_ event: CustomEvent) {
        state.withLock { $0.sent.append(event) }
    }

    public func setHandler(_ handler: (any CustomEventHandler)?, forEventNamed name: String) {
        state.withLock { $0.handlers.set(handler, for: name) }
    }

    public func setHandler(_ handler: (any CustomEventHandler)?) {
        state.withLock { $0.handlers.set(handler, for: nil) }
    }
}
