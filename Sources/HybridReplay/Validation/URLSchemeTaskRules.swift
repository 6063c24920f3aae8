/// The order a scheme task's events must come in, checked across events:
/// the answer names its `scheme.request` in `cause`; one response head
/// before any data; a `scheme.completion` that finishes only after the head;
/// nothing after the completion or after a `scheme.stop`.
///
/// These are the calls `WKURLSchemeTask` raises an exception for, so a
/// cassette that breaks them records something no real engine let happen.
struct URLSchemeTaskRules {
    /// How far each request's answer has come, by the request's id.
    private enum Stage {
        case started
        case responded(Int)
        case ended(Int)
        case stopped(Int)
    }

    private var stages: [Int: Stage] = [:]

    /// Checks `event`, whose cause is of `causeKind` when it names an earlier event.
    mutating func check(_ event: Event, causeKind: EventKind?, report: (String, String) -> Void) {
        if event.kind == URLSchemeRequest.eventKind {
            stages[event.id] = .started
            return
        }
        guard let step = Self.steps[event.kind] else { return }
        guard let cause = event.cause, causeKind == URLSchemeRequest.eventKind, let stage = stages[cause] else {
            // A cause naming no earlier event is reported by the validator itself.
            if event.cause == nil || causeKind != nil {
                report("cause", "a \(event.kind) names the \(URLSchemeRequest.eventKind) it belongs to in 'cause'")
            }
            return
        }
        let request = "\(URLSchemeRequest.eventKind) \(cause)"
        switch (stage, step) {
        case (.ended(let end), _):
            report("cause", "\(request) already ended in event \(end); nothing of its answer comes after \(URLSchemeCompletion.eventKind)")
        case (.stopped(let stop), _):
            report("cause", "\(request) was stopped in event \(stop); the app must not answer a stopped task")
        case (.responded(let head), .head):
            report("cause", "\(request) already has a response head (event \(head)); it gets exactly one")
        case (.started, .head):
            stages[cause] = .responded(event.id)
        case (.started, .data):
            report("cause", "\(URLSchemeData.eventKind) for \(request) comes before its \(URLSchemeResponse.eventKind); send the head first")
        case (.responded, .data):
            break
        case (.started, .completion):
            if event.payload(as: URLSchemeCompletion.self)?.error == nil {
                report("cause", "\(request) finished without a \(URLSchemeResponse.eventKind); only a failure may end an answer before its head")
            }
            stages[cause] = .ended(event.id)
        case (.responded, .completion):
            stages[cause] = .ended(event.id)
        case (.started, .stop), (.responded, .stop):
            stages[cause] = .stopped(event.id)
        }
    }

    /// The steps of one request's task, by the kind that takes each.
    private enum Step {
        case head, data, completion, stop
    }

    private static let steps: [EventKind: Step] = [
        URLSchemeResponse.eventKind: .head, URLSchemeData.eventKind: .data, URLSchemeCompletion.eventKind: .completion,
        URLSchemeStop.eventKind: .stop,
    ]
}
