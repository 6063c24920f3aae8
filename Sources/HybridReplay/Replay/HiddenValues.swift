/// The values a replay saw where its cassette holds a redaction placeholder.
///
/// A cassette's header lists the rules that redacted it by name, and a
/// replay rebuilds the built-in ones from their names to redact a failed
/// report (see ``ReplayReport``). A custom rule cannot be rebuilt, and a
/// placeholder may have been written by hand; either way the cassette itself
/// says where a secret was: a `[REDACTED:<n>]` in a field. What the
/// implementation produced in that field is hidden in the report, whatever
/// rule hid it when recording:
///
/// - a value a placeholder was **bound** to while matching, and
/// - a value a **diverging** effect has in a field where the recorded event
///   it differs from has a placeholder.
///
/// A diverging effect's value stands for the placeholder, as a bound one
/// does, when nothing in the run gave that placeholder a value — the test
/// declares none for it, no match bound it, no stimulus played it back —
/// and no value found earlier took it: it is what the replay would have
/// bound the placeholder to, and the field did not differ. An effect that
/// diverges for another reason (a user name) therefore shows its unchanged
/// secret under the cassette's number; any other value is some secret,
/// not necessarily that one, and gets a number of its own.
package struct HiddenValues {
    package init() {}

    /// The secrets the test supplies, which are hidden whether or not
    /// anything bound them, and the values `bindings` bound redaction
    /// placeholders to.
    init(secrets: [Int: String], bindings: PlaceholderBindings) {
        for (number, secret) in secrets.sorted(by: { $0.key < $1.key }) {
            note(secret, as: RedactionPlaceholders.placeholder(number), bound: true)
            given.insert(RedactionPlaceholders.placeholder(number))
        }
        for (recorded, binding) in bindings.byRecorded.sorted(by: { $0.key < $1.key })
        where !Self.placeholderRanges(in: recorded).isEmpty {
            note(binding.actual, as: recorded, bound: true)
            // Played back as itself, the placeholder has a value too: its own text.
            given.insert(recorded)
        }
    }

    /// Each secret with the placeholder that stands for it, and whether it
    /// is the placeholder's value in this run — the declared secret, the
    /// value bound, or the first found where nothing gave the placeholder a
    /// value — rather than a value found in an effect that diverged, where
    /// it may be another secret altogether.
    private(set) var pairs: [(secret: String, placeholder: String, bound: Bool)] = []

    /// The placeholders the run gave a value: declared, bound or played back.
    private var given: Set<String> = []

    package var isEmpty: Bool { pairs.isEmpty }

    /// Notes `actual` as what the recorded `placeholder` stood for; a value
    /// found in a diverging effect for exactly a placeholder the run gave no
    /// value and no earlier value took stands for it.
    mutating func note(_ actual: String, as placeholder: String, bound: Bool = false) {
        // The placeholder's own text percent-encoded, as an app handed it writes it into a form, is no secret.
        guard !actual.isEmpty, actual != placeholder, !RedactionPlaceholders.isPercentEncoded(actual, as: placeholder)
        else { return }
        let takes = !bound && RedactionPlaceholders.number(in: placeholder) != nil && !given.contains(placeholder)
            && !pairs.contains { $0.placeholder == placeholder && $0.bound }
        pairs.append((actual, placeholder, bound || takes))
    }

    /// Notes every field of `actual` that sits where `recorded` has a
    /// placeholder: the part of a string that stands for it, such as the
    /// token of `Bearer [REDACTED:1]` — found by the text around it, or by
    /// the separators around the placeholder when that text changed (see
    /// ``secret(in:prefix:suffix:)``) — or else the whole value. A form or
    /// query of several fields is read field by field: each value against
    /// the recorded value of the field of its name and place, so that only
    /// the secrets in it are hidden, not the whole text under one number.
    /// HTTP bodies are compared in the form a replay compares them (``ComparedForm``).
    mutating func learn(recorded: any EventPayload, actual: any EventPayload) {
        learn(PayloadComparison.tree(of: ComparedForm.of(recorded)), PayloadComparison.tree(of: ComparedForm.of(actual)))
    }

    private mutating func learn(_ recorded: PayloadComparison.Tree, _ actual: PayloadComparison.Tree) {
        switch (recorded, actual) {
        case (.object(let expected), .object(let found)):
            for (key, value) in expected {
                for (foundKey, foundValue) in found where foundKey == key { learn(value, foundValue) }
            }
        case (.array(let expected), .array(let found)):
            for (value, foundValue) in zip(expected, found) { learn(value, foundValue) }
        case (.scalar(.string(let expected)), .scalar(.string(let found))):
            learn(expected, found)
        case (.scalar(.string(let expected)), .scalar(let found)):
            // A number or boolean where a placeholder was recorded.
            learn(expected, found.description)
        default:
            break
        }
    }

    private mutating func learn(_ recorded: String, _ actual: String, fieldByField: Bool = true) {
        let ranges = Self.placeholderRanges(in: recorded)
        guard !ranges.isEmpty, recorded != actual else { return }
        // A form (a body, a query) with several fields: each field's value where the recorded field of
        // its name has a placeholder, as the recorder and a trace hide them, not the whole text as one.
        if fieldByField, let fields = FormFields.paired(recorded: recorded, actual: actual) {
            var unmet: [String] = []
            for (old, new) in fields.pairs where !Self.placeholderRanges(in: String(old)).isEmpty {
                if let new { learn(String(old), String(new), fieldByField: false) } else { unmet.append(String(old)) }
            }
            // A secret's field that nothing met may have been renamed: each field of the run that no
            // recorded field meets may hold it, and is hidden as it, or as a secret of its own.
            for value in unmet.isEmpty ? [] : fields.unpaired {
                if unmet.count == 1 { learn(unmet[0], String(value), fieldByField: false) } else { note(String(value), as: recorded) }
            }
            return
        }
        if ranges.count == 1, let range = ranges.first {
            // Only the text around it, as `Bearer ` sent before the token was stored: no secret to hide.
            if actual == recorded[..<range.lowerBound] + recorded[range.upperBound...] { return }
            if let secret = Self.secret(in: actual, prefix: recorded[..<range.lowerBound], suffix: recorded[range.upperBound...]) {
                note(String(secret), as: String(recorded[range]))
                return
            }
        }
        // What happened already shows placeholders where the secrets were: the rest is no secret of the cassette's.
        guard Self.placeholderRanges(in: actual).isEmpty else { return }
        note(actual, as: recorded)
    }

    /// The part of `actual` that stands where a recorded value has its one
    /// placeholder between `prefix` and `suffix`.
    ///
    /// When the text around it agrees, the secret is what lies between.
    /// When it differs, such as `Token <t>` where `Bearer [REDACTED:1]` was
    /// recorded, the secret is found by the separators around the
    /// placeholder: after as many spaces (or `=`, `:`) as the prefix ends
    /// with, and before the first `;` (or `&`, space, `,`) the suffix starts
    /// with. The text around it then stays visible, so a report shows the
    /// scheme that changed rather than two equal strings.
    static func secret(in actual: String, prefix: Substring, suffix: Substring) -> Substring? {
        let start: String.Index
        if actual.hasPrefix(prefix) {
            start = actual.index(actual.startIndex, offsetBy: prefix.count)
        } else if let separator = prefix.last, leadingSeparators.contains(separator) {
            let wanted = prefix.filter { $0 == separator }.count
            var found = 0
            var position: String.Index?
            for index in actual.indices where actual[index] == separator {
                found += 1
                if found == wanted {
                    position = actual.index(after: index)
                    break
                }
            }
            guard let position else { return nil }
            start = position
        } else {
            return nil
        }
        let rest = actual[start...]
        let secret: Substring
        if rest.hasSuffix(suffix) {
            secret = rest.dropLast(suffix.count)
        } else if let separator = suffix.first, trailingSeparators.contains(separator),
            let end = rest.firstIndex(of: separator)
        {
            secret = rest[..<end]
        } else {
            return nil
        }
        return secret.isEmpty ? nil : secret
    }

    private static let leadingSeparators: Set<Character> = [" ", "=", ":"]
    private static let trailingSeparators: Set<Character> = [";", "&", " ", ",", "#"]

    /// Where `text` holds placeholders such as `[REDACTED:2]`.
    static func placeholderRanges(in text: String) -> [Range<String.Index>] {
        RedactionPlaceholders.ranges(in: text).filter { RedactionPlaceholders.number(in: String(text[$0])) != nil }
    }
}

extension ReplayEngine {
    /// What this run saw where the cassette holds a redaction placeholder:
    /// the values placeholders were bound to, and the fields of effects that
    /// diverged from a recorded event with placeholders.
    func hiddenValues() -> HiddenValues {
        let (bindings, trace, issues) = state.withLock { ($0.matcher.bindings, $0.matcher.trace, $0.matcher.issues) }
        var hidden = HiddenValues(secrets: options.secrets, bindings: bindings)
        // Only a few effects diverge before a run stops, and each issue names the recorded event it is nearest to.
        let nearest = issues.compactMap(\.eventID).compactMap { script.event($0) }
        for entry in trace where entry.eventID == nil {
            for recorded in nearest where recorded.kind == entry.payload.kind {
                hidden.learn(recorded: recorded.payload, actual: entry.payload)
            }
        }
        return hidden
    }
}
