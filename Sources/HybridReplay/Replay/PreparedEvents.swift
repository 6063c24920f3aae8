/// What a replay works out once from its cassette, which does not change
/// while it plays: each recorded effect's payload prepared for comparison,
/// and which stimuli hold a volatile value.
///
/// The engine prepares them before the run starts, so neither a comparison
/// nor a delivery scans recorded strings for volatile values again while it
/// holds the engine's lock, which the implementation's tasks wait for.
struct PreparedEvents: Sendable {
    /// By index in the cassette: each effect's prepared payload, `nil` for a stimulus.
    private let effects: [PayloadComparison.Expected?]
    /// By index in the cassette: the prepared payload of each stimulus that
    /// holds a volatile value, `nil` for other events.
    private let volatileStimuli: [PayloadComparison.Expected?]

    init(_ events: [Event], placeholders: Placeholders) {
        var effects: [PayloadComparison.Expected?] = []
        var volatileStimuli: [PayloadComparison.Expected?] = []
        effects.reserveCapacity(events.count)
        volatileStimuli.reserveCapacity(events.count)
        // By index: a loop variable would copy every event.
        for index in events.indices {
            if events[index].direction == .effect {
                let node = EventCoding.payloadNode(ComparedForm.of(events[index].payload))
                effects.append(PayloadComparison.Expected(node, placeholders: placeholders))
                volatileStimuli.append(nil)
            } else {
                let node = EventCoding.payloadNode(events[index].payload)
                effects.append(nil)
                volatileStimuli.append(
                    Self.holdsVolatileValue(node, placeholders) ? PayloadComparison.Expected(node, placeholders: placeholders) : nil)
            }
        }
        self.effects = effects
        self.volatileStimuli = volatileStimuli
    }

    /// The prepared payload of the effect at `index` in the cassette.
    func expected(at index: Int) -> PayloadComparison.Expected? { effects[index] }

    /// The prepared payload of the stimulus at `index` in the cassette, or
    /// `nil` when it holds no volatile value: then it is played back as
    /// recorded and binds nothing.
    func volatileStimulus(at index: Int) -> PayloadComparison.Expected? { volatileStimuli[index] }

    /// Whether a string anywhere in `node` holds a value of a volatile kind.
    static func holdsVolatileValue(_ node: CanonicalNode, _ placeholders: Placeholders) -> Bool {
        switch node {
        case .value(let value): holdsVolatileValue(value, placeholders)
        case .object(let members): members.contains { holdsVolatileValue($0.1, placeholders) }
        case .array(let elements): elements.contains { holdsVolatileValue($0, placeholders) }
        }
    }

    private static func holdsVolatileValue(_ value: JSONValue, _ placeholders: Placeholders) -> Bool {
        switch value {
        case .string(let text): placeholders.findsAny(in: text)
        case .object(let members): members.values.contains { holdsVolatileValue($0, placeholders) }
        case .array(let elements): elements.contains { holdsVolatileValue($0, placeholders) }
        default: false
        }
    }
}
