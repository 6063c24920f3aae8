import Foundation

/// Replaces, in the text of a replay report, every value a redaction hid in
/// the payloads the report was made from.
///
/// Reports are text built from payloads (compact JSON of fields, one-line
/// summaries, binding notes), so the scrubber learns each string a
/// redaction changed (a whole header value, a URL, a JSON string) and each
/// secret it numbered, and rewrites them wherever they appear. A value is
/// always replaced where it appears quoted as JSON; a value of at least
/// ``minimumBareLength`` characters is replaced bare too, as it appears in
/// summaries. Shorter values are replaced only quoted, so that a cookie
/// valued `1` does not turn every `event 1` into a placeholder — but for a
/// value the run learnt is a secret (``learnSecrets(_:)``: a declared
/// secret, a value found where the cassette has a placeholder, a prompt's
/// answer), which is replaced as a whole string and quoted whole in any
/// quotes, and with 4 or 5 characters as a whole word too.
struct ReportScrubber {
    /// Bare values shorter than this are too likely to be ordinary text.
    static let minimumBareLength = 6

    private var replacements: [String: String] = [:]
    /// Values the run learnt are secrets whatever their length — a declared
    /// secret, a value found where the cassette has a placeholder, a
    /// prompt's answer the rules hid — which are replaced as a whole string,
    /// quoted whole, and with 4 characters or more as a whole word too.
    private var secrets: Set<String> = []
    /// ``secrets`` with their placeholders, as ``RedactedValues`` replaces them.
    private var secretValues = RedactedValues()

    /// Values shorter than this that the run learnt are secrets are replaced only where quoted whole.
    static let minimumSecretWordLength = 4

    /// Learns what `redacted` hides of `original`: every string leaf that differs.
    mutating func learn(original: any EventPayload, redacted: any EventPayload) {
        learn(EventCoding.payloadNode(original), EventCoding.payloadNode(redacted))
    }

    /// Learns the secrets a redaction numbered, each with its placeholder.
    mutating func learn(_ placeholders: RedactionPlaceholders) {
        for (secret, placeholder) in placeholders.replacements { note(secret, placeholder) }
    }

    /// Learns the values a replay bound to the cassette's placeholders, or
    /// would have bound them to; other values found in diverging effects are
    /// numbered on their own (see ``HiddenValues``).
    mutating func learn(_ hidden: HiddenValues) {
        for pair in hidden.pairs where pair.bound { note(pair.secret, pair.placeholder) }
        // Every value found where the cassette has a placeholder is a secret, bound or not.
        learnSecrets(hidden.pairs.map(\.secret))
    }

    /// Learns that `values` are secrets, whatever their length: each is
    /// replaced by the placeholder it is learnt with, where a string is
    /// exactly it or quotes it whole, and with 4 characters or more where
    /// it stands as a whole word (see ``RedactedValues``).
    mutating func learnSecrets(_ values: [String]) {
        let new = values.filter { !$0.isEmpty && RedactionPlaceholders.number(in: $0) == nil && !secrets.contains($0) }
        guard !new.isEmpty else { return }
        secrets.formUnion(new)
        refreshSecretValues()
    }

    /// ``secretValues`` anew, from each secret's placeholder as learnt so far.
    private mutating func refreshSecretValues() {
        var values = RedactedValues()
        // A value of ``minimumBareLength`` characters or more is replaced bare already, as every value learnt is.
        for secret in secrets.sorted() where secret.count < Self.minimumBareLength {
            guard let placeholder = replacements[secret], RedactionPlaceholders.number(in: placeholder) != nil else { continue }
            if secret.count >= Self.minimumSecretWordLength {
                values.add([(secret, placeholder)], declared: [secret])
            }
            values.addQuoted([(secret, placeholder)])
        }
        secretValues = values
    }

    private mutating func learn(_ original: CanonicalNode, _ redacted: CanonicalNode) {
        switch (original, redacted) {
        case (.object(let before), .object(let after)) where before.count == after.count:
            for (old, new) in zip(before, after) { learn(old.1, new.1) }
        case (.array(let before), .array(let after)) where before.count == after.count:
            for (old, new) in zip(before, after) { learn(old, new) }
        case (.value(.string(let old)), .value(.string(let new))):
            note(old, new)
        case (.value(let old), .value(.string(let new))):
            // A number or boolean hidden as its placeholder.
            note(old.description, new)
        default:
            break
        }
    }

    private mutating func note(_ secret: String, _ placeholder: String) {
        guard !secret.isEmpty, secret != placeholder, RedactionPlaceholders.number(in: secret) == nil else { return }
        let changed = replacements[secret] != placeholder
        replacements[secret] = placeholder
        if changed, secrets.contains(secret) { refreshSecretValues() }
    }

    /// `text` with every learnt value replaced, longest first.
    ///
    /// A placeholder already in the text is never cut: an app handed
    /// `[REDACTED:1]` that sends `[REDACTED:1` has that value hidden where it
    /// stands alone, while `[REDACTED:1]` itself still reads as the cassette has it.
    func scrub(_ text: String) -> String {
        var text = text
        for (secret, placeholder) in replacements.sorted(by: { $0.key.count > $1.key.count }) {
            text = Self.replacing(JSONValue.string(secret).description, with: JSONValue.string(placeholder).description, in: text)
            guard secret.count >= Self.minimumBareLength else { continue }
            // Escaped as a string literal holds it, in a script or in a field shown as JSON.
            for form in RedactedValues.encodedForms(of: secret) { text = Self.replacing(form, with: placeholder, in: text) }
            text = Self.replacing(secret, with: placeholder, in: text)
        }
        return secretValues.isEmpty ? text : secretValues.replacing(in: text)
    }

    /// `text` with each occurrence of `value` replaced by `placeholder`, but
    /// for one that would cut a placeholder of `text` in two. (The standard
    /// library's search: Foundation's crashes on Linux when the value holds U+0000.)
    static func replacing(_ value: String, with placeholder: String, in text: String) -> String {
        guard text.contains(value) else { return text }
        let protected = text.contains("[REDACTED") ? RedactionPlaceholders.ranges(in: text) : []
        var result = ""
        var position = text.startIndex
        var searchStart = text.startIndex
        while searchStart < text.endIndex, let found = text[searchStart...].firstRange(of: value) {
            if RedactionPlaceholders.cuts(found, protected) {
                searchStart = text.index(after: found.lowerBound)
                continue
            }
            result += text[position..<found.lowerBound]
            result += placeholder
            position = found.upperBound
            searchStart = found.upperBound
        }
        return position == text.startIndex ? text : result + text[position...]
    }

    /// `payload` with every learnt value replaced in every string it writes,
    /// its keys and bytes too (see ``PayloadStrings``); `payload` itself when
    /// nothing changes or the result would not read back.
    func scrub(_ payload: any EventPayload) -> any EventPayload {
        guard !replacements.isEmpty else { return payload }
        let bytes = RedactedValues(replacements.map { ($0.key, $0.value) }).merged(with: secretValues)
        return PayloadStrings.rewrite(payload, text: scrub, bytes: bytes.replacing(in:)) ?? payload
    }

    /// `issue` with every learnt value replaced in every field that can hold
    /// the app's data: the sentence it was told with, the events it names,
    /// expected and found, the differences, the stall, the hint.
    func scrub(_ issue: ReplayIssue) -> ReplayIssue {
        var issue = issue
        issue.statement = issue.statement.mapText(scrub)
        issue.cause = issue.cause.map(scrub)
        issue.relatedEvent = issue.relatedEvent.map(scrub)
        issue.missingCall = issue.missingCall.map(scrub)
        issue.expected = issue.expected.map(scrub)
        issue.found = issue.found.map(scrub)
        issue.hint = issue.hint.map(scrub)
        issue.actual = issue.actual.map(scrub)
        issue.nearestCandidate = issue.nearestCandidate.map(scrub)
        if var stall = issue.stall {
            stall.firstUntrackedEffect = stall.firstUntrackedEffect.map(scrub)
            stall.unseenWork = stall.unseenWork.map(scrub)
            issue.stall = stall
        }
        issue.differences = issue.differences.map { difference in
            // Bytes shown as base64 hide a secret from a search of the text: theirs is searched decoded.
            let value = difference.path.hasSuffix("base64") ? scrubBase64 : scrub
            return FieldDifference(
                path: scrub(difference.path), expected: difference.expected.map(value),
                actual: difference.actual.map(value), note: difference.note.map(scrub))
        }
        return issue
    }

    /// `json`, a JSON string of base64 bytes, with every learnt value
    /// replaced in the bytes it decodes to, encoded again; any other text scrubbed as text is.
    private func scrubBase64(_ json: String) -> String {
        guard !replacements.isEmpty, case .string(let encoded)? = try? JSONReader.platformDefault.read(Array(json.utf8)),
            let data = Data(base64Encoded: encoded)
        else { return scrub(json) }
        let replaced = RedactedValues(replacements.map { ($0.key, $0.value) }).merged(with: secretValues).replacing(in: data)
        return replaced == data ? json : JSONValue.string(replaced.base64EncodedString()).description
    }

    private func scrub(_ reference: ReplayIssue.EventReference) -> ReplayIssue.EventReference {
        var reference = reference
        reference.summary = scrub(reference.summary)
        return reference
    }
}
