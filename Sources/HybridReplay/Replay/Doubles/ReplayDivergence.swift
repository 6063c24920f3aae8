/// What a double tells app code when a call has no recorded answer.
enum ReplayDivergence {
    static func noAnswer(_ call: String) -> String {
        "HybridReplay: this \(call) does not match the cassette, or the recording ended before it was answered"
    }

    /// The domain of the errors a double throws for a call the cassette does not answer.
    static let domain = "HybridReplay"

    /// What the replayed transport throws for a request the cassette does not answer.
    static let transportError = HTTPTransportError(noAnswer("request"), code: 1, domain: domain)
}
