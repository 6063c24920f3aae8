/// Reads and writes the envelope every event shares — id, channel,
/// direction, kind, cause, answers, strand, at — and dispatches the payload to its type.
enum EventCoding {
    /// Decodes one event, recording every problem under `path`.
    static func read(_ value: JSONValue, path: JSONPath, problems: inout [CassetteProblem]) -> Event? {
        guard var reader = FieldReader(value, path: path, problems: &problems) else { return nil }
        defer {
            reader.finish()
            problems += reader.problems
        }
        let id = reader.integer("id")
        let channelName = reader.string("channel")
        let direction = reader.string("direction")
        let kindName = reader.string("kind")
        let cause = reader.integer("cause", required: false)
        let answers = reader.integer("answers", required: false)
        let strand = reader.integer("strand", required: false)
        let at = reader.number("at")

        var parsedDirection: Direction?
        if let direction {
            parsedDirection = Direction(rawValue: direction)
            if parsedDirection == nil {
                reader.report("direction", "unknown direction '\(direction)'; expected 'stimulus' or 'effect'")
            }
        }
        guard let channelName else { return nil }
        let channel = Channel(rawValue: channelName)
        guard Channel.known.contains(channel) else {
            let known = Channel.known.map { "'\($0)'" }.joined(separator: ", ")
            reader.report("channel", "unknown channel '\(channelName)'; expected one of \(known)")
            _ = reader.value("payload", required: false)
            return nil
        }
        guard let kindName else { return nil }

        let payload: (any EventPayload)?
        if channel == .custom {
            if kindName.isEmpty { reader.report("kind", "a custom event needs a non-empty kind") }
            let fields = reader.object("payload")
            if let fields, let parsedDirection {
                payload = CustomEvent(name: kindName, direction: parsedDirection, fields: fields)
            } else {
                payload = nil
            }
        } else if let type = PayloadRegistry.byKind[EventKind(channel, kindName)] {
            payload = reader.nested("payload") { type.read(&$0) }
            if let parsedDirection, parsedDirection != type.eventDirection {
                reader.report(
                    "direction",
                    "\(channel).\(kindName) is \(type.eventDirection == .effect ? "an effect" : "a stimulus"), not \(parsedDirection == .effect ? "an effect" : "a stimulus")"
                )
            }
        } else {
            let known = PayloadRegistry.kindNames(of: channel).map { "'\($0)'" }.joined(separator: ", ")
            reader.report("kind", "unknown kind '\(kindName)' on channel '\(channel)'; expected one of \(known)")
            _ = reader.value("payload", required: false)
            payload = nil
        }
        guard let id, let at, let payload, parsedDirection != nil else { return nil }
        return Event(id: id, at: at, cause: cause, answers: answers, strand: strand, payload: payload)
    }

    /// The event in canonical member order.
    static func node(for event: Event) -> CanonicalNode {
        var writer = FieldWriter()
        writer.write("id", event.id)
        writer.write("channel", event.channel.rawValue)
        writer.write("direction", event.direction.rawValue)
        writer.write("kind", event.kind.name)
        writer.write("cause", event.cause)
        writer.write("answers", event.answers)
        writer.write("strand", event.strand)
        writer.write("at", event.at)
        writer.write("payload", payloadNode(event.payload))
        return writer.node
    }

    /// Why `payload` cannot be written, or `nil` when the format knows its type.
    ///
    /// ``EventPayload`` is public so events can be read generically; only the
    /// format's own payload types and ``CustomEvent`` can be written.
    static func unknownPayloadProblem(_ payload: any EventPayload) -> String? {
        if payload is any StandardPayload || payload is CustomEvent { return nil }
        return "a payload of type \(type(of: payload)) (kind \(payload.kind)) is not one the cassette format knows; "
            + "record events of your own seams as CustomEvent"
    }

    static func payloadNode(_ payload: any EventPayload) -> CanonicalNode {
        if let standard = payload as? any StandardPayload {
            var writer = FieldWriter()
            standard.write(&writer)
            return writer.node
        }
        if let custom = payload as? CustomEvent {
            return .value(.object(custom.fields))
        }
        // Unreachable through the writer, which refuses unknown payloads
        // before printing; a marker rather than `{}` if it is ever reached.
        return .value(.object(["$unknownPayloadType": .string("\(type(of: payload))")]))
    }
}
