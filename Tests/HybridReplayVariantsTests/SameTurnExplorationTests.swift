import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayVariants
import Testing

/// A reply bridge that notes when each message arrives and when the
/// main-actor task it starts runs; with `oneSlot`, it keeps one slot for the
/// reply in flight and reads it when that task starts, as a bridge written
/// around "the current request" does.
@MainActor final class TurnNotingReplyBridge: ScriptMessageHandlerWithReply {
    private(set) var steps: [String] = []
    private let transport: any HTTPTransport
    private let oneSlot: Bool
    private var pending: (@Sendable (Outcome) -> Void)?

    init(platform: Platform, oneSlot: Bool) {
        transport = platform.transport
        self.oneSlot = oneSlot
        platform.webView.add(self, name: PromiseReplyBridge.handlerName)
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        steps.append("received")
        pending = replyHandler
        Task {
            steps.append("task")
            guard let reply = oneSlot ? pending : replyHandler else { return }
            pending = nil
            do {
                let response = try await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint))
                reply(.value(.string(RandomUserFetcher.text(of: response.body))))
            } catch {
                reply(.error(String(describing: error)))
            }
        }
    }
}

/// An intranet sign-in that keeps one slot for the challenge in flight and
/// answers it from a task, reading the slot when the task starts.
@MainActor final class OneSlotSignIn: NavigationDelegate {
    private let oneSlot: Bool
    private var pending: (@Sendable (AuthenticationAnswer) -> Void)?

    init(platform: Platform, oneSlot: Bool) {
        self.oneSlot = oneSlot
        platform.webView.setNavigationDelegate(self)
    }

    nonisolated func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didReceive(_ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void) {
        pending = completionHandler
        Task {
            guard let answer = oneSlot ? pending : completionHandler else { return }
            pending = nil
            answer(.performDefaultHandling)
        }
    }
}

@Suite("Exploring two stimuli handed over in one main-queue turn")
struct SameTurnExplorationTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let replyCassette = folder.appendingPathComponent("Cassettes/bridge/promise-reply.json")
    static let signInCassette = folder.appendingPathComponent("Tests/HybridReplayTests/Fixtures/examples/web/intranet-sign-in.json")

    /// Explores the one variant `variantClass` of event 1 of `cassette`, with `setUp`.
    private func explore(
        _ cassette: URL, _ variantClass: String, setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async throws -> Exploration {
        let recording = try CassetteReader().read(contentsOf: cassette)
        let id = VariantID(cassette: recording.header.name, variantClass: variantClass, eventID: 1)
        return try await Explorer(options: ExplorationOptions(variant: id)).explore(recording, setUp: setUp)
    }

    @Test("both messages of a same-turn variant reach the handler before the task the first started runs; a duplicate's come a turn apart")
    func deliveryOrder() async throws {
        let bridges = Locked<[TurnNotingReplyBridge]>([])
        let setUp: @Sendable (Platform) async throws -> any Sendable = { platform in
            let bridge = await TurnNotingReplyBridge(platform: platform, oneSlot: false)
            bridges.withLock { $0.append(bridge) }
            return bridge
        }
        _ = try await explore(Self.replyCassette, "same-turn", setUp: setUp)
        _ = try await explore(Self.replyCassette, "duplicate", setUp: setUp)
        let runs = bridges.withLock { $0 }
        try #require(runs.count == 2)
        #expect(await runs[0].steps == ["received", "received", "task", "task"])
        #expect(await runs[1].steps == ["received", "task", "received", "task"])
    }

    @Test("a reply bridge that reads its one reply slot from a task leaves the first of two messages in one turn without a reply; a duplicate does not show it")
    func oneReplySlot() async throws {
        let sameTurn = try await explore(Self.replyCassette, "same-turn") { await TurnNotingReplyBridge(platform: $0, oneSlot: true) }
        let failure = try #require(sameTurn.failures.first)
        #expect(failure.violations.contains { $0.rule == .replyOnce && $0.message.contains("never came") })
        #expect(failure.isDeterministic)
        #expect(failure.shrunk.events.filter { $0.kind == ScriptMessage.eventKind }.count == 2)
        let duplicate = try await explore(Self.replyCassette, "duplicate") { await TurnNotingReplyBridge(platform: $0, oneSlot: true) }
        #expect(duplicate.passed)
        let correct = try await explore(Self.replyCassette, "same-turn") { await TurnNotingReplyBridge(platform: $0, oneSlot: false) }
        #expect(correct.passed, "\(correct.failures.map(\.violations))")
    }

    @Test("a sign-in that keeps one slot for the challenge in flight never answers the first of two challenges in one turn")
    func oneChallengeSlot() async throws {
        let broken = try await exploreCassette(at: Self.signInCassette) { await OneSlotSignIn(platform: $0, oneSlot: true) }
        #expect(broken.failures.contains {
            $0.variant.id.variantClass == "same-turn" && $0.violations.contains { $0.rule == .challengeAnsweredOnce }
        })
        let correct = try await exploreCassette(at: Self.signInCassette) { await OneSlotSignIn(platform: $0, oneSlot: false) }
        #expect(correct.passed, "\(correct.failures.map { "\($0.variant.id): \($0.violations.map(\.message))" })")
    }
}
