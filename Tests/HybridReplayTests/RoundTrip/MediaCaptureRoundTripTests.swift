import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A video-call screen as a hybrid app writes it (Capacitor answers the same
/// call): a `@MainActor` UI delegate that grants the camera and microphone to
/// the app's own origin, leaves the microphone alone to the user, and denies
/// every other origin.
@MainActor final class VideoCallPermissions: UIDelegate {
    enum Fault: Sendable { case none, decidesTwice, forgetsCamera, grantsEveryOrigin }
    nonisolated static let appOrigin = SecurityOrigin(protocol: "https", host: "call.example")

    let fault: Fault

    init(platform: Platform, fault: Fault = .none) {
        self.fault = fault
        platform.webView.setUIDelegate(self)
    }

    func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        let decision: PermissionDecision
        if origin != Self.appOrigin, fault != .grantsEveryOrigin {
            decision = .deny
        } else if type == .microphone {
            decision = .prompt
        } else {
            if fault == .forgetsCamera, type == .camera { return }
            decision = .grant
        }
        decisionHandler(decision)
        if fault == .decidesTwice { decisionHandler(decision) }
    }
}

@Suite("Media-capture requests: record, write, read, replay")
struct MediaCaptureRoundTripTests {
    static let call = Frame.main("https://call.example/room/42")
    static let camera = MediaCaptureRequest(origin: VideoCallPermissions.appOrigin, frame: call, type: .camera)
    static let both = MediaCaptureRequest(origin: VideoCallPermissions.appOrigin, frame: call, type: .cameraAndMicrophone)
    static let microphone = MediaCaptureRequest(origin: VideoCallPermissions.appOrigin, frame: call, type: .microphone)
    static let advert = MediaCaptureRequest(
        origin: SecurityOrigin(protocol: "https", host: "ads.example"),
        frame: Frame(isMainFrame: false, url: "https://ads.example/frame?session=tok_live_4f9a"), type: .camera)

    func recordSession() async throws -> Cassette {
        let web = SimulatedWebView()
        return try await recordWrittenAndRead(
            "video-call", platform: .simulated(webView: web), setUp: { platform in await VideoCallPermissions(platform: platform) },
            drive: { _ in
                var decisions: [PermissionDecision] = []
                for request in [Self.camera, Self.both, Self.microphone, Self.advert] {
                    decisions.append(try await web.requestMediaCapture(request))
                }
                #expect(decisions == [.grant, .grant, .prompt, .deny])
            })
    }

    @Test("each request is a stimulus and its decision an effect caused by it")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == Array(
            repeating: ["javascript.mediaCapture", "javascript.mediaDecision"], count: 4).flatMap { $0 })
        for index in stride(from: 1, to: 8, by: 2) {
            #expect(cassette.events[index].cause == cassette.events[index - 1].id)
        }
        #expect(cassette.events.map(\.payload.summary) == [
            "camera for https://call.example", "grant", "cameraAndMicrophone for https://call.example", "grant",
            "microphone for https://call.example", "prompt", "camera for https://ads.example (subframe)", "deny",
        ])
        let request = try #require(cassette.events[6].payload(as: MediaCaptureRequest.self))
        #expect(request.origin == Self.advert.origin)
        #expect(request.frame.isMainFrame == false)
    }

    @Test("the recorded requests replay against the same delegate")
    func replays() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await VideoCallPermissions(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a decision handler called twice is reported at the request")
    func decidedTwice() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await VideoCallPermissions(platform: platform, fault: .decidesTwice)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .answerRepeated)
        #expect(issue.eventID == 1)
        #expect(issue.eventKind == MediaCaptureRequest.eventKind)
    }

    @Test("a request whose decision handler is never called is reported missing, naming the recorded decision")
    func neverDecided() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await VideoCallPermissions(platform: platform, fault: .forgetsCamera)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .answerMissing, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.expected == "grant", "\(issue)")
    }

    @Test("granting an origin the recording denied fails at that decision, showing both")
    func grantsAnotherOrigin() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await VideoCallPermissions(platform: platform, fault: .grantsEveryOrigin)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 8, "\(issue)")
        #expect(issue.expected == "deny")
        #expect(issue.found == "grant")
        #expect(!report.passed)
    }

    @Test("the bundled video-call example replays against the same delegate")
    func bundledExample() async throws {
        let report = try await replayExample("web/video-call.json") { platform in await VideoCallPermissions(platform: platform) }
        #expect(report.passed, "\(report)")
    }

    @Test("a request with no UI delegate cannot be delivered, and says so")
    func noDelegate() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: Self.camera)])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message.contains("no UI delegate to decide the page's request for the camera"), "\(issue)")
    }

    @Test("a delegate without the method leaves the decision to the user (prompt), as WebKit does")
    func defaultPrompts() async throws {
        struct DialogsOnly: UIDelegate {}
        let web = SimulatedWebView()
        web.setUIDelegate(DialogsOnly())
        #expect(try await web.requestMediaCapture(Self.both) == .prompt)
        await #expect(throws: SimulationError.self) { try await SimulatedWebView().requestMediaCapture(Self.camera) }
    }

    @Test("the simulation keeps only the first decision and says when a second came")
    func simulationKeepsFirst() async throws {
        let web = SimulatedWebView()
        let delegate = await VideoCallPermissions(platform: .simulated(webView: web), fault: .decidesTwice)
        #expect(try await web.requestMediaCapture(Self.camera) == .grant)
        // The delegate's second call runs on the main actor before the next request is asked there.
        #expect(try await web.requestMediaCapture(Self.advert) == .deny)
        #expect(web.decisionMisuses.count >= 1)
        #expect(web.decisionMisuses.first?.contains("after deciding grant") == true)
        _ = delegate
    }

    @Test("a frame URL's token is redacted; the origin and decision are written as they are")
    func redactsFrameURL() async throws {
        let cassette = try await recordSession()
        let written = CassetteWriter.canonicalText(of: cassette)
        #expect(!written.contains("tok_live_4f9a"))
        #expect(written.contains("\"host\" : \"ads.example\"") || written.contains("\"host\": \"ads.example\""))
    }

    @Test("the reader checks the type, the decision and that the origin is there")
    func readerErrors() throws {
        func problems(_ events: String) -> [String] { diagnostics(of: cassetteText([events])) }
        let request = #"{"id": 1, "at": 0, "channel": "javascript", "kind": "mediaCapture", "direction": "stimulus", "payload": "#
        let origin = #""origin": {"protocol": "https", "host": "call.example", "port": 0}, "frame": {"isMainFrame": true}"#
        #expect(problems(request + "{\(origin), \"type\": \"screen\"}}").contains { $0.contains("unknown media capture type 'screen'") })
        #expect(problems(request + #"{"frame": {"isMainFrame": true}, "type": "camera"}}"#).contains { $0.contains("origin") })
        let decision = #"{"id": 2, "at": 0, "cause": 1, "channel": "javascript", "kind": "mediaDecision", "direction": "effect", "payload": "#
        #expect(problems(request + "{\(origin), \"type\": \"camera\"}}, " + decision + #"{"decision": "allow"}}"#)
            .contains { $0.contains("unknown permission decision 'allow'; expected one of 'prompt', 'grant', 'deny'") })
        #expect(problems(request + "{\(origin), \"type\": \"camera\"}}, " + decision + #"{"decision": "grant"}}"#) == [])
    }
}
