import Foundation

/// A field whose value changes from recording to recording, declared in a
/// cassette's `volatile` header or on the command line rather than in Swift:
/// `script.message body.callbackId` names the field `body.callbackId` of every
/// `script.message` event, spelled as reports and diffs spell fields.
///
/// The values a cassette holds at a declared field are volatile wherever they
/// appear in it, as a whole word: replay binds each to the value that takes its
/// place (the first occurrence binds, later ones must agree) and `cassette diff`
/// takes a consistent renaming of them as no change, as it does for UUIDs.
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

    /// The values `cassette` holds at any of `fields`, strings as they are and
    /// numbers as the format writes them, in order of first appearance.
    static func values(of fields: [VolatileField], in cassette: Cassette) -> [String] {
        guard !fields.isEmpty else { return [] }
        var found: [String] = []
        var seen: Set<String> = []
        for event in cassette.events {
            let paths = Set(fields.lazy.filter { $0.kind == event.kind }.map(\.path))
            guard !paths.isEmpty else { continue }
            collect(PayloadComparison.tree(of: event.payload), at: FieldPath(), in: paths) { value in
                if !value.isEmpty, seen.insert(value).inserted { found.append(value) }
            }
        }
        return found
    }

    private static func collect(
        _ tree: PayloadComparison.Tree, at path: FieldPath, in paths: Set<String>, _ found: (String) -> Void
    ) {
        switch tree {
        case .scalar(.string(let text)):
            if paths.contains(path.description) { found(text) }
        case .scalar(.number):
            if paths.contains(path.description) { found(tree.text) }
        case .scalar:
            return
        case .object(let members):
            for (key, value) in members { collect(value, at: path.appending(.key(key)), in: paths, found) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collect(element, at: path.appending(.index(index)), in: paths, found)
            }
        }
    }
}

extension VolatileValue {
    /// The values a cassette declares volatile (see ``VolatileField``), found
    /// wherever they appear as a whole word; each stands for whatever value
    /// takes its place.
    ///
    /// - Parameter values: The recorded values, as ``VolatileField`` collects them.
    static func declared(_ values: [String]) -> VolatileValue {
        // Longer values first, so a value that contains another is claimed whole.
        let ordered = values.sorted { $0.utf8.count > $1.utf8.count }
        return VolatileValue(wildcard: declaredName) { text in
            var found: [Range<String.Index>] = []
            for value in ordered {
                var rest = text[...]
                while let range = rest.range(of: value) {
                    if isWholeWord(range, in: text), !found.contains(where: { $0.overlaps(range) }) { found.append(range) }
                    rest = text[range.upperBound...]
                }
            }
            return found.sorted { $0.lowerBound < $1.lowerBound }
        }
    }

    /// The name of the kind ``declared(_:)`` makes, in reports.
    static let declaredName = "declared volatile value"

    /// Whether no letter or digit touches `range` in `text`: `1234` is not a value inside `91234001`.
    private static func isWholeWord(_ range: Range<String.Index>, in text: String) -> Bool {
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        if range.lowerBound > text.startIndex, isWordCharacter(text[text.index(before: range.lowerBound)]) { return false }
        if range.upperBound < text.endIndex, isWordCharacter(text[range.upperBound]) { return false }
        return true
    }
}

extension Placeholders {
    /// Whether these placeholders include values a cassette declared, which
    /// numbers can be as well as strings.
    var declaresValues: Bool { values.contains { $0.name == VolatileValue.declaredName } }

    /// These placeholders and the values `cassettes` hold at the `fields` they
    /// declare in their headers and at `fields`.
    ///
    /// - Parameters:
    ///   - fields: Declarations made outside the cassettes, such as on the command line.
    ///   - cassettes: The cassettes whose declared values are volatile.
    /// - Returns: These placeholders, unchanged when nothing is declared.
    package func declaring(_ fields: [VolatileField] = [], in cassettes: [Cassette]) -> Placeholders {
        var values: [String] = []
        var seen: Set<String> = []
        for cassette in cassettes {
            let declared = fields + cassette.header.volatile.filter { !fields.contains($0) }
            for value in VolatileField.values(of: declared, in: cassette) where seen.insert(value).inserted {
                values.append(value)
            }
        }
        guard !values.isEmpty else { return self }
        return adding(.declared(values))
    }

    /// These placeholders and the values `cassette` declares volatile that a
    /// replay must bind: those that first appear in an effect, such as an id
    /// native code draws from a counter.
    ///
    /// A value that first appears in a stimulus, such as a callback id the
    /// page sent, is played back as recorded, so it can only stand for
    /// itself: it stays literal, and an effect that carries another value, a
    /// later call's included, is a difference at that value.
    package func declaringForReplay(in cassette: Cassette) -> Placeholders {
        let values = VolatileField.values(of: cassette.header.volatile, in: cassette)
        guard !values.isEmpty else { return self }
        let kind = VolatileValue.declared(values)
        var firstInEffect: [String] = []
        var seen: Set<String> = []
        for event in cassette.events where seen.count < values.count {
            var found: [String] = []
            Self.strings(in: PayloadComparison.tree(of: event.payload)) { text in
                for range in kind.find(text) { found.append(String(text[range])) }
            }
            for value in found where seen.insert(value).inserted && event.direction == .effect {
                firstInEffect.append(value)
            }
        }
        guard !firstInEffect.isEmpty else { return self }
        return adding(.declared(firstInEffect))
    }

    private static func strings(in tree: PayloadComparison.Tree, _ body: (String) -> Void) {
        switch tree {
        case .scalar(.string(let text)): body(text)
        case .scalar(let value): body(PayloadComparison.Tree.scalar(value).text)
        case .object(let members): for (_, value) in members { strings(in: value, body) }
        case .array(let elements): for element in elements { strings(in: element, body) }
        }
    }
}
