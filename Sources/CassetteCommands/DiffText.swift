import HybridReplay

/// A cassette diff as lines in the manner of a unified diff: `---`/`+++`
/// names the sides, `@@ … @@` introduces the header or an event, `-` and `+`
/// give what was and what is.
enum DiffText {
    /// What a line is, for colour.
    enum Role { case files, hunk, context, removed, added }

    /// Values longer than this are shown around their first difference.
    static let excerptWidth = 100

    /// The report as text; empty when nothing changed.
    static func render(_ report: DiffReport, colour: Bool) -> String {
        report.entries.flatMap(lines(for:)).map { role, text in
            (colour ? paint(text, role) : text) + "\n"
        }.joined()
    }

    /// The lines for one cassette; none when it did not change.
    static func lines(for entry: DiffReport.Entry) -> [(Role, String)] {
        guard entry.status != .unchanged else { return [] }
        var lines: [(Role, String)] = [(.files, "--- " + entry.oldLabel), (.files, "+++ " + entry.newLabel)]
        if !entry.diff.headerChanges.isEmpty {
            lines.append((.hunk, "@@ header @@"))
            for change in entry.diff.headerChanges { lines += fieldLines(change) }
        }
        for change in entry.diff.eventChanges {
            let event = change.event
            var title = "event \(event.id)"
            if change.kind == .changed || change.kind == .moved, let old = change.old, old.id != event.id { title += " (was \(old.id))" }
            lines.append((.hunk, "@@ \(title) \(event.kind): \(change.kind) @@"))
            switch change.kind {
            case .inserted:
                lines += Timeline.lines(for: event).map { (.added, "+ " + $0) }
            case .removed:
                lines += Timeline.lines(for: event).map { (.removed, "- " + $0) }
            default:
                lines.append((.context, "  " + Timeline.line(for: event)))
                for field in change.fields { lines += fieldLines(field) }
            }
        }
        return lines
    }

    /// The path, then the old value and the new one, long ones cut around their first difference.
    static func fieldLines(_ change: FieldChange) -> [(Role, String)] {
        let (old, new) = excerpts(change.old?.description, change.new?.description)
        var lines: [(Role, String)] = [(.context, "  " + change.path + (old == nil ? " (added)" : new == nil ? " (removed)" : ""))]
        if let old { lines.append((.removed, "- " + old)) }
        if let new { lines.append((.added, "+ " + new)) }
        return lines
    }

    /// `old` and `new` cut to the stretch around their first differing
    /// character when either is longer than ``excerptWidth``.
    static func excerpts(_ old: String?, _ new: String?) -> (String?, String?) {
        guard let old, let new, max(old.count, new.count) > excerptWidth else { return (old, new) }
        let oldCharacters = Array(old)
        let newCharacters = Array(new)
        var first = 0
        while first < oldCharacters.count, first < newCharacters.count, oldCharacters[first] == newCharacters[first] {
            first += 1
        }
        let start = max(0, first - excerptWidth / 2)
        func cut(_ characters: [Character]) -> String {
            let end = min(characters.count, start + excerptWidth)
            let middle = start < end ? String(characters[start..<end]) : ""
            return (start > 0 ? "…" : "") + middle + (end < characters.count ? "…" : "")
        }
        return (cut(oldCharacters), cut(newCharacters))
    }

    private static func paint(_ text: String, _ role: Role) -> String {
        let code: String
        switch role {
        case .files: code = "1"
        case .hunk: code = "36"
        case .removed: code = "31"
        case .added: code = "32"
        case .context: return text
        }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}
