import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

// The example of docs/writing-app-code-that-replays.md#state-that-outlives-a-replay:
// a cache kept for the whole process carries one replay's answer into the next.

/// Asks the server for a reader's name once, then answers from its cache.
@MainActor
final class ReaderNames {
    /// One for the whole process: what a replay caches, every later replay in the process finds.
    static let shared = ReaderNames()

    private var names: [String: String] = [:]

    func name(of user: String, transport: any HTTPTransport) async -> String {
        if let name = names[user] { return name }
        let response = try? await transport.send(HTTPRequest(url: "https://api.news.example/v1/users/\(user)"))
        let name = response?.body?.text ?? "Reader"
        names[user] = name
        return name
    }

    /// What the app calls on sign-out.
    func reset() { names = [:] }
}

/// Replies to the page's `profile` message with the reader's name, from the service it is given.
@MainActor
final class ProfileBridge: ScriptMessageHandlerWithReply {
    private let transport: any HTTPTransport
    private let names: ReaderNames

    init(platform: Platform, names: ReaderNames = ReaderNames()) {
        transport = platform.transport
        self.names = names
        platform.webView.addScriptMessageHandler(self, contentWorld: .page, name: "profile")
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        guard case .string(let user)? = message.body.objectValue?["user"] else { return replyHandler(.error("no user")) }
        Task {
            let name = await names.name(of: user, transport: transport)
            replyHandler(.value(["name": .string(name)]))
        }
    }
}

@Suite("State that outlives a replay")
struct SharedStateTests {
    /// The page asks for u1's name; the server answers `Ada L.`.
    @MainActor static func recording() async throws -> Cassette {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("Ada L.")) }
        let recorder = Recorder(name: "profile")
        let bridge = ProfileBridge(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server)))
        let reply = try await page.postMessageAwaitingReply(["user": "u1"], to: "profile")
        #expect(reply == .value(["name": "Ada L."]))
        _ = bridge
        return recorder.cassette()
    }

    @Test("a service the process shares answers the second replay from the first one's cache: the request is missing")
    func sharedServiceFailsTheSecondReplay() async throws {
        let cassette = try await Self.recording()
        let names = ReaderNames()  // stands for ReaderNames.shared, private to this test
        var reports: [ReplayReport] = []
        for _ in 1...2 {
            reports.append(
                await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                    await ProfileBridge(platform: platform, names: names)
                })
        }
        #expect(reports[0].passed, "\(reports[0])")
        let issue = try #require(reports[1].issues.first, "\(reports[1])")
        #expect(issue.kind == .missingEffect, "\(reports[1])")
        #expect(issue.eventKind == HTTPRequest.eventKind, "\(reports[1])")
        #expect(
            issue.headline.hasPrefix("event 2 (http.request): expected effect did not happen after event 1 (script.message "),
            "\(reports[1])")
    }

    @Test("a service made for each replay, or reset before it, replays green every time")
    func injectedOrResetServicePasses() async throws {
        let cassette = try await Self.recording()
        for _ in 1...2 {
            let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await ProfileBridge(platform: platform, names: ReaderNames())
            }
            #expect(report.passed, "\(report)")
        }
        let names = ReaderNames()
        for _ in 1...2 {
            await names.reset()
            let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await ProfileBridge(platform: platform, names: names)
            }
            #expect(report.passed, "\(report)")
        }
    }
}
