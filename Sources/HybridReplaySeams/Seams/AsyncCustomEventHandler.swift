/// Receives the stimuli of a ``CustomSeam`` with `async`/`await`.
///
/// A replay runs ``receive(_:)`` in a task it owns and tracks, so it knows
/// when the handler is done; elsewhere the event is handled in a new task.
public protocol AsyncCustomEventHandler: CustomEventHandler {
    /// Handles one stimulus.
    func receive(_ event: CustomEvent) async
}

extension AsyncCustomEventHandler {
    public func didReceive(_ event: CustomEvent) {
        Task { await receive(event) }
    }
}
