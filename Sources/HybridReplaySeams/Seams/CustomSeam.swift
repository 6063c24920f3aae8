/// A seam of the app's own: effects app code sends through it, and stimuli
/// it delivers to handlers.
///
/// Several parts of an app can listen on one seam: each registers for the
/// stimuli it handles by name, and a handler set without a name receives
/// the stimuli no named handler takes.
public protocol CustomSeam: Sendable {
    /// Sends an effect, such as a feature-flag lookup.
    func send(_ event: CustomEvent)

    /// Sets the handler for the stimuli named `name`, replacing the one set
    /// for that name before; `nil` removes it.
    ///
    /// - Parameters:
    ///   - handler: Receives each stimulus whose ``CustomEvent/name`` is `name`.
    ///   - name: The stimulus name, such as `load`.
    func setHandler(_ handler: (any CustomEventHandler)?, forEventNamed name: String)

    /// Sets the handler for the stimuli that no handler set by name takes;
    /// `nil` removes it.
    func setHandler(_ handler: (any CustomEventHandler)?)
}

/// Receives the stimuli of a ``CustomSeam``.
public protocol CustomEventHandler: Sendable {
    /// Called once for each stimulus.
    func didReceive(_ event: CustomEvent)
}

/// The handlers registered with a custom seam, and which one a stimulus goes to.
///
/// Every ``CustomSeam`` the package provides keeps its handlers in one of
/// these, so a stimulus is routed the same way in simulation, recording and
/// replay.
package struct CustomHandlerTable: Sendable {
    private var named: [String: any CustomEventHandler] = [:]
    private var fallback: (any CustomEventHandler)?

    package init() {}

    /// Sets (or, with `nil`, removes) the handler for `name`, or the fallback when `name` is `nil`.
    package mutating func set(_ handler: (any CustomEventHandler)?, for name: String?) {
        if let name { named[name] = handler } else { fallback = handler }
    }

    /// The handler a stimulus named `name` goes to: its own, else the fallback.
    package func handler(for name: String) -> (any CustomEventHandler)? {
        named[name] ?? fallback
    }

    /// The names with a handler of their own, sorted, for error messages.
    package var names: [String] { named.keys.sorted() }

    /// Why no handler takes a stimulus named `name`, for error messages.
    package func missingHandlerReason(for name: String) -> String {
        names.isEmpty
            ? "the custom seam has no handler for '\(name)' (none is set)"
            : "the custom seam has no handler for '\(name)' (handlers are set for: \(names.joined(separator: ", ")))"
    }
}
