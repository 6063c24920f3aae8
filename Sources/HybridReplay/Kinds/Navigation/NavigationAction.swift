extension NavigationAction: StandardPayload {
    public static let eventKind = EventKind(.navigation, "action")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(navigationType) \(method) \(urlString)" + (targetFrame == nil ? " (new window)" : "")
            + (preferences.map { " (offering \($0.summary))" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> NavigationAction? {
        let url = reader.string("url")
        let method = reader.string("method")
        let navigationType = reader.known("navigationType", NavigationType.self)
        let sourceFrame = reader.nested("sourceFrame", required: false, Frame.read)
        // The key must be present: null is how a new window is recorded.
        let targetPresent = reader.value("targetFrame", required: true) != nil
        let targetFrame = reader.nested("targetFrame", required: false, Frame.read)
        let preferences = reader.nested("preferences", required: false, WebpagePreferences.read)
        guard let url, let method, let navigationType, targetPresent else { return nil }
        return NavigationAction(
            url: url, method: method, navigationType: navigationType, sourceFrame: sourceFrame,
            targetFrame: targetFrame, preferences: preferences)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", urlString)
        writer.write("method", method)
        writer.write("navigationType", navigationType)
        if let sourceFrame { writer.writeObject("sourceFrame", sourceFrame.write) }
        if let targetFrame {
            writer.writeObject("targetFrame", targetFrame.write)
        } else {
            writer.write("targetFrame", JSONValue.null)
        }
        if let preferences { writer.writeObject("preferences", preferences.write) }
    }
}

// MARK: What the kind means

extension NavigationAction {
    static let formatVersion = 1

    static let delivery = KindDelivery<NavigationAction>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { action, event, engine, registered in
                    guard let delegate = registered.navigationDelegate else { return }
                    engine.decide(action, id: event.id, by: delegate, in: registered.delegatesWebView(engine))
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var action = self
        action.urlString = rewriter.url(urlString, &placeholders)
        action.sourceFrame = rewriter.frame(sourceFrame, &placeholders)
        action.targetFrame = rewriter.frame(targetFrame, &placeholders)
        return action
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension NavigationAction: WebHalfPageStep {
    var pageDoes: String { "navigate to \(urlString)" }
}
