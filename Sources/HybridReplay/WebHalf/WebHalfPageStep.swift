/// A kind of step the page takes that a web-half replay waits for and
/// checks (``WebHalfRole/pageStimulus``), and how a report words it.
///
/// Every kind whose role is a page step conforms (`WebHalfPageStepTests`
/// checks it against ``PayloadRegistry/standardTypes``), so a report never
/// falls back to naming a kind where it should say what the page did.
protocol WebHalfPageStep: EventPayload {
    /// What the page does, in words, to follow "the page did not":
    /// `post its message to nativeProcess ("Hello")`.
    var pageDoes: String { get }
}

extension ScriptMessage: WebHalfPageStep {
    var pageDoes: String { "post its message to \(handler) (\(CanonicalPrinter.compactText(body)))" }
}

extension NavigationAction: WebHalfPageStep {
    var pageDoes: String { "navigate to \(url)" }
}

extension NavigationResponse: WebHalfPageStep {
    var pageDoes: String { "receive the response for \(url)" }
}

extension JavaScriptDialog: WebHalfPageStep {
    var pageDoes: String { "open its \(kind) \(JSONValue.string(message))" }
}

extension NewWindowRequest: WebHalfPageStep {
    var pageDoes: String { "ask for a window for \(action.url)" }
}

extension JavaScriptResult: WebHalfPageStep {
    var pageDoes: String { "give the evaluation's result (\(summary))" }
}

extension URLSchemeRequest: WebHalfPageStep {
    var pageDoes: String { "request \(method) \(url)" }
}
