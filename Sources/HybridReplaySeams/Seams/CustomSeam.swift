/// A seam of the app's own: effects app code sends through it, and stimuli
/// it delivers to a handler.
public protocol CustomSeam: Sendable {
    /// Sends an effect, such as a feature-flag lookup.
    func send(_ event: CustomEvent)

    /// Sets the handler that receives the seam's stimuli.
    func setHandler(_ handler: (any CustomEventHandler)?)
}

/// Receives the stimuli of a ``CustomSeam``.
public protocol CustomEventHandler: Sendable {
    /// Called once for each stimulus.
    func didReceive(_ event: CustomEvent)
}
