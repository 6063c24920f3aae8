import HybridReplay

/// A custom seam a test drives: it delivers stimuli to the app's handler and
/// keeps the effects the app sends.
public final class SimulatedCustomSeam: CustomSeam {
    private struct State: Sendable {
        var handler: (any CustomEventHandler)?
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
        guard let handler = state.withLock({ $0.handler }) else {
            throw SimulationError(
                "no custom event handler is set to receive '\(event.name)'; "
                    + "the app sets one with setHandler(_:) before the seam delivers")
        }
        handler.didReceive(event)
    }

    public func send(_ event: CustomEvent) {
        state.withLock { $0.sent.append(event) }
    }

    public func setHandler(_ handler: (any CustomEventHandler)?) {
        state.withLock { $0.handler = handler }
    }
}
