/// What the engine of a web-half replay is doing that ends on its own: a
/// load of the main frame, and the evaluations the replay asked for.
///
/// A load counts from the replay's own load call, not from the engine's
/// first report of it: on a busy machine the engine can take seconds to
/// start a web process before it reports anything. It ends when the engine
/// reports the load finished or failed, when the navigation or its response
/// is not allowed, or when the content process ends. An evaluation counts until its
/// completion handler runs.
struct WebHalfEngineWork: CustomStringConvertible {
    /// The replay asked for a load the engine has not reported starting yet.
    private var awaitingStart = false
    /// The engine reported a load of the main frame and not its end.
    private var loading = false
    /// The recorded ids of the evaluations sent and not answered yet.
    private var evaluations: Set<Int> = []

    var isBusy: Bool { awaitingStart || loading || !evaluations.isEmpty }

    mutating func loadRequested() { awaitingStart = true }

    mutating func loadStarted() {
        awaitingStart = false
        loading = true
    }

    /// A navigation was not allowed: the load the replay asked for, if the
    /// engine had not started it, never will; a load already under way
    /// (the page's own, while a script in it asked to go elsewhere) goes on.
    mutating func navigationNotFollowed() { awaitingStart = false }

    mutating func loadStopped() {
        awaitingStart = false
        loading = false
    }

    /// The replay played `answer` into a step the page took: a navigation
    /// not allowed never starts (see ``navigationNotFollowed()``), and a
    /// response not shown ends its load, whether or not the engine reports
    /// the failure.
    mutating func answered(with answer: any EventPayload) {
        if let decision = answer as? NavigationDecision, decision.policy != .allow { navigationNotFollowed() }
        if let decision = answer as? NavigationResponseDecision, decision.policy != .allow { loadStopped() }
    }

    mutating func evaluationStarted(_ id: Int) { evaluations.insert(id) }

    mutating func evaluationEnded(_ id: Int) { evaluations.remove(id) }

    /// What the engine is doing, in words: "loading the page".
    var description: String {
        var doing: [String] = []
        if awaitingStart || loading { doing.append("loading the page") }
        if let first = evaluations.min() {
            doing.append(
                evaluations.count == 1
                    ? "running the evaluation of event \(first)"
                    : "running \(evaluations.count) evaluations (the first of event \(first))")
        }
        return doing.isEmpty ? "idle" : doing.joined(separator: " and ")
    }
}
