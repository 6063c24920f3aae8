extension ReplayReport {
    /// The report with `redaction` and the recorder's default rules applied
    /// to what it shows: its trace, and every value in its issues that the
    /// rules hide in the trace or in the recorded cassette, wherever it appears.
    ///
    /// A replay redacts its failed reports by the rules the cassette header
    /// lists, so a wrong bearer token fails the test without the expected or
    /// the actual token appearing in the report or in the trace attached to it.
    /// The rules of ``Redaction/default`` apply too when the header lists any
    /// rule, so an implementation that moves a token from the header the
    /// cassette's rules name into an `access_token` query item does not show
    /// it where a recording would have hidden it; a cassette that lists no
    /// rule was recorded as holding no secret, and is reported as it is.
    /// Credentials found by their shape (JWTs, bearer tokens, well-known key
    /// prefixes) are hidden wherever the implementation put them. Secrets are numbered after the cassette's own
    /// placeholders, a bound value by the placeholder it was bound to, and so
    /// is the value an effect that diverged for another reason has where a
    /// placeholder nothing gave a value was recorded.
    ///
    /// - Parameters:
    ///   - redaction: The rules to apply besides the defaults, such as
    ///     ``Redaction/init(ruleNames:)`` of the cassette's header.
    ///   - recorded: The cassette replayed, whose values the issues quote as expected.
    ///   - hidden: What the run saw where the cassette holds a placeholder,
    ///     hidden too whatever rule — a custom one included — put it there.
    /// - Returns: The redacted report; `self` when there is nothing to hide.
    package func redacted(by redaction: Redaction, recorded: Cassette, hidden: HiddenValues = HiddenValues()) -> ReplayReport {
        // What a recording hides by default, whatever rules the cassette was recorded
        // with; a cassette recorded with none (`Redaction.none`) holds no secret to hide.
        let redaction = redaction.isEmpty && recorded.header.redactions.isEmpty ? redaction : redaction + .default
        guard !redaction.isEmpty || !hidden.isEmpty else { return self }
        var scrubber = ReportScrubber()
        scrubber.learn(hidden)
        // Numbered after the cassette's own placeholders, and a bound value by the
        // placeholder it was bound to, so `[REDACTED:5]` in a report means what it
        // means in the cassette.
        var placeholders = RedactionPlaceholders(
            reserving: RedactionPlaceholders.highestNumber(
                in: String(decoding: CassetteWriter.canonicalBytes(of: recorded), as: UTF8.self)))
        // A value found in an effect that diverged elsewhere, where a placeholder nothing in the
        // run gave a value was recorded, is adopted too (see ``HiddenValues``): the replay would
        // have bound the placeholder to it, so an unchanged secret keeps the cassette's number.
        for pair in hidden.pairs where pair.bound { placeholders.adopt(pair.secret, as: pair.placeholder) }
        // Any other value found where the cassette has a placeholder, in an effect that
        // diverged, is some secret, not necessarily that one: it gets a number of its own.
        for pair in hidden.pairs where !pair.bound { _ = placeholders.placeholder(for: pair.secret) }
        var report = self
        // The answer to a prompt that asks for a secret, hidden by the recorder's rule, and wherever else it appears.
        var answers: [String] = []
        for index in report.trace.events.indices {
            let original = report.trace.events[index].payload
            var prepared = original
            if let answer = original as? JavaScriptDialogAnswer, let dialog = Self.dialog(answeredBy: index, in: report.trace.events) {
                let hidden = redaction.hidingAnswer(answer, to: dialog, placeholders: &placeholders)
                if let text = answer.text, hidden.text != text { answers.append(text) }
                prepared = hidden
            }
            let redacted = redaction.apply(to: prepared, placeholders: &placeholders)
            scrubber.learn(original: original, redacted: redacted)
            report.trace.events[index].payload = redacted
        }
        scrubber.learnSecrets(answers)
        for event in recorded.events {
            scrubber.learn(original: event.payload, redacted: redaction.apply(to: event.payload, placeholders: &placeholders))
        }
        // A credential the rules do not reach by name, such as a token moved into a
        // query item of another name, is still hidden by its shape.
        if !redaction.isEmpty {
            for event in report.trace.events { Self.hideShapes(in: PayloadComparison.tree(of: event.payload), &placeholders) }
            for issue in issues {
                // Every field the console shows, and the rendered text besides.
                let texts = [issue.description, issue.expected, issue.found, issue.cause?.summary, issue.relatedEvent?.summary,
                    issue.missingCall?.summary]
                    .compactMap { $0 } + issue.differences.flatMap { [$0.expected, $0.actual].compactMap { $0 } }
                for text in texts { Self.hideShapes(in: text, &placeholders) }
            }
        }
        scrubber.learn(placeholders)
        for index in report.trace.events.indices {
            report.trace.events[index].payload = scrubber.scrub(report.trace.events[index].payload)
        }
        for name in redaction.ruleNames where !report.trace.header.redactions.contains(name) {
            report.trace.header.redactions.append(name)
        }
        report.issues = issues.map(scrubber.scrub)
        return report
    }

    /// The dialog the answer at `index` of `events` answers: its cause, or
    /// else the last dialog before it (an answer the replay did not expect
    /// may have no cause in the trace).
    private static func dialog(answeredBy index: Int, in events: [Event]) -> JavaScriptDialog? {
        if let cause = events[index].cause, let dialog = events.first(where: { $0.id == cause })?.payload as? JavaScriptDialog {
            return dialog
        }
        return events[..<index].last { $0.payload is JavaScriptDialog }?.payload as? JavaScriptDialog
    }

    private static func hideShapes(in tree: PayloadComparison.Tree, _ placeholders: inout RedactionPlaceholders) {
        switch tree {
        case .scalar(.string(let text)): hideShapes(in: text, &placeholders)
        case .scalar: break
        case .object(let members): for (_, member) in members { hideShapes(in: member, &placeholders) }
        case .array(let elements): for element in elements { hideShapes(in: element, &placeholders) }
        }
    }

    private static func hideShapes(in text: String, _ placeholders: inout RedactionPlaceholders) {
        for match in SecretShapes.matches(in: text) {
            _ = placeholders.placeholder(for: String(text[match.range]))
        }
    }
}
