import Foundation

extension URLSchemeCompletion: StandardPayload {
    public static let eventKind = EventKind(.scheme, "completion")

    public static let eventDirection = Direction.effect

    public var summary: String { error.map { "failed: \($0)" } ?? "finished" }

    static func read(_ reader: inout FieldReader) -> URLSchemeCompletion? {
        URLSchemeCompletion(error: reader.optionalString("error"))
    }

    func write(_ writer: inout FieldWriter) { writer.write("error", error) }
}

// MARK: What the kind means

extension URLSchemeCompletion {
    static let formatVersion = 2

    static let delivery = KindDelivery<URLSchemeCompletion>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: URLSchemeRequest.eventKind,
        repeatedIssue: .schemeTaskRepeated, missingIssue: .schemeTaskUnfinished,
        value: { $0.summary }, differenceShowsValue: false,
        repeatedHint: "call didFinish() or didFailWithError(_:) exactly once",
        missingHint: "call didFinish() or didFailWithError(_:)",
        wording: Settlement.Wording(
            repeated: "the scheme task for {cause} ended twice: first {expected}, then {found}; {hint}",
            missing: "the page waits on the scheme task for {cause} and it never ended; the recording {expected} in event {event}; {hint}",
            differs: "the scheme task for {cause} ended differently from the recording: expected {expected}, found {found}"))

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    /// The error is the app's own error's description, which may name what it sent upstream.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        URLSchemeCompletion(error: error.map { rewriter.text($0, &placeholders) })
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension URLSchemeCompletion: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
