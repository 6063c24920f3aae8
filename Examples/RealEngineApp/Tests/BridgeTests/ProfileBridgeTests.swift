#if os(Linux)
import Bridge
import HybridReplayTesting
import HybridReplayWebKitGTK
import Testing

/// A page that asks the bridge for the traveller's profile as soon as it
/// loads, and shows what the bridge resolves.
let profilePage = """
    <!doctype html><meta charset="utf-8"><p id="profile"></p>
    <script>
    window.bridge = {
      resolve: function (guid, profile) {
        document.getElementById('profile').textContent = profile.name + ' ' + profile.tier + ' ' + profile.miles;
      },
      reject: function (guid, message) { document.getElementById('profile').textContent = message; }
    };
    window.webkit.messageHandlers.profile.postMessage({ guid: 'p1', traveller: 'ada@travel.example' });
    </script>
    """

/// What the profile server answers.
let profileServer = ScriptedHTTPTransport { request in
    guard request.urlString == ProfileBridge.endpoint else { return HTTPResponse(status: 404) }
    return HTTPResponse(
        status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
        body: .json(["name": "Ada Lovelace", "tier": "gold", "miles": 120_500, "seat": "12A", "homeAirport": "LHR"]))
}

@Test("the profile bridge answers a real WebKitGTK page, and the recording replays", .cassette("profile"))
func answersProfile() async throws {
    // The web view is made only when a recording runs: the replay needs no display.
    let session = RecordingSession(engine: "WebKitGTK 6.0") {
        try await WebKitGTKWebView()
    } platform: { webView in
        // A clock that only the drive moves: every `at` is 0, so re-recording gives the same bytes.
        var platform = Platform.live(webView, transport: profileServer)
        platform.clock = ManualClock()
        return platform
    } drive: { webView, recorder in
        webView.loadHTML(profilePage, baseURL: "https://app.travel.example/")
        try await recorder.waitUntil("the page is loaded and its profile resolved") { events in
            events.contains { $0.kind == NavigationFinish.eventKind }
                && events.contains { $0.kind == JavaScriptResult.eventKind }
        }
    }
    await replayCassette(recording: session) { platform in
        await ProfileBridge(webView: platform.webView, transport: platform.transport)
    }
}
#endif
