/// Checks what a cassette means across events: ids, causes, answers, the
/// one-decision and one-reply rules, and the order of a scheme task's answer.
///
/// The reader runs it on every cassette it reads; recorders run it before
/// writing.
public enum CassetteValidator {
    /// Which effect kinds a stimulus of `kind` may answer, and whether it must: its description's ``AnswerRule``.
    private static func answerRule(_ kind: EventKind) -> (answers: Set<EventKind>, required: Bool)? {
        switch PayloadRegistry.description(of: kind)?.answerRule {
        case nil, AnswerRule.none?: nil
        case .answers(let kinds, let required)?: (kinds, required)
        }
    }

    /// The stimulus kind an effect of `kind` must name as its cause, once per stimulus: its description's ``CauseRule``.
    private static func onePerCause(_ kind: EventKind) -> (cause: EventKind, noun: String)? {
        switch PayloadRegistry.description(of: kind)?.causeRule {
        case nil, .free?: nil
        case .onePer(let kind, let noun)?: (kind, noun)
        }
    }

    /// Every problem in `cassette`, in event order.
    public static func problems(in cassette: Cassette) -> [CassetteProblem] {
        var problems: [CassetteProblem] = []
        if cassette.header.name.isEmpty {
            problems.append(CassetteProblem(path: JSONPath([.key("name")]), message: "the cassette name is empty"))
        }
        if let message = CassetteMigration.problem(forVersion: cassette.header.formatVersion) {
            problems.append(CassetteProblem(path: JSONPath([.key("formatVersion")]), message: message))
        }
        var byID = EarlierEvents(cassette.events)
        var answeredBy: [Int: Int] = [:]
        var consequence: [EventKind: [Int: Int]] = [:]
        var previous: Event?
        var schemeTasks = URLSchemeTaskRules()
        // A replay's trace holds what the implementation did, a second reply or a scheme task answered
        // after it ended included (the misuse its report names): it must read, so it can be diffed.
        let recordsMisuse = cassette.header.recordedBy.writesReplayTrace
        for (index, event) in cassette.events.enumerated() {
            func report(_ key: String, _ message: String) {
                problems.append(CassetteProblem(path: JSONPath([.key("events"), .index(index), .key(key)]), message: message))
            }
            if event.id < 1 { report("id", "event id \(event.id) must be 1 or more") }
            if let message = EventCoding.unknownPayloadProblem(event.payload) { report("payload", message) }
            if let previous {
                if event.id <= previous.id {
                    report("id", "event id \(event.id) does not increase; the event before it is \(previous.id)")
                }
                if event.at < previous.at {
                    report("at", "'at' \(CanonicalNumber.text(event.at)) is earlier than event \(previous.id)'s \(CanonicalNumber.text(previous.at))")
                }
            }
            if !event.at.isFinite {
                report("at", "'at' must be a finite number of seconds")
            } else if event.at < 0 {
                report("at", "'at' is \(CanonicalNumber.text(event.at)) seconds; it must not be negative")
            }
            if let strand = event.strand {
                if event.direction != .effect {
                    report("strand", "a stimulus has no strand; 'strand' names the child task that made an effect")
                } else if strand < 1 {
                    report("strand", "strand \(strand) must be 1 or more")
                } else if cassette.header.formatVersion < 2 {
                    report(
                        "strand",
                        "'strand' needs format version 2; this cassette is version \(cassette.header.formatVersion); set its 'formatVersion' to 2")
                }
            }
            if let cause = event.cause {
                if let target = byID[cause] {
                    if target.direction != .stimulus {
                        report("cause", "cause \(cause) is an effect (\(target.kind)); a cause names the stimulus that led to this event")
                    }
                } else {
                    report("cause", "cause \(cause) does not name an earlier event")
                }
            }
            checkAnswers(event, byID: byID, answeredBy: &answeredBy, report: report)
            if !recordsMisuse { schemeTasks.check(event, causeKind: event.cause.flatMap { byID[$0]?.kind }, report: report) }
            if let rule = onePerCause(event.kind) {
                if let cause = event.cause, let target = byID[cause], target.kind == rule.cause {
                    if let earlier = consequence[event.kind]?[cause] {
                        if !recordsMisuse {
                            report("cause", "\(rule.cause) \(cause) already has \(rule.noun) (event \(earlier)); it gets exactly one")
                        }
                    } else {
                        consequence[event.kind, default: [:]][cause] = event.id
                    }
                    if let message = target.payload(as: ScriptMessage.self), !message.expectsReply {
                        report("cause", "script.message \(cause) does not expect a reply")
                    }
                } else if event.cause.map({ byID[$0] != nil }) ?? true {
                    report("cause", "a \(event.kind) names the \(rule.cause) it answers in 'cause'")
                }
            }
            byID.add(index)
            previous = event
        }
        return problems
    }

    private static func checkAnswers(
        _ event: Event, byID: EarlierEvents, answeredBy: inout [Int: Int], report: (String, String) -> Void
    ) {
        let rule = answerRule(event.kind)
        guard let answers = event.answers else {
            if let rule, rule.required {
                let targets = rule.answers.map(\.description).sorted().joined(separator: " or ")
                report("answers", "missing 'answers': a \(event.kind) answers the \(targets) it responds to")
            }
            return
        }
        guard event.direction == .stimulus else {
            report("answers", "an effect cannot answer anything; name the stimulus that led to it in 'cause'")
            return
        }
        guard let target = byID[answers] else {
            report("answers", "answers \(answers) does not name an earlier event")
            return
        }
        guard target.direction == .effect else {
            report("answers", "answers \(answers) is a stimulus (\(target.kind)); a stimulus answers an effect")
            return
        }
        if event.channel != .custom {
            guard let rule, rule.answers.contains(target.kind) else {
                let allowed = rule.map { $0.answers.map(\.description).sorted().joined(separator: " or ") }
                report(
                    "answers",
                    allowed.map { "a \(event.kind) answers a \($0), not a \(target.kind)" }
                        ?? "a \(event.kind) does not answer effects; it arrives on its own")
                return
            }
        }
        if let earlier = answeredBy[answers] {
            report("answers", "\(target.kind) \(answers) is already answered by event \(earlier)")
        } else {
            answeredBy[answers] = event.id
        }
    }
}

/// The events before the one being checked, by id: the last one with each id.
///
/// It keeps indices into the cassette rather than copies of the events, so a
/// check costs one `Int` pair per event, not a second copy of every event.
private struct EarlierEvents {
    let events: [Event]
    private var indexByID: [Int: Int]

    init(_ events: [Event]) {
        self.events = events
        indexByID = Dictionary(minimumCapacity: events.count)
    }

    subscript(id: Int) -> Event? { indexByID[id].map { events[$0] } }

    /// Makes `events[index]` findable by its id.
    mutating func add(_ index: Int) { indexByID[events[index].id] = index }
}
