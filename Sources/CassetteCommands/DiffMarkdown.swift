import HybridReplay

/// A cassette diff as GitHub-flavoured Markdown for a pull-request comment
/// or a job summary: a table of the cassettes, then a collapsed block per
/// changed cassette holding its text diff.
///
/// Everything taken from a cassette is escaped: table cells and summaries
/// as HTML entities, diffs inside a fence longer than any run of backticks
/// they hold, so a cassette cannot inject markup into the comment.
enum DiffMarkdown {
    static func render(_ report: DiffReport) -> String {
        var text = "### Cassette changes\n\n"
        if !report.unreadable.isEmpty {
            let paths = report.unreadable.map { "<code>\(escaped($0))</code>" }.joined(separator: ", ")
            text += "**Not compared**, because they cannot be read (see the log): \(paths)\n\n"
        }
        let changed = report.entries.filter { $0.status != .unchanged }
        guard !changed.isEmpty else {
            return text + "No cassette changed: \(count(report.entries.count, "cassette")) compared.\n"
        }
        text += "| Cassette | Status | Changed | Moved | Inserted | Removed | Header |\n"
        text += "| --- | --- | ---: | ---: | ---: | ---: | --- |\n"
        for entry in report.entries {
            let header = entry.diff.headerChanges.isEmpty ? "" : "changed"
            text += "| <code>\(escaped(entry.path))</code> | \(entry.status) | \(entry.diff.count(of: .changed)) | "
            text += "\(entry.diff.count(of: .moved)) | "
            text += "\(entry.diff.count(of: .inserted)) | \(entry.diff.count(of: .removed)) | \(header) |\n"
        }
        for entry in changed {
            let body = DiffText.lines(for: entry).map { $0.1 + "\n" }.joined()
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: body) + 1))
            text += "\n<details><summary><code>\(escaped(entry.path))</code>: \(escaped(entry.summary))</summary>\n\n"
            text += fence + "diff\n" + body + fence + "\n\n</details>\n"
        }
        return text
    }

    /// `text` safe in a table cell or an HTML element: every character that
    /// Markdown or HTML could read as markup becomes a numeric entity, and
    /// line breaks become spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                result += " "
            } else if scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar),
                !" /.-,:()".unicodeScalars.contains(scalar)
            {
                result += "&#\(scalar.value);"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
