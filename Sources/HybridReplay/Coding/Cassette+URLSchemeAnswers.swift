import Foundation

/// The recorded side of app-served schemes, as an engine that plays the
/// native side into a real page needs it: each request the page made, and
/// what the app answered it with.
extension Cassette {
    /// Every `scheme.request` in the cassette, with its event id, in order.
    package var urlSchemeRequests: [(id: Int, request: URLSchemeRequest)] {
        events.compactMap { event in event.payload(as: URLSchemeRequest.self).map { (event.id, $0) } }
    }

    /// What the app answered the `scheme.request` with id `requestID`: its
    /// head, its pieces of data concatenated, and its end or whether the
    /// page stopped it first; `nil` when no `scheme.request` has that id.
    package func urlSchemeAnswer(toRequest requestID: Int) -> URLSchemeAnswer? {
        guard events.contains(where: { $0.id == requestID && $0.kind == URLSchemeRequest.eventKind }) else { return nil }
        var answer = URLSchemeAnswer()
        for event in events where event.cause == requestID {
            if let response = event.payload(as: URLSchemeResponse.self) { answer.response = response }
            if let piece = event.payload(as: URLSchemeData.self) { answer.data.append(piece.data) }
            if let completion = event.payload(as: URLSchemeCompletion.self) { answer.completion = completion }
            if event.kind == URLSchemeStop.eventKind { answer.stopped = true }
        }
        return answer
    }
}
