import HybridReplay

/// A cassette diff as one JSON document for programs: per cassette its
/// status and counts, the header's changes, and each changed event by its
/// ids in the old and the new cassette, with the paths and values of its fields.
///
/// A value that is absent on one side leaves its `old` or `new` member out,
/// so an absent field and a JSON `null` stay apart.
enum DiffJSON {
    static func render(_ report: DiffReport) -> String {
        let cassettes = report.entries.map { entry -> JSONValue in
            var counts: [String: JSONValue] = [:]
            for kind in [EventChange.Kind.changed, .moved, .inserted, .removed] {
                counts[kind.rawValue] = .number(Double(entry.diff.count(of: kind)))
            }
            return .object([
                "path": .string(entry.path),
                "old": .string(entry.oldLabel),
                "new": .string(entry.newLabel),
                "status": .string(entry.status.rawValue),
                "counts": .object(counts),
                "header": .array(entry.diff.headerChanges.map(field)),
                "events": .array(entry.diff.eventChanges.map(event)),
            ])
        }
        let document: JSONValue = .object([
            "same": .bool(!report.hasChanges && report.unreadable.isEmpty),
            "cassettes": .array(cassettes),
            "unreadable": .array(report.unreadable.map(JSONValue.string)),
        ])
        return document.documentText
    }

    private static func event(_ change: EventChange) -> JSONValue {
        var members: [String: JSONValue] = [
            "change": .string(change.kind.rawValue),
            "kind": .string(change.event.kind.description),
            "direction": .string(change.event.direction.rawValue),
        ]
        if let old = change.old { members["oldID"] = .number(Double(old.id)) }
        if let new = change.new { members["newID"] = .number(Double(new.id)) }
        if change.kind == .changed || change.kind == .moved { members["fields"] = .array(change.fields.map(field)) }
        return .object(members)
    }

    private static func field(_ change: FieldChange) -> JSONValue {
        var members: [String: JSONValue] = ["path": .string(change.path)]
        if let old = change.old { members["old"] = old }
        if let new = change.new { members["new"] = new }
        return .object(members)
    }
}
