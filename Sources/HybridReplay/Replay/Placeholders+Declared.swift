import Foundation

/// Finding the values of the fields a cassette declares volatile, as a kind
/// of ``VolatileValue`` that replay and `cassette diff` bind as they bind UUIDs.
extension VolatileField {
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
