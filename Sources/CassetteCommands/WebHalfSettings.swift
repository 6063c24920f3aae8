import HybridReplay

/// What `cassette verify --web` replays the web half with: the engine, and
/// the page under test when `--page` names one.
struct WebHalfSettings: Sendable {
    var engine: WebEngine
    var page: WebPage?
}
