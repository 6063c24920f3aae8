/// The volatile values bound so far in one replay: each recorded value to the
/// actual value that stands for it, and back, so identifiers bind one to one.
struct PlaceholderBindings: Sendable {
    struct Binding: Sendable, Hashable {
        var actual: String
        /// The cassette event whose value made the binding.
        var eventID: Int
        var kind: String
        /// Whether the replay played the recorded value back as itself, unbound
        /// until then: for a redaction placeholder the test supplies no value
        /// for, the app was handed the placeholder's own text.
        var playedBackAsItself = false
    }

    /// Bindings by recorded value, folded to lower case for kinds that ignore case.
    private(set) var byRecorded: [String: Binding] = [:]
    /// Recorded values by actual value, for the kinds that bind one to one.
    private(set) var byActual: [String: String] = [:]

    enum Segment: Equatable, Sendable {
        case literal(Substring)
        case volatile(String, kind: Int)
    }

    static func segments(of text: String, placeholders: Placeholders) -> [Segment] {
        var claimed: [(Range<String.Index>, Int)] = []
        for (kind, value) in placeholders.values.enumerated() {
            for range in value.find(text) where !claimed.contains(where: { $0.0.overlaps(range) }) {
                claimed.append((range, kind))
            }
        }
        guard !claimed.isEmpty else { return [.literal(text[...])] }
        claimed.sort { $0.0.lowerBound < $1.0.lowerBound }
        var segments: [Segment] = []
        var index = text.startIndex
        for (range, kind) in claimed {
            if index < range.lowerBound { segments.append(.literal(text[index..<range.lowerBound])) }
            segments.append(.volatile(String(text[range]), kind: kind))
            index = range.upperBound
        }
        if index < text.endIndex { segments.append(.literal(text[index...])) }
        return segments
    }

    /// Matches `actual` against the recorded `expected`, binding its volatile
    /// values; returns why it does not match, leaving the bindings unchanged.
    mutating func match(
        expected: String, actual: String, eventID: Int, placeholders: Placeholders
    ) -> String? {
        match(
            expected: expected, segments: Self.segments(of: expected, placeholders: placeholders), actual: actual,
            eventID: eventID, placeholders: placeholders)
    }

    /// Matches `actual` against the recorded `expected`, whose ``segments(of:placeholders:)`` are `segments`.
    mutating func match(
        expected: String, segments: [Segment], actual: String, eventID: Int, placeholders: Placeholders
    ) -> String? {
        if case .literal = segments.first, segments.count == 1 {
            return expected == actual ? nil : ""
        }
        var trial = self
        var rest = actual[...]
        // Said only once the text around the values matched: where it differs too (another field of a
        // form after a secret's), the value a wildcard took runs past its own, and the text is the difference.
        var bindingProblem: String?
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let literal):
                guard let after = Self.dropping(literal, from: rest) else { return "" }
                rest = after
            case .volatile(let recorded, let kind):
                let value = placeholders.values[kind]
                let taken: Substring
                if let length = value.length {
                    guard let count = length(rest) else { return "expected a \(value.name) where \(recorded) was recorded" }
                    taken = rest.prefix(count)
                } else {
                    taken = rest[..<Self.wildcardEnd(in: rest, before: segments.dropFirst(position + 1).first, placeholders)]
                    // The recorder writes a placeholder only for a value that was there.
                    guard !taken.isEmpty else { return "expected a \(value.name) where \(recorded) was recorded, found nothing" }
                }
                rest = rest.dropFirst(taken.count)
                if bindingProblem == nil,
                    let problem = trial.bind(recorded: recorded, actual: String(taken), eventID: eventID, kind: value)
                {
                    bindingProblem = problem
                }
            }
        }
        guard rest.isEmpty else { return "" }
        if let bindingProblem { return bindingProblem }
        self = trial
        return nil
    }

    /// `rest` after `literal` when `rest` starts with it, character by
    /// character as `hasPrefix` compares; `nil` when it does not.
    ///
    /// Equal bytes that end in an ASCII character followed by an ASCII one
    /// (other than CR then LF) or by nothing end on a character boundary in
    /// both, so they are equal characters: that is decided without the
    /// character-by-character comparison. Anything else — bytes that differ
    /// but may be canonically equivalent, a literal ending in a combining
    /// sequence — takes it.
    static func dropping(_ literal: Substring, from rest: Substring) -> Substring? {
        let expected = literal.utf8
        let actual = rest.utf8
        if let last = expected.last, last < 0x80, startsWithBytes(actual, expected) {
            let end = actual.index(actual.startIndex, offsetBy: expected.count)
            guard end < actual.endIndex else { return rest[end...] }
            let next = actual[end]
            if next < 0x80, !(last == 0x0D && next == 0x0A) { return rest[end...] }
        }
        guard rest.hasPrefix(literal) else { return nil }
        return rest.dropFirst(literal.count)
    }

    /// Whether `text` starts with the bytes of `prefix`: compared as two
    /// buffers where both strings are stored as UTF-8 (native strings),
    /// element by element otherwise.
    private static func startsWithBytes(_ text: Substring.UTF8View, _ prefix: Substring.UTF8View) -> Bool {
        let compared = text.withContiguousStorageIfAvailable { textBytes in
            prefix.withContiguousStorageIfAvailable { prefixBytes in
                textBytes.count >= prefixBytes.count && textBytes.prefix(prefixBytes.count).elementsEqual(prefixBytes)
            }
        }
        if let compared, let result = compared { return result }
        return text.starts(with: prefix)
    }

    /// Where a wildcard that starts `rest` ends: before the next literal, or
    /// before the next value of a kind that can be recognised, or at the end.
    private static func wildcardEnd(in rest: Substring, before next: Segment?, _ placeholders: Placeholders) -> String.Index {
        switch next {
        case .literal(let literal)?:
            return rest.range(of: literal)?.lowerBound ?? rest.endIndex
        case .volatile(_, let kind)?:
            guard let length = placeholders.values[kind].length else { return rest.endIndex }
            var index = rest.index(rest.startIndex, offsetBy: 1, limitedBy: rest.endIndex) ?? rest.endIndex
            while index < rest.endIndex, length(rest[index...]) == nil { index = rest.index(after: index) }
            return index
        case nil:
            return rest.endIndex
        }
    }

    /// A recorded placeholder that is the whole of a string, matched against a
    /// value that is not a string, such as a redacted number.
    mutating func match(expected: String, nonString actual: String, eventID: Int, placeholders: Placeholders) -> String? {
        match(
            segments: Self.segments(of: expected, placeholders: placeholders), nonString: actual, eventID: eventID,
            placeholders: placeholders)
    }

    /// Matches a value that is not a string against a recorded string whose segments are `segments`.
    mutating func match(segments: [Segment], nonString actual: String, eventID: Int, placeholders: Placeholders)
        -> String?
    {
        guard segments.count == 1, case .volatile(let recorded, let kind) = segments[0],
            placeholders.values[kind].length == nil
        else { return "" }
        var trial = self
        if let problem = trial.bind(recorded: recorded, actual: actual, eventID: eventID, kind: placeholders.values[kind]) {
            return problem
        }
        self = trial
        return nil
    }

    /// Binds `recorded` to `actual`, or says why it cannot.
    mutating func bind(recorded: String, actual: String, eventID: Int, kind: VolatileValue) -> String? {
        // An unnumbered placeholder names no particular value, so it binds to nothing.
        if recorded == SecretScanner.redactedPlaceholder { return nil }
        if let declared = declaredSecret(recorded, kind), declared != actual {
            return "\(quoted(recorded)) stands for the secret the test supplies (ReplayOptions.secrets), and this is another value"
        }
        // Handed the placeholder's own text, an app that writes it into a URL or a form sends it
        // percent-encoded (`%5BREDACTED:1%5D`): that is the placeholder, as a secret encoded there is that secret.
        let actual = kind.isRedaction && RedactionPlaceholders.isPercentEncoded(actual, as: recorded) ? recorded : actual
        let key = kind.ignoresCase ? recorded.lowercased() : recorded
        if let existing = byRecorded[key] {
            let same = kind.ignoresCase ? existing.actual.lowercased() == actual.lowercased() : existing.actual == actual
            if same { return nil }
            // A secret's bound value would only be hidden again in the report, where it reads as
            // the placeholder itself: say where it was bound, and that this is another value.
            if kind.isRedaction {
                // Handed the placeholder's text, the app made another value of it (trimmed it, say) or
                // sent one of its own: say so, for both read as placeholders in the report.
                if existing.playedBackAsItself {
                    return "event \(existing.eventID) played back the placeholder \(quoted(recorded)) itself, as the test "
                        + "supplies no value for it (ReplayOptions.secrets), and this is another value"
                }
                return "this is another value than the one event \(existing.eventID) bound \(quoted(recorded)) to"
            }
            return "the \(kind.name) recorded as \(quoted(recorded)) was bound to \(quoted(existing.actual)) by event \(existing.eventID)"
        }
        let actualKey = kind.ignoresCase ? actual.lowercased() : actual
        if kind.isOneToOne, let other = byActual[actualKey], other != key {
            return "\(quoted(actual)) already stands for the recorded \(kind.name) \(quoted(other)), bound by event \(byRecorded[other]?.eventID ?? eventID)"
        }
        byRecorded[key] = Binding(actual: actual, eventID: eventID, kind: kind.name)
        if kind.isOneToOne { byActual[actualKey] = key }
        return nil
    }

    /// `recorded` with its volatile values replaced by what they are bound to;
    /// unbound values are played back as recorded and bound to themselves.
    mutating func substitute(_ recorded: String, eventID: Int, placeholders: Placeholders) -> String {
        substitute(
            recorded, segments: Self.segments(of: recorded, placeholders: placeholders), eventID: eventID,
            placeholders: placeholders)
    }

    /// `recorded`, whose ``segments(of:placeholders:)`` are `segments`, with its volatile values replaced.
    mutating func substitute(_ recorded: String, segments: [Segment], eventID: Int, placeholders: Placeholders) -> String {
        if case .literal = segments.first, segments.count == 1 { return recorded }
        if segments.count == 1, case .volatile(let value, let kind) = segments[0] {
            return substitute(value: value, kind: placeholders.values[kind], eventID: eventID)
        }
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let literal):
                result += literal
            case .volatile(let value, let kind):
                result += substitute(value: value, kind: placeholders.values[kind], eventID: eventID)
            }
        }
        return result
    }

    /// What the recorded volatile `value` is bound to; an unbound one is bound
    /// to itself, as ``bind(recorded:actual:eventID:kind:)`` would bind it.
    private mutating func substitute(value: String, kind: VolatileValue, eventID: Int) -> String {
        let key = kind.ignoresCase ? value.lowercased() : value
        if let bound = byRecorded[key] { return bound.actual }
        if let declared = declaredSecret(value, kind) {
            // The test supplies this secret: the implementation is given it, not the placeholder.
            byRecorded[key] = Binding(actual: declared, eventID: eventID, kind: kind.name)
            if kind.isOneToOne { byActual[declared] = key }
            return declared
        }
        // Bound to itself, its actual value's key is its own: one look-up tells whether another
        // recorded value already stands for it.
        if value == SecretScanner.redactedPlaceholder { return value }
        if kind.isOneToOne, let other = byActual[key], other != key { return value }
        byRecorded[key] = Binding(actual: value, eventID: eventID, kind: kind.name, playedBackAsItself: true)
        if kind.isOneToOne { byActual[key] = key }
        return value
    }

    private func quoted(_ text: String) -> String { JSONValue.string(text).description }

    /// The value the test declares for the placeholder `recorded`, if any.
    private func declaredSecret(_ recorded: String, _ kind: VolatileValue) -> String? {
        guard !kind.declared.isEmpty, let number = RedactionPlaceholders.number(in: recorded) else { return nil }
        return kind.declared[number]
    }
}
