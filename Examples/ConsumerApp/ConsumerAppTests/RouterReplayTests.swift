// An Xcode-style test target: the folder is named after the target and sits
// next to the app's sources, and its Cassettes folder is a folder reference
// that Xcode copies into the test bundle (here, a `.copy` resource). On the
// simulator the replay reads Cassettes/ next to this file; on a device, where
// the source folder is out of reach, it reads the copy in the bundle.
import App
import HybridReplayTesting
import Testing

@Suite("Router replays in an Xcode-style test target")
struct RouterReplayTests {
    @Test("the recorded Present Yellow tap replays against the router", .cassette("present-yellow"))
    func presentsYellow() async {
        await replayCassette { platform in
            AppRouter(webView: platform.webView, routes: platform.routes)
        }
    }
}
