import HybridReplay
import Testing

/// A Capacitor-style bridge: the page's calls carry callback ids and native
/// code answers each with `fromNative`; native calls into the page carry ids
/// from its own counter, which starts wherever `firstID` says.
@MainActor private final class CallbackBridge: ScriptMessageHandler {
    let webView: any WebView
    /// Added to every id native code answers with: a bridge that answers another call's id.
    let skew: Int
    var next: Int

    init(platform: Platform, firstID: Int = 1, skew: Int = 0) {
        webView = platform.webView
        self.skew = skew
        next = firstID
        platform.webView.add(self, name: "bridge")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body else { return }
        if body["methodName"] == "start" {
            // Native code calls into the page with an id of its own.
            webView.evaluateJavaScript("nativeCall(\"\(next)\")", completionHandler: nil)
            next += 1
            return
        }
        guard case .string(let id)? = body["callbackId"], let number = Int(id) else { return }
        webView.evaluateJavaScript(
            "window.Capacitor.fromNative({\"callbackId\":\"\(number + skew)\",\"success\":true})", completionHandler: nil)
    }
}

@Suite("Replaying cassettes that declare volatile fields")
struct ReplayerVolatileFieldTests {
    static let callbackID = VolatileField(kind: ScriptMessage.eventKind, path: "body.callbackId")

    /// `bridge` with a recorded result answering each evaluation.
    static func withResults(_ cassette: Cassette) -> Cassette {
        var events: [Event] = []
        var newID: [Int: Int] = [:]
        for event in cassette.events {
            newID[event.id] = events.count + 1
            events.append(Event(id: events.count + 1, at: event.at, cause: event.cause.flatMap { newID[$0] }, payload: event.payload))
            if event.kind == JavaScriptEvaluation.eventKind {
                events.append(Event(id: events.count + 1, at: event.at, answers: events.count, payload: JavaScriptResult(.value(.null))))
            }
        }
        var result = cassette
        result.events = events
        return result
    }

    /// The page's calls, with ids from 91234001, and native code's answers.
    static let pageCalls = withResults(VolatileFieldDiffTests.bridge(firstID: 91_234_001, declared: true))

    @Test("a cassette with declared callback ids is valid")
    func valid() {
        #expect(CassetteValidator.problems(in: Self.pageCalls).isEmpty)
    }

    @Test("an app that echoes the page's callback ids passes")
    func echoes() async {
        let report = await Replayer(cassette: Self.pageCalls, options: fastReplay).replay { await CallbackBridge(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("an app that answers with another callback id fails at that id, naming the binding")
    func answersAnotherID() async throws {
        let report = await Replayer(cassette: Self.pageCalls, options: fastReplay).replay {
            await CallbackBridge(platform: $0, skew: 1000)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 2, "\(report)")
        #expect(issue.kind == .unexpectedEffect)
        let difference = try #require(issue.differences.first)
        // The id is a member of the object the script passes: named there, not as the script's text.
        #expect(difference.path == "script.json[0].callbackId", "\(issue)")
        #expect(difference.expected?.contains("91234001") == true, "\(issue)")
    }

    @Test("an app that answers with the id of a later call fails")
    func answersLaterCallsID() async {
        let report = await Replayer(cassette: Self.pageCalls, options: fastReplay).replay {
            await CallbackBridge(platform: $0, skew: 1)
        }
        #expect(!report.passed)
    }

    /// Native code calls the page with an id from its counter, the page
    /// answers with it, and native code resolves that id.
    static func nativeCalls(declared: Bool) -> Cassette {
        let id = "700001"
        return withResults(Cassette(
            header: CassetteHeader(name: "native-calls", volatile: declared ? [callbackID] : []),
            events: [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "bridge", body: ["methodName": "start"])),
                Event(id: 2, at: 0.1, cause: 1, payload: JavaScriptEvaluation(script: "nativeCall(\"\(id)\")")),
                Event(id: 3, at: 0.2, payload: ScriptMessage(handler: "bridge", body: ["callbackId": .string(id)])),
                Event(id: 4, at: 0.3, cause: 3, payload: JavaScriptEvaluation(
                    script: "window.Capacitor.fromNative({\"callbackId\":\"\(id)\",\"success\":true})")),
            ]))
    }

    @Test("an id native code draws from a counter binds, and the page's answer is played back with it")
    func nativeCounterBinds() async {
        let report = await Replayer(cassette: Self.nativeCalls(declared: true), options: fastReplay).replay {
            await CallbackBridge(platform: $0, firstID: 123_001)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("without the declaration, an id from a counter that started elsewhere fails")
    func undeclaredCounterFails() async {
        let report = await Replayer(cassette: Self.nativeCalls(declared: false), options: fastReplay).replay {
            await CallbackBridge(platform: $0, firstID: 123_001)
        }
        #expect(!report.passed)
    }

    @Test("a bound id that native code answers inconsistently fails")
    func nativeCounterInconsistent() async {
        let report = await Replayer(cassette: Self.nativeCalls(declared: true), options: fastReplay).replay {
            await CallbackBridge(platform: $0, firstID: 123_001, skew: 5)
        }
        #expect(!report.passed)
    }
}
