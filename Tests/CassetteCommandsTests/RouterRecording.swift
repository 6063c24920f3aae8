import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayReference

/// Cassettes recorded the way a conformance suite records them: the
/// reference `NavigationRouter` deciding links on a `SimulatedWebView`.
enum RouterRecording {
    /// The "Present Yellow Screen" link, which opens a new window.
    static let presentYellow = "navigate://present?r=255&g=255&b=0"
    /// A link that pushes a blue screen.
    static let pushBlue = "navigate://push?r=0&g=0&b=255"

    /// Records the router deciding `links`, each tapped in the main frame
    /// except a `navigate:` one, which opens a new window as in the seed.
    ///
    /// - Parameters:
    ///   - name: The cassette's name.
    ///   - contract: The contract the header names; `nil` for none.
    ///   - links: The URLs the page taps, in order.
    /// - Returns: The recorded cassette.
    static func record(
        _ name: String, contract: String? = ReferenceContract.navigationRouter.name, links: [String]
    ) async throws -> Cassette {
        let page = SimulatedWebView()
        let recorder = Recorder(name: name, contract: contract)
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        let router = NavigationRouter(webView: platform.webView, routes: platform.routes)
        for link in links {
            let frame: Frame? = link.hasPrefix("navigate:") ? nil : .main()
            _ = try await page.navigate(NavigationAction(url: link, navigationType: .linkActivated, targetFrame: frame))
        }
        withExtendedLifetime(router) {}
        return recorder.cassette()
    }

    /// Records the router deciding `links` and writes the cassette to `path`
    /// inside `directory`, creating folders on the way.
    @discardableResult
    static func write(
        _ path: String, in directory: URL, contract: String? = ReferenceContract.navigationRouter.name,
        links: [String] = [presentYellow]
    ) async throws -> Cassette {
        let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".json", with: "")
        let cassette = try await record(name, contract: contract, links: links)
        try directory.write(Samples.canonical(cassette), to: path)
        return cassette
    }
}
