import Foundation

/// The tables of `docs/conformance.md` the conformance tests check: the
/// input classes of each contract's fields, and the checklist whose rows
/// name the classes and the cassettes that pin them.
struct ConformanceChecklist {
    /// One checklist row.
    struct Row {
        var contract: String
        /// Field name → the classes of it the row's cassettes pin.
        var classes: [String: [String]]
        /// The cassettes, as paths relative to `Cassettes/`, such as `router/push-red.json`.
        var cassettes: [String]
        var text: String
    }

    /// Contract → field → the classes it must be tried with.
    var fields: [String: [String: [String]]] = [:]
    var rows: [Row] = []

    /// Reads both tables from the guide's text.
    init(guide text: String) {
        for line in Self.tableLines(of: "Input classes", in: text) {
            let cells = Self.cells(of: line)
            guard cells.count == 3 else { continue }
            fields[cells[0], default: [:]][Self.unquoted(cells[1])] = Self.list(cells[2])
        }
        for line in Self.tableLines(of: "Checklist", in: text) {
            let cells = Self.cells(of: line)
            guard cells.count == 4 else {
                rows.append(Row(contract: "", classes: [:], cassettes: [], text: line))
                continue
            }
            var classes: [String: [String]] = [:]
            for group in cells[2].components(separatedBy: "; ") where group != "—" {
                let parts = group.components(separatedBy: ": ")
                classes[Self.unquoted(parts[0]), default: []] += parts.count == 2 ? Self.list(parts[1]) : []
            }
            let cassettes = cells[3].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { "\($0.element).json" }
            rows.append(Row(contract: cells[0], classes: classes, cassettes: cassettes, text: line))
        }
    }

    /// The rows of the table under `## heading`, without its header and rule.
    private static func tableLines(of heading: String, in text: String) -> [String] {
        let section = text.components(separatedBy: "\n## \(heading)\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        return section.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Contract |") }
    }

    private static func cells(of line: String) -> [String] {
        line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func list(_ cell: String) -> [String] {
        cell.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func unquoted(_ field: String) -> String {
        field.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
    }
}
