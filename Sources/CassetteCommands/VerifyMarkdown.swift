import HybridReplay

/// `cassette verify`'s results as GitHub-flavoured Markdown for a job
/// summary or a pull-request comment: a table of the cassettes, then each
/// failure's issues, one table of their fields per issue.
///
/// The issues are rendered from their structure — kind, event, cause,
/// expected and found, field by field — not from the console's sentences,
/// which stay in a collapsed block under them. Everything taken from a
/// cassette or a report is escaped as ``DiffMarkdown`` escapes it, so neither
/// can inject markup.
enum VerifyMarkdown {
    static func render(_ verifications: [CassetteVerification], repetitions: Int) -> String {
        let failed = verifications.filter { if case .passed = $0.outcome { false } else { true } }
        var text = "### Cassette verification\n\n"
        text += "\(count(verifications.count, "cassette")) verified, \(failed.count) not passed"
            + (repetitions > 1 ? ", \(repetitions) runs each" : "") + ".\n\n"
        text += "| Cassette | Contract | Result |\n| --- | --- | --- |\n"
        for verification in verifications {
            let result: String
            switch verification.outcome {
            case .passed: result = "passed"
            case .failed(_, _, let issues): result = issues.isEmpty ? "failed" : "failed: \(count(issues.count, "issue"))"
            case .unreadable: result = "unreadable"
            }
            text += "| \(code(verification.file.displayPath)) | \(escaped(verification.contract ?? "no contract")) | \(result) |\n"
        }
        for verification in failed {
            text += "\n#### \(code(verification.file.displayPath))\n\n"
            switch verification.outcome {
            case .passed:
                break
            case .failed(let message, let report, let issues):
                if issues.isEmpty { text += escaped(message) + "\n\n" }
                for issue in issues { text += render(issue) }
                text += "<details><summary>Report</summary>\n\n" + fenced(report.joined(separator: "\n")) + "</details>\n"
            case .unreadable(let diagnostics, _):
                text += fenced(diagnostics.map(\.description).joined(separator: "\n"))
            }
        }
        return text
    }

    /// One issue: its kind and event as a heading line, then its fields as a table.
    static func render(_ issue: ReplayIssue) -> String {
        var subject = "**\(escaped(issue.kind.description))**"
        if let eventID = issue.eventID { subject += " at event \(eventID)" }
        if let eventKind = issue.eventKind { subject += " (\(code(eventKind.description)))" }
        var rows: [(String, String, String)] = []
        if let cause = issue.cause { rows.append(("cause", code(cause.description), "")) }
        if let related = issue.relatedEvent { rows.append(("event", code(related.description), "")) }
        if issue.expected != nil || issue.found != nil {
            rows.append(("value", issue.expected.map(code) ?? "", issue.found.map(code) ?? ""))
        }
        for difference in issue.differences {
            let note = difference.note.flatMap { $0.isEmpty ? nil : " (\(escaped($0)))" } ?? ""
            rows.append((
                code(difference.path), difference.expected.map(code) ?? "no field",
                (difference.actual.map(code) ?? "no field") + note
            ))
        }
        if let actual = issue.actual { rows.append(("happened", "", code(actual))) }
        if let nearest = issue.nearestCandidate { rows.append(("nearest recorded", code(nearest), "")) }
        var text = subject + ": " + escaped(issue.message) + "\n"
        if !rows.isEmpty {
            text += "\n| Field | Expected | Found |\n| --- | --- | --- |\n"
            for (field, expected, found) in rows { text += "| \(field) | \(expected) | \(found) |\n" }
        }
        if let hint = issue.hint { text += "\nTo fix: \(escaped(hint))\n" }
        return text + "\n"
    }

    private static func code(_ text: String) -> String { "<code>\(escaped(text))</code>" }

    private static func escaped(_ text: String) -> String { DiffMarkdown.escaped(text) }

    /// `text` in a fence longer than any run of backticks it holds.
    private static func fenced(_ text: String) -> String {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "\n" + text + "\n" + fence + "\n"
    }

    private static func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }
}
