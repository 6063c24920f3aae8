import Foundation
import HybridReplay
import Testing

@Suite("Replaying script-message bridges")
struct ReplayerBridgeTests {
    @Test("an echo bridge that evaluates changeEcho once passes")
    func echoPasses() async throws {
        let report = try await replayExample("bridge/echo.json") { ExampleEchoBridge(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("an extra JavaScript call is an unexpected effect that names the recorded call it repeats")
    func extraCall() async throws {
        let report = try await replayExample("bridge/echo.json") { ExampleEchoBridge(platform: $0, fault: .evaluatesTwice) }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventKind == JavaScriptEvaluation.eventKind)
        #expect(issue.relatedEvent?.id == 2 && issue.relatedEvent?.kind == JavaScriptEvaluation.eventKind, "\(issue)")
        #expect(issue.eventID == nil, "it matched no event: \(issue)")
        #expect(issue.nearestCandidate?.hasPrefix("event 2 (javascript.evaluate") == true, "\(issue)")
        #expect(report.issues.count == 1, "no unused-stimulus noise after the failure: \(report)")
        #expect(report.subject.hasSuffix("Fixtures/examples/bridge/echo.json"), "\(report)")
        #expect(report.recordCommand?.contains("HYBRIDREPLAY_RECORD=failed swift test --filter Example") == true, "\(report)")
    }

    @Test("a promise settled with the guid the page sent passes")
    func promisePasses() async throws {
        let report = try await replayExample("bridge/promise-random-user.json") { ExamplePromiseBridge(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("a promise settled with another guid is reported at the guid, naming the binding")
    func wrongGUID() async throws {
        let report = try await replayExample("bridge/promise-random-user.json") {
            ExamplePromiseBridge(platform: $0, fault: .answersWithNewGUID)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 4)
        #expect(issue.eventKind == JavaScriptEvaluation.eventKind)
        let difference = try #require(issue.differences.first)
        #expect(issue.differences.count == 1)
        #expect(difference.path == "arguments.guid")
        #expect(difference.expected == "\"3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43\"")
        #expect(difference.note?.contains("bound to \"3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43\" by event 1") == true, "\(issue)")
    }

    /// Eight promises in flight whose responses come back in reverse order.
    static func promisesInFlight(_ count: Int) -> Cassette {
        var events: [Event] = []
        let guids = (0..<count).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
        for (index, guid) in guids.enumerated() {
            events.append(Event(id: index + 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .object(["guid": .string(guid), "url": .string("https://api.example.com/users/\(index)")]))))
        }
        for index in 0..<count {
            events.append(Event(id: count + index + 1, at: 0.01, cause: index + 1, payload: HTTPRequest(url: "https://api.example.com/users/\(index)")))
        }
        var id = 2 * count
        for index in (0..<count).reversed() {
            let user = JSONValue.object(["id": .number(Double(index))])
            id += 1
            events.append(Event(id: id, at: 0.1 + Double(count - index) * 0.01, answers: count + index + 1, payload: HTTPResponse(status: 200, body: .json(user))))
            let responseID = id
            id += 1
            events.append(Event(id: id, at: 0.1 + Double(count - index) * 0.01, cause: responseID, payload: JavaScriptEvaluation(script: "executePromise(guid, data)", arguments: ["guid": .string(guids[index]), "data": .string(user.description)])))
            id += 1
            events.append(Event(id: id, at: 0.1 + Double(count - index) * 0.01, answers: id - 1, payload: JavaScriptResult(.value(.null))))
        }
        return makeCassette(events, name: "promises-in-flight")
    }

    @Test("eight promises in flight answered out of order replay the same way twenty times")
    func promisesOutOfOrder() async throws {
        let cassette = Self.promisesInFlight(8)
        #expect(CassetteValidator.problems(in: cassette).isEmpty)
        var options = fastReplay
        options.repetitions = 20
        let report = await Replayer(cassette: cassette, options: options).replay { ExamplePromiseBridge(platform: $0) }
        #expect(report.passed, "\(report)")
        #expect(report.runs == 20)
    }

    @Test("a message to a handler nobody registered is an unused stimulus naming the handlers that exist")
    func unregisteredHandler() async throws {
        let report = try await replayExample("bridge/echo.json") { platform in
            platform.webView.add(ExampleEchoBridge(platform: platform), name: "other")
            platform.webView.add(NoReply(), name: "nativeProcess-v2")
        }
        #expect(report.passed, "\(report)")
        let missing = try await replayExample("bridge/echo.json") { platform in
            platform.webView.add(NoReply(), name: "nativeProcess-v2")
        }
        let issue = try #require(missing.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.message == "could not be delivered: no script message handler is registered for 'nativeProcess' (registered: nativeProcess-v2)")
    }

    struct NoReply: ScriptMessageHandler {
        func didReceive(_ message: ScriptMessage) {}
    }

    struct AppInfo: ScriptMessageHandlerWithReply {
        var repliesTwice = false
        var neverReplies = false

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            guard case .object(let body) = message.body, body["query"] == .string("version") else {
                if !neverReplies { replyHandler(.error("unsupported query 'battery'")) }
                return
            }
            replyHandler(.value(.object(["build": .number(4217), "version": .string("4.2.0")])))
            if repliesTwice { replyHandler(.value(.null)) }
        }
    }

    @Test("a handler with reply that replies once to each message passes")
    func replyPasses() async throws {
        let report = try await replayExample("bridge/reply-app-info.json") { $0.webView.add(AppInfo(), name: "appInfo") }
        #expect(report.passed, "\(report)")
    }

    @Test("replying twice is reported at the message")
    func replyTwice() async throws {
        let report = try await replayExample("bridge/reply-app-info.json") {
            $0.webView.add(AppInfo(repliesTwice: true), name: "appInfo")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .replyRepeated)
        #expect(issue.eventID == 1)
        #expect(issue.expected == #"value {"build":4217,"version":"4.2.0"}"# && issue.found == "value null", "\(issue)")
    }

    @Test("never replying is reported at the message with the recorded reply")
    func replyMissing() async throws {
        let report = try await replayExample("bridge/reply-app-info.json") {
            $0.webView.add(AppInfo(neverReplies: true), name: "appInfo")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .replyMissing)
        #expect(issue.eventID == 3)
        #expect(issue.expected == #"error "unsupported query 'battery'""# && issue.relatedEvent?.id == 4, "\(issue)")
    }
}
