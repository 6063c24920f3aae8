import HybridReplay

/// The semantic diffs of one or more cassettes, as `cassette diff` and
/// `cassette review` print them in every format.
struct DiffReport: Sendable {
    /// One cassette compared.
    struct Entry: Sendable {
        /// How the cassette changed as a whole.
        struct Status: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            var rawValue: String
            /// Only in the new revision.
            static let added = Status(rawValue: "added")
            /// Only in the old revision.
            static let removed = Status(rawValue: "removed")
            /// In both, recording different behaviour.
            static let changed = Status(rawValue: "changed")
            /// In both, recording the same behaviour.
            static let unchanged = Status(rawValue: "unchanged")

            var description: String { rawValue }
        }

        /// The path the cassette is known by, such as `Cassettes/x.json`.
        var path: String
        /// How the old side is named in the output, such as `a/Cassettes/x.json`.
        var oldLabel: String
        /// How the new side is named in the output.
        var newLabel: String
        var status: Status
        var diff: CassetteDiff

        /// Compares `old` and `new`; a missing side makes the cassette added or removed.
        init(path: String, oldLabel: String, newLabel: String, old: Cassette?, new: Cassette?, options: CassetteDiffOptions) {
            self.path = path
            self.oldLabel = oldLabel
            self.newLabel = newLabel
            let empty = Cassette(header: (old ?? new)?.header ?? CassetteHeader(name: path))
            diff = CassetteDiff.between(old ?? empty, new ?? empty, options: options)
            status = old == nil ? .added : new == nil ? .removed : diff.isEmpty ? .unchanged : .changed
        }

        /// "2 changed, 1 inserted, header" — what the diff holds, in a few words.
        var summary: String {
            if status == .unchanged { return "no change" }
            var parts: [String] = []
            for kind in [EventChange.Kind.changed, .moved, .inserted, .removed] {
                let count = diff.count(of: kind)
                if count > 0 { parts.append("\(count) \(kind)") }
            }
            if !diff.headerChanges.isEmpty { parts.append("header changed") }
            return parts.isEmpty ? "\(status), no events" : parts.joined(separator: ", ")
        }
    }

    var entries: [Entry]
    /// Cassettes that could not be compared, their problems reported on standard error.
    var unreadable: [String] = []

    /// Whether any cassette changed.
    var hasChanges: Bool { entries.contains { $0.status != .unchanged } }
}

/// How `cassette diff` and `cassette review` print a report.
struct DiffFormat: Sendable, Hashable {
    var name: String

    /// Lines like a unified diff; coloured on a terminal unless `NO_COLOR` is set.
    static let text = DiffFormat(name: "text")
    /// A summary table, then a collapsible block per changed cassette, safe to post in a pull request.
    static let markdown = DiffFormat(name: "markdown")
    /// One JSON document for programs.
    static let json = DiffFormat(name: "json")

    static let all: [DiffFormat] = [.text, .markdown, .json]

    /// The `--format <format>` option both commands take.
    static let option = Option(
        "format", valueName: "format",
        help: "How to print the changes: 'text' (the default), 'markdown' or 'json'.")

    /// The format `arguments` ask for.
    ///
    /// - Throws: `UsageError` naming the valid formats.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> DiffFormat {
        guard let name = arguments.value(of: option) else { return .text }
        guard let format = all.first(where: { $0.name == name }) else {
            let valid = all.map { "'\($0.name)'" }.joined(separator: ", ")
            throw UsageError("unknown format '\(name)'; expected one of \(valid)")
        }
        return format
    }

    /// `report` in this format.
    func render(_ report: DiffReport, colour: Bool) -> String {
        switch self {
        case .markdown: DiffMarkdown.render(report)
        case .json: DiffJSON.render(report)
        default: DiffText.render(report, colour: colour)
        }
    }
}
