/// The typed content of an event: what crossed the seam.
///
/// Every kind of the format has its own payload type, such as
/// ``NavigationAction`` or ``HTTPResponse``; ``CustomEvent`` carries the
/// events of user-defined seams. Read a payload with
/// ``Event/payload(as:)``.
public protocol EventPayload: Sendable, Hashable {
    /// The channel and kind this payload is recorded as.
    var kind: EventKind { get }
    /// Which way the payload crosses its seam.
    var direction: Direction { get }
    /// One line describing the payload, as `cassette show` prints it.
    var summary: String { get }
}

extension EventPayload {
    /// Whether `other` is a payload of the same type with equal fields.
    public func isEqual(to other: any EventPayload) -> Bool {
        (other as? Self) == self
    }
}
