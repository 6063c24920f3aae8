/// The keys ``CassetteDiff`` aligns a cassette's events by.
///
/// Each event has three, from the finest: the exact key — channel, direction,
/// kind, the kinds of the events it was caused by and answers, and the payload
/// with every volatile value reduced to its kind; the coarse key, the same
/// without the payload; and the kind key, channel, direction and kind alone.
/// Events with equal exact keys are the same behaviour; events paired by a
/// coarser key, between those, are the same behaviour changed.
struct EventFingerprints {
    var trees: [PayloadComparison.Tree]
    var exact: [Int]
    var coarse: [Int]
    var kind: [Int]
    /// Whether each payload holds a volatile value, which only the bindings can compare.
    var hasVolatileValues: [Bool]

    init(_ cassette: Cassette, placeholders: Placeholders) {
        var kindByID: [Int: EventKind] = [:]
        kindByID.reserveCapacity(cassette.events.count)
        for event in cassette.events { kindByID[event.id] = event.kind }
        trees = []
        exact = []
        coarse = []
        kind = []
        hasVolatileValues = []
        hasVolatileValues.reserveCapacity(cassette.events.count)
        trees.reserveCapacity(cassette.events.count)
        exact.reserveCapacity(cassette.events.count)
        coarse.reserveCapacity(cassette.events.count)
        kind.reserveCapacity(cassette.events.count)
        // Only values a cassette declares can be numbers: asked once, not at every number.
        let numbersMayBeVolatile = placeholders.declaresValues
        for event in cassette.events {
            // Compared as a replay compares them: key order in a script's JSON and a body's encoding are no change.
            let tree = PayloadComparison.tree(of: ComparedForm.of(event.payload))
            var kindHasher = Hasher()
            kindHasher.combine(event.kind)
            kindHasher.combine(event.direction)
            let kindKey = kindHasher.finalize()
            var hasher = Hasher()
            hasher.combine(kindKey)
            hasher.combine(event.cause.map { kindByID[$0]?.description ?? "?" })
            hasher.combine(event.answers.map { kindByID[$0]?.description ?? "?" })
            let coarseKey = hasher.finalize()
            var payloadHasher = Hasher()
            payloadHasher.combine(coarseKey)
            var volatile = false
            Self.hash(
                tree, into: &payloadHasher, placeholders: placeholders, numbersMayBeVolatile: numbersMayBeVolatile,
                volatile: &volatile)
            trees.append(tree)
            exact.append(payloadHasher.finalize())
            coarse.append(coarseKey)
            kind.append(kindKey)
            hasVolatileValues.append(volatile)
        }
    }

    /// The events of `old` and `new` that are the same event, as index pairs
    /// in order: by exact key, then, between those, by coarse key, then by kind.
    static func pairs(_ old: EventFingerprints, _ new: EventFingerprints) -> [(Int, Int)] {
        pairs([old.exact, old.coarse, old.kind], [new.exact, new.coarse, new.kind], 0..<old.exact.count, 0..<new.exact.count)
    }

    private static func pairs(_ old: [[Int]], _ new: [[Int]], _ oldRange: Range<Int>, _ newRange: Range<Int>)
        -> [(Int, Int)]
    {
        guard let oldKeys = old.first, let newKeys = new.first, !oldRange.isEmpty, !newRange.isEmpty else { return [] }
        let matches = SequenceAlignment.matches(Array(oldKeys[oldRange]), Array(newKeys[newRange]))
            .map { ($0.0 + oldRange.lowerBound, $0.1 + newRange.lowerBound) }
        var found: [(Int, Int)] = []
        found.reserveCapacity(matches.count)
        var oldNext = oldRange.lowerBound
        var newNext = newRange.lowerBound
        for (oldIndex, newIndex) in matches + [(oldRange.upperBound, newRange.upperBound)] {
            if oldNext < oldIndex, newNext < newIndex {
                found += pairs(Array(old.dropFirst()), Array(new.dropFirst()), oldNext..<oldIndex, newNext..<newIndex)
            }
            if oldIndex < oldRange.upperBound { found.append((oldIndex, newIndex)) }
            oldNext = oldIndex + 1
            newNext = newIndex + 1
        }
        return found
    }

    /// Hashes `tree` with each volatile value replaced by its kind.
    private static func hash(
        _ tree: PayloadComparison.Tree, into hasher: inout Hasher, placeholders: Placeholders,
        numbersMayBeVolatile: Bool, volatile: inout Bool
    ) {
        switch tree {
        case .scalar(.string(let text)):
            hasher.combine(0)
            for segment in PlaceholderBindings.segments(of: text, placeholders: placeholders) {
                switch segment {
                case .literal(let literal): hasher.combine(literal)
                case .volatile(_, let kind):
                    hasher.combine(-1 - kind)
                    volatile = true
                }
            }
        case .scalar(.number) where numbersMayBeVolatile:
            // A number at a declared field is a volatile value, hashed by its kind as a string's is.
            hasher.combine(1)
            for segment in PlaceholderBindings.segments(of: tree.text, placeholders: placeholders) {
                switch segment {
                case .literal(let literal): hasher.combine(literal)
                case .volatile(_, let kind):
                    hasher.combine(-1 - kind)
                    volatile = true
                }
            }
        case .scalar(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .array(let elements):
            hasher.combine(2)
            hasher.combine(elements.count)
            for element in elements {
                hash(
                    element, into: &hasher, placeholders: placeholders, numbersMayBeVolatile: numbersMayBeVolatile,
                    volatile: &volatile)
            }
        case .object(let members):
            hasher.combine(3)
            hasher.combine(members.count)
            for (key, value) in members {
                hasher.combine(key)
                hash(
                    value, into: &hasher, placeholders: placeholders, numbersMayBeVolatile: numbersMayBeVolatile,
                    volatile: &volatile)
            }
        }
    }
}

extension EventFingerprints {
    /// Whether the payloads at `old` and `new` are equal without a volatile
    /// value: then there is nothing for the field-by-field comparison to find.
    static func plainlyEqual(_ oldSide: EventFingerprints, _ old: Int, _ newSide: EventFingerprints, _ new: Int) -> Bool {
        oldSide.exact[old] == newSide.exact[new] && !oldSide.hasVolatileValues[old] && !newSide.hasVolatileValues[new]
            && oldSide.trees[old] == newSide.trees[new]
    }
}
