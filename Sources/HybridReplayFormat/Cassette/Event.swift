/// One crossing of a seam: a stimulus played back on replay or an effect
/// verified on replay.
public struct Event: Sendable {
    /// The sequence number, increasing through the cassette.
    public var id: Int
    /// Seconds since the recording started.
    public var at: Double
    /// The id of the stimulus that led to this event.
    public var cause: Int?
    /// The id of the effect this stimulus answers (an HTTP response answers
    /// its request); it is delivered when that effect happens.
    public var answers: Int?
    /// Which of the concurrent child tasks of one cause made this effect
    /// (`async let`, a task group's child), numbered from 1 in the order
    /// they first made an effect of that cause; `nil` for an effect made
    /// outside such a task, or when one child task alone made effects of that cause.
    ///
    /// Effects of one cause keep their recorded order on replay, except that
    /// effects of two different strands may come in either order: sibling
    /// child tasks run at the same time, and the order the platform saw their
    /// calls in is not the app's to keep. Each strand keeps its own order,
    /// and an effect without a strand keeps its place against every other.
    public var strand: Int?
    /// What crossed the seam.
    public var payload: any EventPayload

    public init(
        id: Int, at: Double, cause: Int? = nil, answers: Int? = nil, strand: Int? = nil, payload: any EventPayload
    ) {
        self.id = id
        self.at = at
        self.cause = cause
        self.answers = answers
        self.strand = strand
        self.payload = payload
    }

    public var kind: EventKind { payload.kind }
    public var channel: Channel { payload.kind.channel }
    public var direction: Direction { payload.direction }

    /// The payload as `type`, or `nil` when the event is of another kind.
    public func payload<T: EventPayload>(as type: T.Type) -> T? { payload as? T }
}

extension Event: Hashable {
    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.id == rhs.id && lhs.at == rhs.at && lhs.cause == rhs.cause && lhs.answers == rhs.answers
            && lhs.strand == rhs.strand            && lhs.payload.isEqual(to: rhs.payload)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(at)
        hasher.combine(cause)
        hasher.combine(answers)
        hasher.combine(strand)
        payload.hash(into: &hasher)
    }
}
