import HybridReplay
import HybridReplaySimulation
import HybridReplayTesting

/// The implementation under test: shows a native route named after every
/// message the page posts to `echo`.
struct EchoRouter: ScriptMessageHandler {
    let platform: Platform
    /// Put before every route name: a non-empty prefix is the bug a replay must catch.
    var prefix = ""

    /// Registers a router on `platform`'s web view, as an app does at start-up.
    @discardableResult
    static func install(on platform: Platform, prefix: String = "") -> EchoRouter {
        let router = EchoRouter(platform: platform, prefix: prefix)
        platform.webView.add(router, name: "echo")
        return router
    }

    func didReceive(_ message: ScriptMessage) {
        platform.routes.show(NativeRoute(name: prefix + (message.body.stringValue ?? "")))
    }
}

/// Cassettes and recording sessions of the echo router.
enum Echo {
    /// The default options: a missing effect is reported as soon as the router is idle.
    static let fast = ReplayOptions()

    /// A hand-written cassette: the page posts each word and the router shows it.
    static func cassette(named name: String = "echo", words: [String] = ["hello"]) -> Cassette {
        var events: [Event] = []
        for word in words {
            let message = events.count + 1
            events.append(Event(id: message, at: 0, payload: ScriptMessage(handler: "echo", body: .string(word))))
            events.append(Event(id: message + 1, at: 0, cause: message, payload: NativeRoute(name: word)))
        }
        return Cassette(header: CassetteHeader(name: name), events: events)
    }

    /// A session that records the page posting each word to a simulated web view.
    static func session(words: [String] = ["hello"]) -> RecordingSession {
        let page = SimulatedWebView()
        return RecordingSession(platform: .simulated(webView: page)) {
            for word in words {
                try page.postMessage(.string(word), to: "echo", frame: nil)
            }
        }
    }
}
