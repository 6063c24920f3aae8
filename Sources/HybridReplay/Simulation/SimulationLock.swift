import Foundation

/// State the simulated platform guards with a lock.
///
/// The stand-ins never call app code while holding it: they copy what they
/// need out of `withLock`, unlock, then call out, so a handler that calls back
/// into the same stand-in cannot deadlock.
final class SimulationLock<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    ///
    /// - Parameter body: Reads or changes the state; must not call app code.
    /// - Returns: What `body` returns.
    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// A copy of the state.
    var value: State { withLock { $0 } }
}
