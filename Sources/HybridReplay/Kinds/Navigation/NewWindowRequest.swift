/// New windows of format version 2: `navigation.newWindow` and what the UI
/// delegate returned, `navigation.newWindowResult`.
extension NewWindowRequest: StandardPayload {
    public static let eventKind = EventKind(.navigation, "newWindow")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        let size = windowFeatures.width.flatMap { width in
            windowFeatures.height.map { " \(CanonicalNumber.text(width))×\(CanonicalNumber.text($0))" }
        }
        return "\(action.navigationType) \(action.method) \(action.urlString)" + (size ?? "")
    }

    static func read(_ reader: inout FieldReader) -> NewWindowRequest? {
        let action = reader.nested("action", NavigationAction.read)
        let features = reader.nested("windowFeatures", WindowFeatures.read)
        guard let action, let features else { return nil }
        return NewWindowRequest(action: action, windowFeatures: features)
    }

    func write(_ writer: inout FieldWriter) {
        writer.writeObject("action", action.write)
        writer.writeObject("windowFeatures", windowFeatures.write)
    }
}

// MARK: What the kind means

extension NewWindowRequest {
    static let formatVersion = 2

    static let delivery = KindDelivery<NewWindowRequest>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.uiDelegate == nil ? "the web view has no UI delegate" : nil },
                deliver: { request, event, engine, registered in
                    guard let delegate = registered.uiDelegate else { return }
                    engine.openWindow(request, id: event.id, by: delegate)
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var request = self
        request.action = action.rewritten(by: rewriter, &placeholders)
        return request
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension NewWindowRequest: WebHalfPageStep {
    var pageDoes: String { "ask for a window for \(action.urlString)" }
}
