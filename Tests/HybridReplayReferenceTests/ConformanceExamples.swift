// The conformance examples of README.md and docs/conformance.md, and the
// replayer example of docs/replaying.md, compiled and run here against the
// reference router; DocumentationExamplesTests keeps the docs equal to them.
import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTesting
import Testing

/// The docs' `AppRouter` and `Router`: the reference router, built from the replayed platform.
private typealias AppRouter = NavigationRouter
private typealias Router = NavigationRouter

// `Cassettes` next to this file links to the package's suite, as a user's
// test target holds its copy of the suite.
@Test(
    "our router passes the navigation-router suite",
    arguments: try CassetteCase.all(in: "Cassettes", contract: "navigation-router"))
func routerConforms(_ cassette: CassetteCase) async {
    await replayCassette(cassette) { platform in
        AppRouter(webView: platform.webView, routes: platform.routes)
    }
}

/// docs/replaying.md's example; swift test runs in the package's root, where `Cassettes/` is.
private func replayPresentYellow() async throws -> ReplayReport {
    let replayer = try Replayer(contentsOf: URL(fileURLWithPath: "Cassettes/router/present-yellow.json"))
    let report = await replayer.replay { platform in
        Router(webView: platform.webView, routes: platform.routes)   // your implementation
    }
    if !report.passed { print(report) }
    return report
}

@Test("the replaying guide's example replays the present-yellow cassette against the reference router")
func replayingGuideExample() async throws {
    let report = try await replayPresentYellow()
    #expect(report.passed, "\(report)")
}
