extension PayloadComparison {
    /// A recorded payload's tree prepared for comparison: each string already
    /// split into literal text and volatile values.
    ///
    /// The cassette does not change while it is replayed, so a replay
    /// prepares each recorded event once, before it starts, instead of
    /// scanning the same strings again, under its lock, every time an effect
    /// is compared with it. Objects keep the order of ``Tree``.
    indirect enum Expected: Sendable {
        case string(String, segments: [PlaceholderBindings.Segment])
        /// Any value but a string.
        case scalar(JSONValue)
        case object([(String, Expected)])
        case array([Expected])

        init(_ node: CanonicalNode, placeholders: Placeholders) {
            switch node {
            case .value(let value): self.init(value, placeholders: placeholders)
            case .object(let members): self = .object(members.map { ($0.0, Expected($0.1, placeholders: placeholders)) })
            case .array(let elements): self = .array(elements.map { Expected($0, placeholders: placeholders) })
            }
        }

        init(_ value: JSONValue, placeholders: Placeholders) {
            switch value {
            case .string(let text):
                self = .string(text, segments: PlaceholderBindings.segments(of: text, placeholders: placeholders))
            case .object(let members):
                // The order of `Tree(_:)`, so values are compared and bound in the same order.
                self = .object(
                    members.sorted { $0.key < $1.key }.map { ($0.key, Expected($0.value, placeholders: placeholders)) })
            case .array(let elements):
                self = .array(elements.map { Expected($0, placeholders: placeholders) })
            default:
                self = .scalar(value)
            }
        }

        init(_ tree: Tree, placeholders: Placeholders) {
            switch tree {
            case .scalar(.string(let text)):
                self = .string(text, segments: PlaceholderBindings.segments(of: text, placeholders: placeholders))
            case .scalar(let value): self = .scalar(value)
            case .object(let members): self = .object(members.map { ($0.0, Expected($0.1, placeholders: placeholders)) })
            case .array(let elements): self = .array(elements.map { Expected($0, placeholders: placeholders) })
            }
        }

        /// The recorded payload `payload`, prepared.
        init(of payload: any EventPayload, placeholders: Placeholders) {
            self.init(EventCoding.payloadNode(payload), placeholders: placeholders)
        }

        /// The tree this was prepared from, for reports and the rare comparison of unlike values.
        var tree: Tree {
            switch self {
            case .string(let text, _): .scalar(.string(text))
            case .scalar(let value): .scalar(value)
            case .object(let members): .object(members.map { ($0.0, $0.1.tree) })
            case .array(let elements): .array(elements.map(\.tree))
            }
        }

        var text: String { tree.text }
    }
}
