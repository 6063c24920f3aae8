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

    /// Reads a declaration such as `script.message body.callbackId`.
    ///
    /// - Throws: ``VolatileField/SyntaxError`` saying what is wrong with `text`.
    public init(parsing text: String) throws(SyntaxError) {
        guard let space = text.firstIndex(of: " ") else {
            throw SyntaxError(
                "expected an event kind and a field, such as \"script.message body.callbackId\", found \"\(text)\"")
        }
        let kindText = text[..<space]
        let path = text[text.index(after: space)...].drop { $0 == " " }
        guard let dot = kindText.firstIndex(of: "."), dot != kindText.startIndex,
            kindText.index(after: dot) != kindText.endIndex
        else {
            throw SyntaxError("expected an event kind such as script.message before the field, found \"\(kindText)\"")
        }
        let kind = EventKind(
            Channel(rawValue: String(kindText[..<dot])), String(kindText[kindText.index(after: dot)...]))
        guard Channel.known.contains(kind.channel) else {
            let channels = Channel.known.map(\.rawValue).joined(separator: ", ")
            throw SyntaxError("unknown channel '\(kind.channel)' in \"\(text)\"; expected one of \(channels)")
        }
        guard kind.channel == .custom || PayloadRegistry.byKind[kind] != nil else {
            let kinds = EventKind.standard.filter { $0.channel == kind.channel }.map(\.name).joined(separator: ", ")
            throw SyntaxError("unknown kind '\(kind.name)' on channel '\(kind.channel)' in \"\(text)\"; expected one of \(kinds)")
        }
        guard !path.isEmpty else {
            throw SyntaxError("expected a field after \(kind), such as \"\(kind) body.id\", found none")
        }
        self.init(kind: kind, path: String(path))
    }

    /// The declaration as the header and the command line write it.
    public var description: String { "\(kind) \(path)" }

    /// What is wrong with a written declaration.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was expected and what was found.
        public var message: String

        init(_ message: String) { self.message = message }

        public var description: String { message }
    }
}
