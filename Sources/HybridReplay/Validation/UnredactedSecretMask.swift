import Foundation

/// Hides, in what a command prints, the secrets ``SecretScanner`` finds left
/// unredacted in the cassettes it reads.
///
/// `cassette show`, `diff`, `review` and `export har` print a cassette's
/// values; a hand edit may have put a real token where the recorder wrote a
/// placeholder. Each value a finding names is replaced in every string of
/// every event, as the recorder hides a redacted value everywhere, by a
/// numbered placeholder of its own, `[UNREDACTED SECRET 1]`: the same value
/// gets the same number in every cassette the command reads, so a diff still shows that a token
/// changed without showing either token. The placeholder holds `REDACTED`,
/// so the scanner takes it as redacted.
package struct UnredactedSecretMask: Sendable {
    /// The placeholder that stands for the `number`th secret found.
    package static func placeholder(_ number: Int) -> String {
        "[UNREDACTED SECRET \(number)]"
    }

    /// Each secret with its placeholder, in the order they were found.
    private var placeholders: [String: String] = [:]
    /// The secrets, replaced whatever their length.
    private var values = RedactedValues()

    package init() {}

    /// Whether no secret was found.
    package var isEmpty: Bool { placeholders.isEmpty }

    /// Numbers the values of `findings` not seen before.
    package mutating func add(_ findings: [SecretScanner.Finding]) {
        var added: [(secret: String, placeholder: String)] = []
        for value in findings.flatMap(\.values)
        where placeholders[value] == nil && value.contains(where: { !$0.isWhitespace })
            && RedactionPlaceholders.number(in: value) == nil
        {
            let placeholder = Self.placeholder(placeholders.count + 1)
            placeholders[value] = placeholder
            added.append((value, placeholder))
        }
        values.add(added, declared: Set(added.map(\.secret)))
    }

    /// The placeholders that stand for the values of `finding`, in order.
    package func placeholders(for finding: SecretScanner.Finding) -> [String] {
        var seen: Set<String> = []
        return finding.values.compactMap { placeholders[$0] }.filter { seen.insert($0).inserted }
    }

    /// `cassette` with every secret found replaced by its placeholder in
    /// every event, bytes stored as `base64` included. An event that would
    /// no longer read with a placeholder in it (a secret equal to a word a
    /// field must hold) is kept as it is; ``scrub(_:)`` still hides the
    /// value in the text printed from it.
    package func masking(_ cassette: Cassette) -> Cassette {
        guard !values.isEmpty else { return cassette }
        var masked = cassette
        for index in masked.events.indices {
            if let payload = values.apply(to: masked.events[index].payload) { masked.events[index].payload = payload }
        }
        return masked
    }

    /// `text` with every secret found replaced where it stands as a whole
    /// word, escaped as a JSON string or a URL carries it too.
    package func scrub(_ text: String) -> String {
        values.isEmpty ? text : values.replacing(in: text)
    }
}
