/// What one replay plays: the cassette and the indexes the engine works out
/// from it once, which never change while it plays.
///
/// Every part of the engine reads it without a lock: the matcher, the
/// scheduler and the report.
final class ReplayScript: Sendable {
    let cassette: Cassette
    let options: ReplayOptions
    /// Stimuli in timeline order.
    let stimuli: [Event]
    /// For each index into ``stimuli`` (and one past the end), the id of the
    /// first stimulus from there on that answers no effect, or `Int.max`.
    let firstUnsolicitedID: [Int]
    /// Effect ids in timeline order.
    let effectIDs: [Int]
    /// Effect ids by cause (0 for effects without one), in timeline order.
    let effectsByCause: [Int: [Int]]
    /// The stimulus that answers each effect that has an answer.
    let answerForEffect: [Int: Int]
    /// The cassette's events, found by id with ``index(of:)``.
    private let events: [Event]
    /// The index of the first event with each id, unless the ids are 1, 2, 3… in order.
    private let indexByID: [Int: Int]?
    /// The recorded effects prepared for comparison, and which stimuli hold volatile values.
    let prepared: PreparedEvents
    /// Whether the cassette records app code setting the location delegate
    /// (`location.delegate`). One recorded before that kind existed does
    /// not, and a replay of it neither checks the setting nor links the
    /// authorization a new delegate hears to it.
    let recordsLocationDelegate: Bool
    /// The authorization the device had before the session: what the first
    /// recorded authorization reports, unless it answers a request or a
    /// request was recorded before it, which is only made while the status
    /// is not determined (a delegate set after the request hears its outcome).
    let initialLocationStatus: AuthorizationStatus
    /// The accuracy authorization the device had before the session: what the
    /// first recorded authorization reports.
    let initialLocationAccuracy: AccuracyAuthorization?
    /// The set-up effects without a cause that may happen before the
    /// stimuli recorded ahead of them were delivered: app code setting a
    /// location delegate (`location.delegate`, set). See ``ReplayProgress/isDue(_:_:)``.
    let setsUpAhead: Set<Int>
    /// Whether the run explores (see `Replayer+Exploring.swift`): stimuli are
    /// delivered and effects collected without judging them against the recording.
    let explores: Bool

    /// - Parameters:
    ///   - prepared: The cassette's events prepared for `options`'
    ///     placeholders, when a replay repeated several times prepared them once.
    ///   - explores: Whether the run explores instead of judging.
    init(cassette: Cassette, options: ReplayOptions, prepared: PreparedEvents? = nil, explores: Bool = false) {
        self.cassette = cassette
        self.options = options
        self.explores = explores
        let events = cassette.events
        var stimuli: [Event] = []
        var effectIDs: [Int] = []
        var byCause: [Int: [Int]] = [:]
        var answers: [Int: Int] = [:]
        var recordsLocationDelegate = false
        var initialLocationStatus: AuthorizationStatus?
        var initialLocationAccuracy: AccuracyAuthorization?
        var setsUpAhead: Set<Int> = []
        // An authorization request recorded before the first authorization heard: it was
        // made while the status was not determined, whatever that authorization then says.
        var requestedBeforeHearing = false
        // By index: a loop variable would copy every event.
        for index in events.indices {
            let id = events[index].id
            if events[index].direction == .effect {
                effectIDs.append(id)
                byCause[events[index].cause ?? 0, default: []].append(id)
                if events[index].payload is LocationAuthorizationRequest { requestedBeforeHearing = true }
                if events[index].cause == nil, let change = events[index].payload as? LocationDelegateChange, change.isSet {
                    setsUpAhead.insert(id)
                }
            } else {
                stimuli.append(events[index])
                if let answered = events[index].answers, answers[answered] == nil { answers[answered] = id }
                if initialLocationStatus == nil, let change = events[index].payload as? LocationAuthorizationChange {
                    let answersRequest = events[index].answers.flatMap { answered in
                        events.first { $0.id == answered }.map { $0.payload is LocationAuthorizationRequest }
                    }
                    initialLocationStatus = answersRequest == true || requestedBeforeHearing ? .notDetermined : change.status
                    initialLocationAccuracy = change.accuracy
                }
            }
            if events[index].payload is LocationDelegateChange { recordsLocationDelegate = true }
        }
        self.stimuli = stimuli
        var firstUnsolicited = Array(repeating: Int.max, count: stimuli.count + 1)
        for index in stimuli.indices.reversed() {
            firstUnsolicited[index] = stimuli[index].answers == nil ? stimuli[index].id : firstUnsolicited[index + 1]
        }
        firstUnsolicitedID = firstUnsolicited
        self.effectIDs = effectIDs
        effectsByCause = byCause
        answerForEffect = answers
        self.recordsLocationDelegate = recordsLocationDelegate
        self.setsUpAhead = setsUpAhead
        self.initialLocationStatus = initialLocationStatus ?? .notDetermined
        self.initialLocationAccuracy = initialLocationAccuracy
        self.events = events
        self.prepared = prepared ?? PreparedEvents(events, placeholders: options.placeholders)
        if events.indices.allSatisfy({ events[$0].id == $0 + 1 }) {
            indexByID = nil
        } else {
            var byID: [Int: Int] = [:]
            for (index, event) in events.enumerated() where byID[event.id] == nil { byID[event.id] = index }
            indexByID = byID
        }
    }

    /// Where the first event with `id` is in the cassette.
    func index(of id: Int) -> Int? {
        guard let indexByID else { return id >= 1 && id <= events.count ? id - 1 : nil }
        return indexByID[id]
    }

    func event(_ id: Int) -> Event? { index(of: id).map { events[$0] } }

    /// The cause of event `id`, read without copying the event.
    func cause(of id: Int) -> Int? { index(of: id).flatMap { events[$0].cause } }

    /// The effect event `id` answers, read without copying the event.
    func answered(by id: Int) -> Int? { index(of: id).flatMap { events[$0].answers } }

    /// One line naming an event, for reports.
    func describe(_ id: Int) -> String {
        guard let event = event(id) else { return "event \(id)" }
        return "event \(id) (\(event.kind)" + (event.payload.summary.isEmpty ? ")" : " \(event.payload.summary))")
    }

    /// `event 3 (summary)` when event `id` is of `kind`, else `event 3`: how a settlement names its cause.
    func describe(_ id: Int, as kind: EventKind) -> String {
        guard let event = event(id), event.kind == kind else { return "event \(id)" }
        return "event \(id) (\(event.payload.summary))"
    }

    /// The unsolicited stimulus an effect ultimately follows from: its cause,
    /// or, when that is an answer, the cause of the call it answers, and so on.
    func rootCause(of effect: Event) -> Int? {
        var cause = effect.cause
        var steps = 0
        while let current = cause, let call = answered(by: current), steps < 64 {
            cause = self.cause(of: call) ?? current
            if cause == current { break }
            steps += 1
        }
        return cause
    }

    /// Whether `effect` follows from another delivery of the stimulus
    /// `stimulus`: its root cause (``rootCause(of:)``) is another unsolicited
    /// stimulus of the same kind and payload, the page posting the same
    /// message twice, a link tapped twice.
    func isAnotherDelivery(of stimulus: Int, rootCauseOf effect: Event) -> Bool {
        guard let root = rootCause(of: effect), root != stimulus, let rootIndex = index(of: root), let index = index(of: stimulus)
        else { return false }
        let (first, second) = (events[rootIndex], events[index])
        return first.direction == .stimulus && second.direction == .stimulus && first.answers == nil && second.answers == nil
            && first.kind == second.kind && first.payload.isEqual(to: second.payload)
    }
}

extension ReplayScript {
    /// Event `id` as an issue names it: `event 3 (kind summary)`, as ``describe(_:)`` says it.
    func reference(_ id: Int) -> ReplayIssue.EventReference {
        guard let event = event(id) else { return ReplayIssue.EventReference(id: id, kind: nil, summary: "", style: .id) }
        return ReplayIssue.EventReference(id: id, kind: event.kind, summary: event.payload.summary, style: .kindAndSummary)
    }

    /// Event `id` as a settlement names its cause: `event 3 (summary)` when
    /// it is of `kind`, else `event 3`, as ``describe(_:as:)`` says it.
    func reference(_ id: Int, as kind: EventKind) -> ReplayIssue.EventReference {
        guard let event = event(id) else { return ReplayIssue.EventReference(id: id, kind: nil, summary: "", style: .id) }
        return ReplayIssue.EventReference(
            id: id, kind: event.kind, summary: event.payload.summary, style: event.kind == kind ? .summary : .id)
    }
}
