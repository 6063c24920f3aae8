import Foundation

extension URLSchemeStop: StandardPayload {
    public static let eventKind = EventKind(.scheme, "stop")

    public static let eventDirection = Direction.stimulus

    public var summary: String { urlString }

    static func read(_ reader: inout FieldReader) -> URLSchemeStop? {
        reader.string("url").map(URLSchemeStop.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("url", urlString) }
}

// MARK: What the kind means

extension URLSchemeStop {
    static let formatVersion = 2

    static let delivery = KindDelivery<URLSchemeStop>
        .receiver(
            StimulusReceiver(
                turn: .withItsCause,
                missing: { _, _ in
                    // A stop goes to the task its request started, which the engine holds.
                    nil
                },
                deliver: { _, event, engine, _ in engine.stopSchemeTask(event) }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var stop = self
        stop.urlString = rewriter.url(urlString, &placeholders)
        return stop
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
