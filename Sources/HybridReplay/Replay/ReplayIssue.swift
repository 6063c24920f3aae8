/// One way an implementation diverged from a cassette.
public struct ReplayIssue: Sendable, Hashable, CustomStringConvertible {
    /// What kind of divergence it is.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// An effect happened that differs from every effect due.
        public static let unexpectedEffect = Kind(rawValue: "unexpected effect")
        /// An effect the cassette expects did not happen.
        public static let missingEffect = Kind(rawValue: "missing effect")
        /// An effect happened before an earlier effect of the same cause.
        public static let effectOutOfOrder = Kind(rawValue: "effect out of order")
        /// An effect happened before the stimulus that causes it was delivered.
        public static let effectBeforeCause = Kind(rawValue: "effect before its cause")
        /// A navigation action was never decided.
        public static let decisionMissing = Kind(rawValue: "decision missing")
        /// A navigation action was decided more than once.
        public static let decisionRepeated = Kind(rawValue: "decision repeated")
        /// A message awaiting a reply got none.
        public static let replyMissing = Kind(rawValue: "reply missing")
        /// A message was replied to more than once.
        public static let replyRepeated = Kind(rawValue: "reply repeated")
        /// A JavaScript dialog was never answered.
        public static let answerMissing = Kind(rawValue: "answer missing")
        /// A JavaScript dialog was answered more than once.
        public static let answerRepeated = Kind(rawValue: "answer repeated")
        /// A scheme task the app started answering was never finished or failed.
        public static let schemeTaskUnfinished = Kind(rawValue: "scheme task unfinished")
        /// A scheme task was finished or failed more than once.
        public static let schemeTaskRepeated = Kind(rawValue: "scheme task ended twice")
        /// A scheme task was answered out of order, after it ended, or after
        /// the page stopped it: calls `WKURLSchemeTask` raises an exception for.
        public static let schemeTaskMisuse = Kind(rawValue: "scheme task misuse")
        /// A stimulus could not be delivered or was never used.
        public static let unusedStimulus = Kind(rawValue: "unused stimulus")
        /// Web half: the page never did what the cassette records it doing
        /// (a message, a navigation, a dialog, an evaluation's result).
        public static let missingStimulus = Kind(rawValue: "missing stimulus")
        /// Web half: the page did something the cassette does not record, or
        /// did it differently.
        public static let unexpectedStimulus = Kind(rawValue: "unexpected stimulus")
        /// An effect the replay reported missing, which came after the report
        /// from work the replay could not see.
        public static let lateEffect = Kind(rawValue: "late effect")
        /// Setting up the implementation failed.
        public static let setUpFailed = Kind(rawValue: "set-up failed")

        public var description: String { rawValue }
    }

    public var kind: Kind
    /// The cassette event the issue is about, when there is one.
    public var eventID: Int?
    /// That event's channel and kind, or the kind of the effect that happened.
    public var eventKind: EventKind?
    /// One sentence saying what happened.
    public var message: String
    /// Expected against actual, field by field.
    public var differences: [FieldDifference]
    /// The effect that happened, in one line, when the issue is about one.
    public var actual: String?
    /// The recorded event nearest to what happened, in one line, when nothing matched.
    public var nearestCandidate: String?

    public init(
        kind: Kind, eventID: Int?, eventKind: EventKind?, message: String, differences: [FieldDifference] = [],
        actual: String? = nil, nearestCandidate: String? = nil
    ) {
        self.kind = kind
        self.eventID = eventID
        self.eventKind = eventKind
        self.message = message
        self.differences = differences
        self.actual = actual
        self.nearestCandidate = nearestCandidate
    }

    /// The headline: event, channel and kind, then the message.
    public var headline: String {
        var subject: [String] = []
        if let eventID { subject.append("event \(eventID)") }
        if let eventKind { subject.append("(\(eventKind))") }
        return (subject.isEmpty ? "" : subject.joined(separator: " ") + ": ") + message
    }

    public var description: String {
        var lines = [headline]
        lines += differences.map { "  \($0)" }
        if let actual { lines.append("  happened: \(actual)") }
        if let nearestCandidate { lines.append("  nearest recorded candidate: \(nearestCandidate)") }
        return lines.joined(separator: "\n")
    }
}
