import HybridReplay

/// A simulation was driven in a way the app code under test cannot answer,
/// such as posting to a handler it never registered.
///
/// These are mistakes in the test or in the app's setup, not behaviour to
/// record: the message says what was expected, what was found and what to do.
public struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, such as `no script message handler is registered for 'nativeProcess' (registered: none)`.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
