import Foundation
import Testing

@testable import HybridReplay

/// Evaluates `script` in `world` when the custom `signedIn` event arrives, as
/// an app tells its page a session is ready.
private struct ScriptOnSignIn: CustomEventHandler {
    let webView: any WebView
    let script: String
    var world = ContentWorld.page

    func didReceive(_ event: CustomEvent) {
        webView.evaluateJavaScript(script, in: nil, in: world, completionHandler: nil)
    }
}

private struct Ignoring: ScriptMessageHandler {
    func didReceive(_ message: ScriptMessage) {}
}

/// Answers every request on the main queue, after `start(_:)` returns, and
/// ignores `stop(_:)`: it answers a task the page stopped meanwhile.
private struct StopIgnoringServer: URLSchemeHandler {
    func start(_ task: any URLSchemeTask) {
        let url = task.request.urlString
        DispatchQueue.main.async {
            task.didReceive(URLSchemeResponse(url: url, status: 200, mimeType: "application/json"))
            task.didReceive(Data(#"{"charges":[]}"#.utf8))
            task.didFinish()
        }
    }

    func stop(_ task: any URLSchemeTask) {}
}

/// The wording of replay failure reports an outside app found misleading: a
/// script misquoted, one forgotten stop told three times, a handler in
/// another world named as if it were the one missing, the page's world
/// shown as no field.
@Suite("Replay reports word what the app did")
struct ReportWordingTests {
    static func signInCassette(_ evaluation: JavaScriptEvaluation) -> Cassette {
        makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "signedIn", direction: .stimulus, fields: [:])),
            Event(id: 2, at: 0, cause: 1, payload: evaluation),
        ])
    }

    static func replay(_ cassette: Cassette, options: ReplayOptions = fastReplay, sending script: String, in world: ContentWorld = .page)
        async -> ReplayReport
    {
        await Replayer(cassette: cassette, options: options).replay { platform in
            let handler = ScriptOnSignIn(webView: platform.webView, script: script, world: world)
            platform.custom.setHandler(handler, forEventNamed: "signedIn")
            return handler
        }
    }

    @Test("a script that differs is quoted as the app sent it, its string literals in their own quotes")
    func scriptKeepsItsQuotes() async throws {
        let cassette = Self.signInCassette(JavaScriptEvaluation(script: "staylight.sessionReady(1)"))
        let report = await Self.replay(cassette, sending: "staylight.sessionReady(1, 'ok')")
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.differences.map(\.description) == [#"script: expected "staylight.sessionReady(1)", found "staylight.sessionReady(1, 'ok')""#])
    }

    @Test("a secret the app puts into a script is hidden where it stands, its single quotes kept")
    func hiddenSecretKeepsItsQuotes() async throws {
        let cassette = Self.signInCassette(JavaScriptEvaluation(script: "staylight.sessionReady(1)"))
        var options = fastReplay
        options.secrets = [2: "9f3c2e71ab04d8"]
        let report = await Self.replay(cassette, options: options, sending: "staylight.sessionReady(1, '9f3c2e71ab04d8')")
        let text = report.description
        #expect(!text.contains("9f3c2e71ab04d8"), "\(text)")
        #expect(text.contains(#"script: expected "staylight.sessionReady(1)", found "staylight.sessionReady(1, '[REDACTED:2]')""#), "\(text)")
    }

    @Test("evaluating in the page's world where the recording has another reads as the page's world, the default, not as no field")
    func pageWorldIsNamed() async throws {
        let cassette = Self.signInCassette(JavaScriptEvaluation(script: "staylight.sessionReady(1)", contentWorld: .defaultClient))
        let report = await Self.replay(cassette, sending: "staylight.sessionReady(1)")
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.differences.map(\.description) == [#"contentWorld: expected "defaultClient", found "page" (no field, which means the default)"#])
        // The other way round, the recording's side is the default.
        let recordedInPage = Self.signInCassette(JavaScriptEvaluation(script: "staylight.sessionReady(1)"))
        let other = await Self.replay(recordedInPage, sending: "staylight.sessionReady(1)", in: .defaultClient)
        let reversed = try #require(other.issues.first, "\(other)")
        #expect(
            reversed.differences.map(\.description)
                == [#"contentWorld: expected "page", found "defaultClient" (the recording has no field, which means the default)"#])
    }

    @Test("a message from another world than its handler's names each registered handler's world, the page's too")
    func registeredHandlersNameTheirWorlds() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "prefsReady", body: .null, contentWorld: .world(name: "concierge")))
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(Ignoring(), name: "prefsReady")
            platform.webView.add(Ignoring(), contentWorld: .defaultClient, name: "folio")
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .unusedStimulus)
        #expect(
            issue.message
                == #"could not be delivered: no script message handler is registered for 'prefsReady' in world "concierge" (registered: folio in defaultClient, prefsReady in the page world)"#)
        // From the page's world, to a handler registered in another.
        let fromPage = makeCassette([Event(id: 1, at: 0, payload: ScriptMessage(handler: "prefsReady", body: .null))])
        let other = await Replayer(cassette: fromPage, options: fastReplay).replay { platform in
            platform.webView.add(Ignoring(), contentWorld: .world(name: "concierge"), name: "prefsReady")
        }
        #expect(
            other.issues.first?.message
                == #"could not be delivered: no script message handler is registered for 'prefsReady' in the page world (registered: prefsReady in world "concierge")"#)
    }

    @Test("a handler that answers a task the page stopped gets one issue, at the first call, naming the later ones")
    func callsAfterStopAreOneIssue() async throws {
        let url = "app://folio/charges.json"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: URLSchemeRequest(url: url)),
            Event(id: 2, at: 0, cause: 1, payload: URLSchemeStop(url: url)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let server = StopIgnoringServer()
            platform.webView.setURLSchemeHandler(server, forURLScheme: "app")
            return server
        }
        #expect(report.issues.count == 1, "\(report)")
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .schemeTaskMisuse)
        #expect(
            issue.message
                == "the scheme task for event 1 (GET app://folio/charges.json): didReceive(response) was called after the page stopped "
                + "the task (stop(_:)); WebKit raises an exception for any call on a stopped task, on a device at this first one "
                + "(and 2 more calls after stop: didReceive(data), didFinish())")
    }
}
