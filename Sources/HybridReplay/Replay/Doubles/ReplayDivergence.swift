/// What a double tells app code when a call has no recorded answer.
enum ReplayDivergence {
    static func noAnswer(_ call: String) -> String {
        "HybridReplay: this \(call) does not match the cassette, or the recording ended before it was answered"
    }
}
