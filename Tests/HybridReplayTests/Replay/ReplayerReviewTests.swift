import Foundation
@testable import HybridReplay
import Testing

/// Scenarios from a review of the replayer: a false pass and misleading
/// reports that are fixed, and subtle behaviours that were already right
/// (named `pin: …`).
@Suite("Replay review: reports and pins")
struct ReplayerReviewTests {

    @Test("an empty value does not match a redaction placeholder, which the recorder only writes for a non-empty secret")
    func emptySecretDoesNotMatch() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://api.example.com/me", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")])),
            Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 200)),
        ])
        let token = ""  // The app failed to read its token.
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            Task { _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/me", headers: [HTTPHeader("Authorization", "Bearer \(token)")])) }
        }
        #expect(!report.passed, "an empty bearer token passed as the recorded secret")
    }


    @Test("an extra call that repeats the one just made is reported as such, not as an effect before a later cause")
    func duplicateReportedAsRepeat() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .string("hi"))),
            Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: "changeEcho(\"hi\")")),
            Event(id: 3, at: 1, payload: ScriptMessage(handler: "nativeProcess", body: .string("hi"))),
            Event(id: 4, at: 1.001, cause: 3, payload: JavaScriptEvaluation(script: "changeEcho(\"hi\")")),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleEchoBridge(platform: $0, fault: .evaluatesTwice) }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(issue)")
        #expect(issue.nearestCandidate?.hasPrefix("event 2 (javascript.evaluate") == true, "\(issue)")
    }

    @Test("a message to a name with only a reply handler does not say that name has no handler while listing it")
    func replyHandlerOnlyReport() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "appInfo", body: .object(["query": .string("version")]))),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(ReplayerBridgeTests.AppInfo(), name: "appInfo")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(!issue.message.contains("no script message handler is registered for 'appInfo' (registered: appInfo)"), "\(issue.message)")
    }

    @Test("a call that diverges does not run its completion handler inside the call, which WebKit never does")
    func divergentCallCompletesLater() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "ready()"))])
        let probe = ReentrancyProbe()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            probe.enter()
            platform.webView.evaluateJavaScript("notReady()") { _ in probe.complete() }
            probe.leave()
        }
        #expect(!report.passed)
        #expect(probe.completions == 1)
        // An app that holds its own lock across the call, and takes it again in the
        // completion handler, deadlocks here instead of getting a report.
        #expect(probe.completedInsideCall == false, "the completion handler ran re-entrantly, inside evaluateJavaScript")
    }


    @Test("pin: a cassette with no events passes an idle implementation and fails one that makes an effect")
    func pinEmptyCassette() async throws {
        let cassette = makeCassette([])
        let idle = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        #expect(idle.passed, "\(idle)")
        let busy = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.load(NavigationLoad(url: "https://example.com/"))
        }
        #expect(busy.issues.first?.kind == .unexpectedEffect, "\(busy)")
    }

    @Test("pin: a cassette of stimuli only passes when they are handled quietly and fails on any effect")
    func pinStimuliOnly() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .string("one"))),
            Event(id: 2, at: 1, payload: ScriptMessage(handler: "nativeProcess", body: .string("two"))),
        ])
        let quiet = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(ReplayerBridgeTests.NoReply(), name: "nativeProcess")
        }
        #expect(quiet.passed, "\(quiet)")
        #expect(quiet.trace.events.count == 2)
        let echoing = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleEchoBridge(platform: $0) }
        #expect(echoing.issues.first?.kind == .unexpectedEffect, "\(echoing)")
    }

    @Test("pin: the result of a call made with a nil completion handler is delivered to nobody, and the replay goes on")
    func pinNilCompletionHandler() async throws {
        let report = try await replayExample("bridge/echo.json") { ExampleEchoBridge(platform: $0) }
        #expect(report.passed, "\(report)")
        // Required, not expected: a shorter trace fails this test instead of ending the whole run out of range below.
        try #require(report.trace.events.map(\.kind) == [ScriptMessage.eventKind, JavaScriptEvaluation.eventKind, JavaScriptResult.eventKind])
        #expect(report.trace.events[2].answers == 2)
    }

    @Test("pin: a handler that calls back into the web view synchronously, and replies inside didReceive, does not deadlock")
    func pinSynchronousCallBack() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "appInfo", body: .string("version"), expectsReply: true)),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "log('version')")),
            Event(id: 3, at: 0, cause: 1, payload: ScriptReply(.value(.string("4.2.0")))),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(SynchronousReplier(webView: platform.webView), name: "appInfo")
        }
        #expect(report.passed, "\(report)")
    }

    @Test("pin: a UUID the page sent binds to itself; the app's own UUID must differ from it")
    func pinPageUUIDBindsToItself() async throws {
        let page = "11111111-2222-4333-8444-555555555555"
        let appRecorded = "99999999-8888-4777-8666-555555555555"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .object(["requestId": .string(page)]))),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "job", direction: .effect, fields: ["id": .string(appRecorded)])),
        ])
        func replay(_ id: @escaping @Sendable (String) -> String) async -> ReplayReport {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                platform.webView.add(JobStarter(custom: platform.custom, id: id), name: "nativeProcess")
            }
        }
        let fresh = await replay { _ in UUID().uuidString.lowercased() }
        #expect(fresh.passed, "\(fresh)")
        let reused = await replay { requestID in requestID }
        let difference = try #require(reused.issues.first?.differences.first)
        #expect(difference.path == "id")
        #expect(difference.note == "\"\(page)\" already stands for the recorded UUID \"\(page)\", bound by event 1", "\(difference)")
    }

    @Test("pin: an app-generated UUID inside a URL binds, and the page's later navigation to that URL carries the app's UUID")
    func pinUUIDInsideURL() async throws {
        let recorded = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: NavigationLoad(url: "https://app.example.com/session/\(recorded)?lang=en")),
            Event(id: 2, at: 1, payload: NavigationAction(url: "https://app.example.com/session/\(recorded)/done", navigationType: .formSubmitted, targetFrame: .main())),
            Event(id: 3, at: 1, cause: 2, payload: NavigationDecision(.allow)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { SessionNavigator(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("pin: an extra effect from an unstructured task right after the last expected one is caught")
    func pinImmediateStrayEffect() async throws {
        let report = try await replayExample("bridge/echo.json") { platform in
            StrayEcho(platform: platform, delay: nil)
        }
        #expect(report.issues.first?.kind == .unexpectedEffect, "\(report)")
    }
}
