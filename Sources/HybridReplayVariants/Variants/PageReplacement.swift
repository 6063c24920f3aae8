import HybridReplay

/// A navigation that replaces the page while an answer is on its way: the
/// main frame starts, commits and finishes loading another page, as when the
/// user follows a link or the page sets `location`, before the app has the
/// answer it will pass on to the page that asked.
enum PageReplacement {
    /// The page the main frame navigates to.
    static let url = "https://elsewhere.example/next.html"

    /// The stimuli of the navigation, in the order WebKit sends them.
    static let stimuli: [any EventPayload] = [
        NavigationStart(url: url), NavigationCommit(url: url), NavigationFinish(url: url),
    ]

    /// The edit that sends them right before `event`, an answer, in a cassette
    /// whose app works with a web view; `nil` otherwise.
    static func edit(before event: Event, in cassette: Cassette) -> VariantEdit? {
        guard event.answers != nil,
            cassette.events.contains(where: { [.script, .javascript, .navigation].contains($0.channel) })
        else { return nil }
        return VariantEdit(
            "after-navigation", nil, "the page navigates to another page before this answer arrives",
            .insertBefore(stimuli))
    }
}
