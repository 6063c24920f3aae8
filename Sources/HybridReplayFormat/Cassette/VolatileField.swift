/// A field whose value changes from recording to recording, declared in a
/// cassette's `volatile` header or on the command line rather than in Swift:
/// `script.message body.callbackId` names the field `body.callbackId` of every
/// `script.message` event, spelled as reports and diffs spell fields.
///
/// The values a cassette holds at a declared field are volatile wherever they
/// appear in it, as a whole word. Replay binds one that first appears in an
/// effect to the value that takes its place (the first occurrence binds, later
/// ones must agree) and plays stimuli back with it; one that first appears in a
/// stimulus is played back as recorded, so it must come back as it was.
/// `cassette diff` takes a consistent renaming of them as no change, as it
/// does for UUIDs.
public struct VolatileField: Sendable, Hashable, CustomStringConvertible {
    /// The kind of event the field belongs to, such as `script.message`.
    public var kind: EventKind
    /// The field, in ``FieldPath`` spelling, such as `body.callbackId`.
    public var path: String

    /// Creates a declaration.
    ///
    /// - Parameters:
    ///   - kind: The kind of event the field belongs to.
    ///   - path: The field, as reports spell it, such as `body.callbackId`.
    public init(kind: EventKind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// The declaration as the header and the command line write it.
    public var description: String { "\(kind) \(path)" }

    /// What is wrong with a written declaration.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was expected and what was found.
        public var message: String

        package init(_ message: String) { self.message = message }

        public var description: String { message }
    }
}
