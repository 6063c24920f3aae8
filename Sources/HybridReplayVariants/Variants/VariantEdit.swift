import HybridReplay

/// One change a variant makes to a recorded event: what a kind offers for
/// each of its events (see ``KindVariants``).
struct VariantEdit: Sendable {
    enum Change: Sendable {
        /// The event's payload, replaced.
        case replace(any EventPayload)
        /// Stimuli the platform sends right after the event, at its time.
        case insertAfter([any EventPayload])
        /// Stimuli the platform sends right before the event, at its time: what
        /// happened while an answer was on its way.
        case insertBefore([any EventPayload])
        /// Stimuli caused by the event, sent right after the recorded event
        /// with this id (the event itself, or an effect that follows it), at that event's time.
        case insertCaused([any EventPayload], after: Int)
        /// The event sent a second time, right after it.
        case duplicate
        /// The event and the recorded event with this id, in each other's place.
        case swap(with: Int)
    }

    /// The class of the change, as the variant id names it: `field`, `transport-error`, `duplicate`.
    var variantClass: String
    /// Which member of the class, such as `guid=null`; `nil` when the class has one.
    var argument: String?
    /// What the variant does, in a few words, for reports.
    var summary: String
    var change: Change

    init(_ variantClass: String, _ argument: String? = nil, _ summary: String, _ change: Change) {
        self.variantClass = variantClass
        self.argument = argument
        self.summary = summary
        self.change = change
    }

    /// The cassette's events with this change applied to the event at `index`,
    /// renumbered 1, 2, 3… with causes and answers following their events.
    func apply(to events: [Event], at index: Int) -> [Event] {
        var changed = events.map { Optional($0) }
        var inserted: [Int: [Event]] = [:]
        var insertedBefore: [Int: [Event]] = [:]
        let event = events[index]
        switch change {
        case .replace(let payload):
            changed[index]?.payload = payload
        case .insertAfter(let payloads):
            inserted[index] = payloads.map { Event(id: 0, at: event.at, payload: $0) }
        case .insertBefore(let payloads):
            insertedBefore[index] = payloads.map { Event(id: 0, at: event.at, payload: $0) }
        case .insertCaused(let payloads, let after):
            guard let afterIndex = events.firstIndex(where: { $0.id == after }) else { break }
            // The cause is the event's recorded id: the renumbering below follows it.
            inserted[afterIndex] = payloads.map { Event(id: 0, at: events[afterIndex].at, cause: event.id, payload: $0) }
        case .duplicate:
            inserted[index] = [Event(id: 0, at: event.at, payload: event.payload)]
        case .swap(let other):
            guard let otherIndex = events.firstIndex(where: { $0.id == other }) else { break }
            var first = events[otherIndex]
            var second = event
            (first.at, second.at) = (event.at, events[otherIndex].at)
            changed[index] = first
            changed[otherIndex] = second
        }
        var flat: [Event] = []
        var newID: [Int: Int] = [:]
        for position in changed.indices {
            for var extra in insertedBefore[position] ?? [] {
                extra.id = flat.count + 1
                flat.append(extra)
            }
            if var kept = changed[position] {
                let id = flat.count + 1
                if newID[kept.id] == nil { newID[kept.id] = id }
                kept.id = id
                flat.append(kept)
            }
            for var extra in inserted[position] ?? [] {
                extra.id = flat.count + 1
                flat.append(extra)
            }
        }
        // Swapped stimuli keep their ids' meaning: causes and answers follow the event they name.
        return flat.map { event in
            var event = event
            event.cause = event.cause.flatMap { newID[$0] }
            event.answers = event.answers.flatMap { newID[$0] }
            return event
        }
    }
}
