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
        /// A script message handler was added under a name that already has
        /// one in that content world, which `WKUserContentController` raises
        /// `NSInvalidArgumentException` for.
        public static let scriptHandlerAddedTwice = Kind(rawValue: "script message handler added twice")
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
    /// The recorded stimulus the issue is about: the one an effect follows,
    /// the navigation action a decision settles, the stimulus the
    /// implementation was reacting to.
    public var cause: EventReference?
    /// Another recorded event the issue points at: the one an effect
    /// repeats, the one that was due first, the recorded settlement that
    /// never came, the call whose answer could not be delivered, the
    /// stimulus in reaction to which this run made an effect recorded after another.
    public var relatedEvent: EventReference?
    /// A call the recording made that has not happened, when the issue
    /// follows from it: the effect came before the answer to that call (an
    /// upload skipped, its result used anyway).
    public var missingCall: EventReference?
    /// What the recording has, in one line, when the issue compares one
    /// value: the recorded decision, reply or answer, the first settlement.
    public var expected: String?
    /// What happened instead, in one line: the decision made, the second settlement.
    public var found: String?
    /// Expected against actual, field by field, each with its field path.
    public var differences: [FieldDifference]
    /// The effect that happened, in one line, when the issue is about one.
    public var actual: String?
    /// The recorded event nearest to what happened, in one line, when nothing matched.
    public var nearestCandidate: String?
    /// What to do about it, such as `call decisionHandler exactly once`.
    public var hint: String?
    /// What the implementation was doing when the replay judged an effect
    /// missing, when it judged one.
    public var stall: Stall?
    /// How many later events were not replayed after this issue stopped the run.
    public var unreplayedEvents: Int
    /// What the issue was reported as before the effect came late: a
    /// ``Kind/lateEffect`` keeps the kind it replaced here.
    public var reportedAs: Kind?
    /// Whether the late effect (or a repeated settlement) came from work the
    /// replay follows, once the end of the run had woken what it waited for on
    /// the replay (a sleep on the replay's clock, a call the cassette does not
    /// answer) with a cancellation or a failure; otherwise a late effect came
    /// from work the replay could not see.
    package var cameOnceWokenByEnd = false
    /// Whether ``missingCall`` was made after all, later in the run: the
    /// effect came early rather than the call going missing.
    package var missingCallCameLater = false
    /// Which sentence renders the issue; a renderer's business, not the structure's.
    package var statement: Statement

    /// An issue of the web half or of an extension, told in one sentence.
    ///
    /// - Parameters:
    ///   - kind: What kind of divergence it is.
    ///   - eventID: The cassette event it is about.
    ///   - eventKind: That event's kind, or the kind of what happened.
    ///   - message: One sentence saying what happened; reports show it as it is.
    ///   - differences: Expected against actual, field by field.
    ///   - actual: What happened, in one line.
    ///   - nearestCandidate: The recorded event nearest to what happened, in one line.
    public init(
        kind: Kind, eventID: Int?, eventKind: EventKind?, message: String, differences: [FieldDifference] = [],
        actual: String? = nil, nearestCandidate: String? = nil
    ) {
        self.init(
            kind: kind, eventID: eventID, eventKind: eventKind, statement: .told(message), differences: differences,
            actual: actual, nearestCandidate: nearestCandidate)
    }

    /// An issue the replay decided, told by ``statement`` from its fields.
    package init(
        kind: Kind, eventID: Int?, eventKind: EventKind?, statement: Statement, cause: EventReference? = nil,
        relatedEvent: EventReference? = nil, expected: String? = nil, found: String? = nil,
        differences: [FieldDifference] = [], actual: String? = nil, nearestCandidate: String? = nil,
        hint: String? = nil, stall: Stall? = nil, missingCall: EventReference? = nil
    ) {
        self.kind = kind
        self.eventID = eventID
        self.eventKind = eventKind
        self.statement = statement
        self.cause = cause
        self.relatedEvent = relatedEvent
        self.missingCall = missingCall
        self.expected = expected
        self.found = found
        self.differences = differences
        self.actual = actual
        self.nearestCandidate = nearestCandidate
        self.hint = hint
        self.stall = stall
        self.unreplayedEvents = 0
        self.reportedAs = nil
    }

    /// One sentence saying what happened, as the console shows it.
    ///
    /// Rendered from the fields by ``ConsoleIssueRenderer``; setting it
    /// replaces the sentence with the text given, which reports then show as it is.
    public var message: String {
        get { ConsoleIssueRenderer.message(of: self) }
        set {
            statement = .told(newValue)
            unreplayedEvents = 0
            reportedAs = nil
        }
    }

    /// The headline: event, channel and kind, then the message.
    public var headline: String { ConsoleIssueRenderer.headline(of: self) }

    public var description: String { ConsoleIssueRenderer.lines(of: self).joined(separator: "\n") }
}
