extension Scenario {
    /// Every scenario of the conformance suite, folder by folder: what
    /// `swift run record-suite` writes into `Cassettes/`.
    package static let all: [Scenario] =
        EchoScenarios.all + PromiseScenarios.all + RouterScenarios.all + CookieScenarios.all + LocationScenarios.all

    /// The scenario whose cassette goes to `path`, such as `router/present-yellow.json`.
    package static func named(_ path: String) -> Scenario? {
        all.first { $0.path == path }
    }
}
