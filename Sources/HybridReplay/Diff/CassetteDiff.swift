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
    /// The events inserted, removed, moved or changed, in timeline order
    /// (a moved event where it is now).
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
        let moves = movedPairs(pairs, oldSide, newSide, &differ, old, new)
        let movedOld = Set(moves.map(\.old))
        let movedNew = Dictionary(uniqueKeysWithValues: moves.map { ($0.new, $0.old) })

        var newIDForOld: [Int: Int] = [:]
        newIDForOld.reserveCapacity(pairs.count + moves.count)
        for (oldIndex, newIndex) in pairs { newIDForOld[old.events[oldIndex].id] = new.events[newIndex].id }
        for move in moves { newIDForOld[old.events[move.old].id] = new.events[move.new].id }
        let strands = StrandRenaming(pairs.map { (old.events[$0.0], new.events[$0.1]) } + moves.map { (old.events[$0.old], new.events[$0.new]) })

        var changes: [EventChange] = []
        var oldNext = 0
        var newNext = 0
        func compared(_ oldIndex: Int, _ newIndex: Int) -> [FieldChange] {
            let before = old.events[oldIndex]
            let after = new.events[newIndex]
            // Most events are unchanged: equal trees without volatile values skip the walk that names paths.
            var fields =
                EventFingerprints.plainlyEqual(oldSide, oldIndex, newSide, newIndex)
                ? [] : differ.changes(oldSide.trees[oldIndex], newSide.trees[newIndex])
            fields += relationChanges(before, after, newIDForOld, strands)
            if options.timing == .compared, before.at != after.at {
                fields.insert(FieldChange(path: "at", old: .number(before.at), new: .number(after.at)), at: 0)
            }
            return fields
        }
        func flush(upToOld oldEnd: Int, new newEnd: Int) {
            while oldNext < oldEnd {
                // A moved event is told once, where it is now.
                if !movedOld.contains(oldNext) { changes.append(EventChange(kind: .removed, old: old.events[oldNext], new: nil)) }
                oldNext += 1
            }
            while newNext < newEnd {
                if let oldIndex = movedNew[newNext] {
                    changes.append(
                        EventChange(kind: .moved, old: old.events[oldIndex], new: new.events[newNext], fields: compared(oldIndex, newNext)))
                } else {
                    changes.append(EventChange(kind: .inserted, old: nil, new: new.events[newNext]))
                }
                newNext += 1
            }
        }
        for (oldIndex, newIndex) in pairs {
            flush(upToOld: oldIndex, new: newIndex)
            let fields = compared(oldIndex, newIndex)
            if !fields.isEmpty {
                changes.append(EventChange(kind: .changed, old: old.events[oldIndex], new: new.events[newIndex], fields: fields))
            }
            oldNext = oldIndex + 1
            newNext = newIndex + 1
        }
        flush(upToOld: old.events.count, new: new.events.count)
        return CassetteDiff(headerChanges: headerChanges, eventChanges: changes)
    }

    /// The events the alignment left out on both sides that are the same
    /// event at another place: equal in kind, in the kinds of what caused and
    /// what they answer, and in payload (volatile values renamed consistently);
    /// then an answer of the same kind to the same call, moved or not, changed
    /// or not. Each old event pairs with the first such new one not taken yet.
    private static func movedPairs(
        _ pairs: [(Int, Int)], _ oldSide: EventFingerprints, _ newSide: EventFingerprints, _ differ: inout FieldDiffer,
        _ old: Cassette, _ new: Cassette
    ) -> [(old: Int, new: Int)] {
        // Nothing left out on one side, nothing to move: the usual diff of a re-recording pays nothing here.
        guard pairs.count < old.events.count, pairs.count < new.events.count else { return [] }
        var moves = exactMoves(pairs, oldSide, newSide, &differ)
        // An answer is known by the call it answers: one that moved with its call and changed is one move.
        let takenOld = Set(pairs.map(\.0) + moves.map(\.old))
        var takenNew = Set(pairs.map(\.1) + moves.map(\.new))
        var newIndexForOldID: [Int: Int] = [:]
        for (oldIndex, newIndex) in pairs { newIndexForOldID[old.events[oldIndex].id] = newIndex }
        for move in moves { newIndexForOldID[old.events[move.old].id] = move.new }
        var newIndexByID: [Int: Int] = [:]
        for (index, event) in new.events.enumerated() { newIndexByID[event.id] = index }
        for (index, event) in old.events.enumerated() where !takenOld.contains(index) {
            guard let call = event.answers, let newCall = newIndexForOldID[call], newCall < new.events.count,
                let answer = new.events.indices.first(where: { candidate in
                    !takenNew.contains(candidate) && new.events[candidate].kind == event.kind
                        && new.events[candidate].answers.flatMap { newIndexByID[$0] } == newCall
                })
            else { continue }
            takenNew.insert(answer)
            moves.append((index, answer))
        }
        return moves
    }

    /// The unaligned events equal to an unaligned event on the other side (see ``movedPairs``).
    private static func exactMoves(
        _ pairs: [(Int, Int)], _ oldSide: EventFingerprints, _ newSide: EventFingerprints, _ differ: inout FieldDiffer
    ) -> [(old: Int, new: Int)] {
        let alignedOld = Set(pairs.map(\.0))
        let alignedNew = Set(pairs.map(\.1))
        var candidates: [Int: [Int]] = [:]
        for index in newSide.exact.indices where !alignedNew.contains(index) { candidates[newSide.exact[index], default: []].append(index) }
        guard !candidates.isEmpty else { return [] }
        var moves: [(old: Int, new: Int)] = []
        for index in oldSide.exact.indices where !alignedOld.contains(index) {
            guard let found = candidates[oldSide.exact[index]] else { continue }
            for (position, candidate) in found.enumerated() {
                // A trial on a copy: a pair that differs must not rename volatile values for the rest.
                var trial = differ
                guard
                    EventFingerprints.plainlyEqual(oldSide, index, newSide, candidate)
                        || trial.changes(oldSide.trees[index], newSide.trees[candidate]).isEmpty
                else { continue }
                differ = trial
                moves.append((index, candidate))
                candidates[oldSide.exact[index]]?.remove(at: position)
                break
            }
        }
        return moves
    }

    /// `cause` and `answers` compared through the alignment, so renumbering
    /// is no change; `strand` too, where the strands of a cause were renamed consistently.
    private static func relationChanges(
        _ old: Event, _ new: Event, _ newIDForOld: [Int: Int], _ strands: StrandRenaming
    ) -> [FieldChange] {
        var found: [FieldChange] = []
        for (name, before, after) in [("cause", old.cause, new.cause), ("answers", old.answers, new.answers)] {
            let mapped = before.flatMap { newIDForOld[$0] }
            if before == nil, after == nil { continue }
            if mapped != nil, mapped == after { continue }
            found.append(FieldChange(path: name, old: before.map { .number(Double($0)) }, new: after.map { .number(Double($0)) }))
        }
        if old.strand != new.strand, !strands.renames(old, to: new) {
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

/// One event inserted, removed, moved, or changed field by field.
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
        /// The event is in both, at another place among the others: two calls
        /// of concurrent tasks recorded in the other order, say. Its `fields`
        /// are those that differ besides the place, if any.
        public static let moved = Kind(rawValue: "moved")

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

/// The strands of each cause's concurrent tasks as the two cassettes number
/// them: a strand is a label, numbered in the order the tasks' calls were
/// written, so the same tasks recorded in another order carry other numbers.
/// Where every paired event of a cause maps its old strand to one new strand,
/// and no two old strands to the same, the strands were only renamed.
struct StrandRenaming {
    private struct Key: Hashable {
        /// The cause as the new cassette numbers it (`nil`: the app's own initiative).
        var cause: Int?
        var strand: Int
    }
    private var forward: [Key: Set<Int>] = [:]
    private var backward: [Key: Set<Int>] = [:]

    /// The paired events, old and new.
    init(_ pairs: [(Event, Event)]) {
        for (old, new) in pairs {
            guard let before = old.strand, let after = new.strand else { continue }
            forward[Key(cause: new.cause, strand: before), default: []].insert(after)
            backward[Key(cause: new.cause, strand: after), default: []].insert(before)
        }
    }

    /// Whether `old`'s strand became `new`'s by a consistent renaming.
    func renames(_ old: Event, to new: Event) -> Bool {
        guard let before = old.strand, let after = new.strand else { return false }
        return forward[Key(cause: new.cause, strand: before)] == [after] && backward[Key(cause: new.cause, strand: after)] == [before]
    }
}
