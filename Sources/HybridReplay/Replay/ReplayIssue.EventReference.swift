extension ReplayIssue {
    /// A recorded event an issue names, as structure: its id, its kind and
    /// its one-line summary; ``description`` is how reports name it, such as
    /// `event 3 (navigation.action navigate://present?r=255)`.
    public struct EventReference: Sendable, Hashable, CustomStringConvertible {
        /// The event's id in the cassette.
        public var id: Int
        /// The event's channel and kind, or `nil` when the cassette has no event `id`.
        public var kind: EventKind?
        /// The event's payload in one line, as `cassette show` prints it.
        public var summary: String
        /// How the description names the event.
        package var style: Style

        /// How a report names an event.
        package enum Style: Sendable, Hashable {
            /// `event 3 (navigation.action summary)`, the way most sentences name an event.
            case kindAndSummary
            /// `event 3 (summary)`, the way a settlement names the stimulus it settles.
            case summary
            /// `event 3`, for an event that is not of the kind the sentence speaks of.
            case id
        }

        package init(id: Int, kind: EventKind?, summary: String, style: Style) {
            self.id = id
            self.kind = kind
            self.summary = summary
            self.style = style
        }

        public var description: String {
            switch style {
            case .kindAndSummary:
                guard let kind else { return "event \(id)" }
                return "event \(id) (\(kind)" + (summary.isEmpty ? ")" : " \(summary))")
            case .summary:
                return summary.isEmpty ? "event \(id)" : "event \(id) (\(summary))"
            case .id:
                return "event \(id)"
            }
        }
    }
}
