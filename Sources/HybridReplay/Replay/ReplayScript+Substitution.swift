/// Playing stimuli back with the values this run bound their volatile values to.
extension ReplayScript {
    /// The payload `stimulus` is played back with: as recorded unless it holds a volatile value.
    func playedBack(_ stimulus: Event, bindings: inout PlaceholderBindings) -> any EventPayload {
        guard let index = index(of: stimulus.id) else {
            return substitute(stimulus.payload, eventID: stimulus.id, bindings: &bindings)
        }
        guard let prepared = prepared.volatileStimulus(at: index) else { return stimulus.payload }
        return substituteVolatileValues(prepared, of: stimulus.payload, eventID: stimulus.id, bindings: &bindings)
    }

    /// `payload` with its volatile values replaced by what they are bound to.
    func substitute(_ payload: any EventPayload, eventID: Int, bindings: inout PlaceholderBindings) -> any EventPayload {
        let node = EventCoding.payloadNode(payload)
        // Most stimuli hold no volatile value: nothing in them can change or bind.
        guard PreparedEvents.holdsVolatileValue(node, options.placeholders) else { return payload }
        let prepared = PayloadComparison.Expected(node, placeholders: options.placeholders)
        return substituteVolatileValues(prepared, of: payload, eventID: eventID, bindings: &bindings)
    }

    /// `payload`, prepared as `prepared`, with its volatile values replaced by
    /// what they are bound to, strings in the order of its tree.
    private func substituteVolatileValues(
        _ prepared: PayloadComparison.Expected, of payload: any EventPayload, eventID: Int,
        bindings: inout PlaceholderBindings
    ) -> any EventPayload {
        /// The rewritten tree, or `nil` when nothing in it changed.
        func rewrite(_ node: PayloadComparison.Expected) -> PayloadComparison.Tree? {
            switch node {
            case .string(let text, let segments):
                let replaced = bindings.substitute(
                    text, segments: segments, eventID: eventID, placeholders: options.placeholders)
                return replaced == text ? nil : .scalar(.string(replaced))
            case .scalar:
                return nil
            case .object(let members):
                let replaced = members.indices.compactMap { index in rewrite(members[index].1).map { (index, $0) } }
                guard !replaced.isEmpty else { return nil }
                var rewritten = members.map { ($0.0, $0.1.tree) }
                for (index, tree) in replaced { rewritten[index].1 = tree }
                return .object(rewritten)
            case .array(let elements):
                let replaced = elements.indices.compactMap { index in rewrite(elements[index]).map { (index, $0) } }
                guard !replaced.isEmpty else { return nil }
                var rewritten = elements.map(\.tree)
                for (index, tree) in replaced { rewritten[index] = tree }
                return .array(rewritten)
            }
        }
        guard let rewritten = rewrite(prepared) else { return payload }
        return EventCoding.payload(rewritten.json, like: payload) ?? payload
    }
}

extension EventCoding {
    /// A payload of `original`'s kind read back from `value`, or `nil` when it does not read.
    static func payload(_ value: JSONValue, like original: any EventPayload) -> (any EventPayload)? {
        if let custom = original as? CustomEvent {
            guard case .object(let fields) = value else { return nil }
            return CustomEvent(name: custom.name, direction: custom.direction, fields: fields)
        }
        guard let type = PayloadRegistry.byKind[original.kind] else { return nil }
        var problems: [CassetteProblem] = []
        guard var reader = FieldReader(value, path: JSONPath(), problems: &problems) else { return nil }
        let payload = type.read(&reader)
        reader.finish()
        return reader.problems.isEmpty ? payload : nil
    }
}
