import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// Content worlds, security origins, frame-targeted evaluation and handler
/// removal, recorded against the simulated web view, written, read back and replayed.
@Suite("Content worlds and origins: record, write, read, replay")
struct ContentWorldRoundTripTests {
    static let paymentFrame = Frame(
        isMainFrame: false, url: "https://app.example.com/pay", securityOrigin: ExampleSecureBridge.trusted)
    static let evilFrame = Frame(
        isMainFrame: false, url: "https://evil.example/ad", securityOrigin: SecurityOrigin(protocol: "https", host: "evil.example", port: 8443))

    func recordSession() async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "worlds", platform: .simulated(webView: page), setUp: { ExampleSecureBridge(platform: $0) },
            drive: { _ in
                try page.postMessage(.string("pay"), to: "bridge", frame: Self.paymentFrame, contentWorld: ExampleSecureBridge.world)
                try page.postMessage(.string("steal"), to: "bridge", frame: Self.evilFrame, contentWorld: ExampleSecureBridge.world)
                #expect(page.handlerNames.isEmpty)
                #expect(throws: SimulationError.self) {
                    try page.postMessage(.string("again"), to: "bridge", frame: Self.evilFrame, contentWorld: ExampleSecureBridge.world)
                }
            })
    }

    func replay(_ cassette: Cassette, _ fault: ExampleSecureBridge.Fault) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { ExampleSecureBridge(platform: $0, fault: fault) }
    }

    @Test("worlds, origins, the evaluation's frame and the removal are recorded")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == [
            "javascript.userScript", "script.message", "javascript.evaluate", "javascript.result", "script.message",
            "script.removeHandler",
        ])
        #expect(cassette.events[0].payload(as: UserScriptInstallation.self)?.contentWorld == ExampleSecureBridge.world)
        let message = try #require(cassette.events[1].payload(as: ScriptMessage.self))
        #expect(message.contentWorld == ExampleSecureBridge.world)
        #expect(message.frame?.securityOrigin == ExampleSecureBridge.trusted)
        let evaluation = try #require(cassette.events[2].payload(as: JavaScriptEvaluation.self))
        #expect(evaluation.frame == Self.paymentFrame)
        #expect(evaluation.contentWorld == ExampleSecureBridge.world)
        #expect(cassette.events[5].payload(as: ScriptHandlerRemoval.self) == ScriptHandlerRemoval(name: "bridge", contentWorld: ExampleSecureBridge.world))
        #expect(cassette.events[5].cause == cassette.events[4].id)
    }

    @Test("the recorded session replays against the same bridge")
    func replays() async throws {
        let report = await replay(try await recordSession(), .none)
        #expect(report.passed, "\(report)")
    }

    @Test("answering in the page's world is a difference in contentWorld")
    func wrongWorld() async throws {
        let report = await replay(try await recordSession(), .answersInPageWorld)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 3, "\(report)")
        #expect(issue.differences.map(\.path) == ["contentWorld"], "\(issue)")
        #expect(
            issue.differences.first?.description
                == #"contentWorld: expected {"name":"bridge"}, found "page" (no field, which means the default)"#, "\(issue)")
    }

    @Test("answering in the main frame is a difference in frame")
    func wrongFrame() async throws {
        let report = await replay(try await recordSession(), .answersInMainFrame)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 3, "\(report)")
        #expect(issue.differences.map(\.path).first?.hasPrefix("frame") == true, "\(issue)")
    }

    @Test("a bridge that ignores the origin answers the evil frame instead of removing its handler")
    func ignoresOrigin() async throws {
        let report = await replay(try await recordSession(), .ignoresOrigin)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        #expect(issue.actual?.hasPrefix("javascript.evaluate") == true, "\(issue)")
    }

    @Test("a message from another world finds no handler, and says which world it came from")
    func otherWorld() async throws {
        let recorded = try await recordSession()
        let cassette = makeCassette([
            recorded.events[0],
            Event(id: 2, at: 0, payload: ScriptMessage(handler: "bridge", body: .null, contentWorld: .defaultClient)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleSecureBridge(platform: $0) }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message == "could not be delivered: no script message handler is registered for 'bridge' in defaultClient (registered: bridge in world \"bridge\")", "\(issue)")
    }

    @Test("the bundled worlds example replays against the bridge")
    func bundledExample() async throws {
        let report = try await replayExample("web/secure-bridge.json") { ExampleSecureBridge(platform: $0) }
        #expect(report.passed, "\(report)")
    }
}
