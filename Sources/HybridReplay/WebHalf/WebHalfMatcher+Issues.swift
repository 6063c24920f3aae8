/// How the web half words what it found: a step the page took otherwise, one
/// the cassette does not record, and one it never took.
extension WebHalfMatcher {
    /// The page did not take, within `patience` of its last step, the step `missing`.
    mutating func pageNeverTook(_ missing: Event, patience: Duration) {
        let message =
            "the page did not \(Self.verb(missing.payload)) within \(patience) of its last recorded step, "
            + "counted while its page was loaded and the engine idle"
        fail(missing: missing, message: message + thrown("meanwhile"))
    }

    /// The replay was cancelled while the page had yet to take `missing`.
    ///
    /// - Parameter engine: What the engine was still doing, in words, when it was busy.
    mutating func cancelled(before missing: Event, engine: String?) {
        let message =
            "the replay was cancelled while the page had yet to \(Self.verb(missing.payload))"
            + (engine.map { "; the engine was still \($0)" } ?? "")
        fail(missing: missing, message: message)
    }

    /// The page's first step came with no page to load before it.
    mutating func noPageToLoad() {
        fail(
            ReplayIssue(
                kind: .setUpFailed, eventID: nil, eventKind: nil,
                message: "the cassette loads no page before the page's first step; give the page under test: "
                    + "a WebPage, or --page <file> with cassette verify --web"))
    }

    private mutating func fail(missing: Event, message: String) {
        fail(ReplayIssue(kind: .missingStimulus, eventID: missing.id, eventKind: missing.kind, message: message))
    }

    static let processEndedMessage =
        "the page's web content process ended (it crashed or was killed) before the page did everything recorded"

    /// The first errors the page threw, for a failure's message
    /// (`; meanwhile the page threw: …`), or nothing when it threw none.
    func thrown(_ when: String) -> String {
        pageErrors.isEmpty ? "" : "; \(when) the page threw: " + pageErrors.prefix(3).joined(separator: "; ")
    }

    static func divergence(of actual: any EventPayload, from recorded: Event, differences: [FieldDifference])
        -> ReplayIssue
    {
        ReplayIssue(
            kind: .unexpectedStimulus, eventID: recorded.id, eventKind: recorded.kind,
            message: "the page did not \(verb(recorded.payload)) as recorded", differences: differences,
            actual: line(actual))
    }

    static func unexpected(_ actual: any EventPayload, message: String, nearest: String?) -> ReplayIssue {
        ReplayIssue(
            kind: .unexpectedStimulus, eventID: nil, eventKind: actual.kind, message: message, actual: line(actual),
            nearestCandidate: nearest)
    }

    /// What the page does, in words: "post its message to nativeProcess".
    static func verb(_ payload: any EventPayload) -> String {
        (payload as? any WebHalfPageStep)?.pageDoes ?? "do \(payload.kind)"
    }

    private static func line(_ payload: any EventPayload) -> String {
        "\(payload.kind)" + (payload.summary.isEmpty ? "" : " \(payload.summary)")
    }

    /// The URL the cassette recorded the page at: the frame of its first
    /// message or dialog, or else its first navigation's.
    /// Whether the recording fetched `url` through the app's own scheme.
    func recordsSchemeRequest(for url: String) -> Bool {
        script.cassette.events.contains { $0.payload(as: URLSchemeRequest.self)?.urlString == url }
    }

    var recordedPageURL: String? {
        let events = script.cassette.events
        return events.lazy.compactMap { event in
            event.payload(as: ScriptMessage.self)?.frame?.urlString ?? event.payload(as: JavaScriptDialog.self)?.frame.urlString
        }.first ?? events.lazy.compactMap { $0.payload(as: NavigationAction.self)?.urlString }.first
    }
}
