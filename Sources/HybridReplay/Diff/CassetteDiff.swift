/// What changed between two cassettes, in behaviour rather than in bytes.
///
/// Events are aligned by what they are — channel, direction, kind, the kinds
/// of the events they answer or were caused by, then their payloads — not by
/// position or id: an inserted event is one insertion, and the ids it
/// renumbers are no change. Within events that match, the changes are field by
/// field, with headers keyed by name and payloads in the form a replay
/// compares (``ComparedForm``): JSON bodies structurally, whether a cassette
/// holds them as `json`, `text` or `base64`, and JSON objects inside scripts
/// in any key order.
/// Volatile values renamed consistently (a UUID that is another UUID
/// everywhere) are no change, and `at` is compared only when asked.
///
/// The diff is a value; `cassette diff` renders it as text, Markdown or JSON.
public struct CassetteDiff: Sendable, Hashable {
    /// The changes to the header's members, such as `description`.
    public var headerChanges: [FieldChange]
    /// The events inserted, removed or changed, in timeline order.
    public var eventChanges: [EventChange]

    /// Creates a diff from its parts.
    public init(headerChanges: [FieldChange] = [], eventChanges: [EventChange] = []) {
        self.headerChanges = headerChanges
        self.eventChanges = eventChanges
    }

    /// Whether the cassettes record the same behaviour.
    public var isEmpty: Bool { headerChanges.isEmpty && eventChanges.isEmpty }

    /// The number of events of each kind of change.
    public func count(of kind: EventChange.Kind) -> Int {
        eventChanges.lazy.filter { $0.kind == kind }.count
    }

    /// Compares two cassettes.
    ///
    /// - Parameters:
    ///   - old: The cassette before.
    ///   - new: The cassette after.
    ///   - options: What counts as a change.
    /// - Returns: The differences; empty when the cassettes record the same behaviour.
    public static func between(_ old: Cassette, _ new: Cassette, options: CassetteDiffOptions = .standard)
        -> CassetteDiff
    {
        // Values at declared fields, of either cassette, may be renamed like UUIDs.
        var options = options
        options.placeholders = options.placeholders.declaring(options.volatile, in: [old, new])
        var differ = FieldDiffer(placeholders: options.placeholders)
        let headerChanges = differ.changes(
            PayloadComparison.Tree(headerNode(old.header)), PayloadComparison.Tree(headerNode(new.header)))
        let oldSide = EventFingerprints(old, placeholders: options.placeholders)
        let newSide = EventFingerprints(new, placeholders: options.placeholders)
        let pairs = EventFingerprints.pairs(oldSide, newSide)

        var newIDForOld: [Int: Int] = [:]
        newIDForOld.reserveCapacity(pairs.count)
        for (oldIndex, newIndex) in pairs { newIDForOld[old.events[oldIndex].id] = new.events[newIndex].id }

        var changes: [EventChange] = []
        var oldNext = 0
        var newNext = 0
        func flush(upToOld oldEnd: Int, new newEnd: Int) {
            while oldNext < oldEnd {
                changes.append(EventChange(kind: .removed, old: old.events[oldNext], new: nil))
                oldNext += 1
            }
            while newNext < newEnd {
                changes.append(EventChange(kind: .inserted, old: nil, new: new.events[newNext]))
                newNext += 1
            }
        }
        for (oldIndex, newIndex) in pairs {
            flush(upToOld: oldIndex, new: newIndex)
            let before = old.events[oldIndex]
            let after = new.events[newIndex]
            // Most events are unchanged: equal trees without volatile values skip the walk that names paths.
            var fields =
                EventFingerprints.plainlyEqual(oldSide, oldIndex, newSide, newIndex)
                ? [] : differ.changes(oldSide.trees[oldIndex], newSide.trees[newIndex])
            fields += relationChanges(before, after, newIDForOld)
            if options.timing == .compared, before.at != after.at {
                fields.insert(FieldChange(path: "at", old: .number(before.at), new: .number(after.at)), at: 0)
            }
            if !fields.isEmpty { changes.append(EventChange(kind: .changed, old: before, new: after, fields: fields)) }
            oldNext = oldIndex + 1
            newNext = newIndex + 1
        }
        flush(upToOld: old.events.count, new: new.events.count)
        return CassetteDiff(headerChanges: headerChanges, eventChanges: changes)
    }

    /// `cause` and `answers` compared through the alignment, so renumbering is no change; `strand` as it is.
    private static func relationChanges(_ old: Event, _ new: Event, _ newIDForOld: [Int: Int]) -> [FieldChange] {
        var found: [FieldChange] = []
        for (name, before, after) in [("cause", old.cause, new.cause), ("answers", old.answers, new.answers)] {
            let mapped = before.flatMap { newIDForOld[$0] }
            if before == nil, after == nil { continue }
            if mapped != nil, mapped == after { continue }
            found.append(FieldChange(path: name, old: before.map { .number(Double($0)) }, new: after.map { .number(Double($0)) }))
        }
        if old.strand != new.strand {
            found.append(
                FieldChange(path: "strand", old: old.strand.map { .number(Double($0)) }, new: new.strand.map { .number(Double($0)) }))
        }
        return found
    }

    private static func headerNode(_ header: CassetteHeader) -> CanonicalNode {
        var writer = FieldWriter()
        CassetteHeaderCoding.write(header, into: &writer)
        return writer.node
    }
}

/// One event inserted, removed, or changed field by field.
public struct EventChange: Sendable, Hashable {
    /// How an event changed.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The event is only in the new cassette.
        public static let inserted = Kind(rawValue: "inserted")
        /// The event is only in the old cassette.
        public static let removed = Kind(rawValue: "removed")
        /// The event is in both, with different fields.
        public static let changed = Kind(rawValue: "changed")

        public var description: String { rawValue }
    }

    /// How the event changed.
    public var kind: Kind
    /// The event in the old cassette; `nil` for an insertion.
    public var old: Event?
    /// The event in the new cassette; `nil` for a removal.
    public var new: Event?
    /// The fields that differ, for a changed event.
    public var fields: [FieldChange]

    /// Creates a change.
    public init(kind: Kind, old: Event?, new: Event?, fields: [FieldChange] = []) {
        self.kind = kind
        self.old = old
        self.new = new
        self.fields = fields
    }

    /// The event as it is now, or as it was for a removal.
    public var event: Event {
        // One of the two is always set; the initializers above are the only way in.
        (new ?? old) ?? Event(id: 0, at: 0, payload: CustomEvent(name: "", direction: .effect, fields: [:]))
    }
}

/// One field whose value differs between two cassettes.
public struct FieldChange: Sendable, Hashable, CustomStringConvertible {
    /// Where, such as `headers[Authorization]` or `body.json.items[2].qty`.
    public var path: String
    /// The old value, or `nil` when the field was absent.
    public var old: JSONValue?
    /// The new value, or `nil` when the field is absent.
    public var new: JSONValue?

    /// Creates a change.
    public init(path: String, old: JSONValue?, new: JSONValue?) {
        self.path = path
        self.old = old
        self.new = new
    }

    public var description: String {
        "\(path): \(old?.description ?? "(absent)") → \(new?.description ?? "(absent)")"
    }
}

/// What `CassetteDiff` counts as a change.
public struct CassetteDiffOptions: Sendable {
    /// Whether `at` is compared.
    public var timing: DiffTiming
    /// The volatile values that may be renamed consistently.
    public var placeholders: Placeholders
    /// Fields whose values may be renamed consistently, besides those the
    /// cassettes' headers declare, such as `script.message body.callbackId`.
    public var volatile: [VolatileField]

    /// Creates options.
    public init(timing: DiffTiming = .ignored, placeholders: Placeholders = .standard, volatile: [VolatileField] = []) {
        self.timing = timing
        self.placeholders = placeholders
        self.volatile = volatile
    }

    /// `at` ignored; UUIDs, timestamps and redaction placeholders may be renamed.
    public static let standard = CassetteDiffOptions()
}

/// Whether a diff compares when events happened.
public struct DiffTiming: Sendable, Hashable {
    private var compares: Bool

    /// `at` is never a change: re-recording moves it.
    public static let ignored = DiffTiming(compares: false)
    /// A different `at` is a change.
    public static let compared = DiffTiming(compares: true)
}
