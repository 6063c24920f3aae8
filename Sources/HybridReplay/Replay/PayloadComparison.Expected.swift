extension PayloadComparison {
    /// A recorded payload's tree prepared for comparison: each string already
    /// split into literal text and volatile values.
    ///
    /// The cassette does not change while it is replayed, so a replay
    /// prepares each recorded effect once, before it starts, instead of
    /// scanning the same strings again, under its lock, every time an effect
    /// is compared with it.
    indirect enum Expected: Sendable {
        case string(String, segments: [PlaceholderBindings.Segment])
        /// Any value but a string.
        case scalar(JSONValue)
        /// The members, and the object as a tree for reports.
        case object([(String, Expected)], Tree)
        /// The elements, and the array as a tree for reports.
        case array([Expected], Tree)

        init(_ tree: Tree, placeholders: Placeholders) {
            switch tree {
            case .scalar(.string(let text)):
                self = .string(text, segments: PlaceholderBindings.segments(of: text, placeholders: placeholders))
            case .scalar(let value):
                self = .scalar(value)
            case .object(let members):
                self = .object(members.map { ($0.0, Expected($0.1, placeholders: placeholders)) }, tree)
            case .array(let elements):
                self = .array(elements.map { Expected($0, placeholders: placeholders) }, tree)
            }
        }

        /// The recorded payload `payload`, prepared.
        init(of payload: any EventPayload, placeholders: Placeholders) {
            self.init(PayloadComparison.tree(of: payload), placeholders: placeholders)
        }

        /// The tree this was prepared from.
        var tree: Tree {
            switch self {
            case .string(let text, _): .scalar(.string(text))
            case .scalar(let value): .scalar(value)
            case .object(_, let tree), .array(_, let tree): tree
            }
        }

        var text: String { tree.text }
    }
}
