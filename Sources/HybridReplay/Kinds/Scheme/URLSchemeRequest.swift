import Foundation

/// App-served URL schemes of format version 2, on the `scheme` channel: the
/// page's `scheme.request` and `scheme.stop` are stimuli; the app's
/// `scheme.response`, `scheme.data` and `scheme.completion`, each caused by
/// the request, are effects.
extension URLSchemeRequest: StandardPayload {
    public static let eventKind = EventKind(.scheme, "request")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(method) \(urlString)" + (body.map { " (\($0.summary))" } ?? "")
            + (frame.map { $0.isMainFrame ? "" : " (subframe)" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> URLSchemeRequest? {
        let url = reader.string("url")
        let method = reader.string("method")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        let body = reader.nested("body", required: false, HTTPBody.read)
        let frame = reader.nested("frame", required: false, Frame.read)
        if let url, !url.contains(":") { reader.report("url", "'\(url)' has no scheme; a scheme request's URL starts with the scheme the app serves") }
        guard let url, let method, let headers else { return nil }
        return URLSchemeRequest(url: url, method: method, headers: headers, body: body, frame: frame)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", urlString)
        writer.write("method", method)
        writer.writeArray("headers", headers) { $1.write(&$0) }
        if let body { writer.writeObject("body", body.write) }
        if let frame { writer.writeObject("frame", frame.write) }
    }
}

// MARK: What the kind means

extension URLSchemeRequest {
    static let formatVersion = 2

    static let delivery = KindDelivery<URLSchemeRequest>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { request, registered in registered.missingSchemeHandler(for: request) },
                deliver: { request, event, engine, registered in
                    guard let handler = registered.schemeHandlers[request.scheme] else { return }
                    engine.startSchemeTask(request, id: event.id, by: handler)
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var request = self
        request.urlString = rewriter.url(urlString, &placeholders)
        request.body = rewriter.body(body, headers: headers, &placeholders)
        request.headers = rewriter.headers(headers, &placeholders)
        request.frame = rewriter.frame(frame, &placeholders)
        return request
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension URLSchemeRequest: WebHalfPageStep {
    var pageDoes: String { "request \(method) \(urlString)" }
}
