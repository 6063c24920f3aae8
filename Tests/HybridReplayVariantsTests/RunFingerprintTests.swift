import Foundation
import HybridReplay
import HybridReplayReference
import Testing

@testable import HybridReplayVariants

/// The reference echo bridge's trace on the suite's cassette of three messages.
private func echoTrace() async throws -> Cassette {
    let cassette = try suiteCassette("bridge/echo-empty-whitespace-repeated.json")
    let report = await Replayer(cassette: cassette).explore { platform in EchoBridge(webView: platform.webView) }
    return report.trace
}

@Suite("RunFingerprint")
struct RunFingerprintTests {
    @Test("the same variant replayed twice against the same implementation has the same fingerprint")
    func sameRunSameFingerprint() async throws {
        let first = try await echoTrace()
        let second = try await echoTrace()
        #expect(RunFingerprint(trace: first) == RunFingerprint(trace: second))
    }

    @Test("an effect with other fields changes the fingerprint")
    func otherEffectOtherFingerprint() async throws {
        var trace = try await echoTrace()
        let index = try #require(trace.events.firstIndex { $0.payload is JavaScriptEvaluation })
        var evaluation = try #require(trace.events[index].payload as? JavaScriptEvaluation)
        evaluation.script += ";"
        let before = RunFingerprint(trace: trace)
        trace.events[index].payload = evaluation
        #expect(RunFingerprint(trace: trace) != before)
    }

    @Test("effects of different stimuli in another interleaving, and other times, keep the fingerprint")
    func interleavingIsNotPartOfTheRun() async throws {
        let trace = try await echoTrace()
        let effects = trace.events.indices.filter { trace.events[$0].direction == .effect && trace.events[$0].cause != nil }
        let first = try #require(effects.first)
        let other = try #require(effects.first { trace.events[$0].cause != trace.events[first].cause })
        var reordered = trace
        reordered.events.swapAt(first, other)
        reordered.events = reordered.events.map { event in
            var event = event
            event.at += 1.5
            return event
        }
        #expect(RunFingerprint(trace: reordered) == RunFingerprint(trace: trace))
    }

    @Test("a fingerprint prints as 16 hex digits and reads back; other text is refused")
    func text() throws {
        let fingerprint = RunFingerprint(value: 0x00ab_cdef_0123_4567)
        #expect(fingerprint.description == "00abcdef01234567")
        #expect(RunFingerprint("00abcdef01234567") == fingerprint)
        #expect(RunFingerprint("abcdef01234567") == nil)
        #expect(RunFingerprint("00abcdef0123456g") == nil)
        #expect(RunFingerprint("") == nil)
    }
}

/// A router that decides a malformed link twice only on the first run in
/// which it meets one: an implementation that does not do the same thing
/// on the same stimuli.
private final class FlakyRouterState: @unchecked Sendable {
    private let lock = NSLock()
    private var metMalformed = false

    /// Whether this is the first time a malformed link is met.
    func firstMalformed() -> Bool {
        lock.withLock {
            defer { metMalformed = true }
            return !metMalformed
        }
    }
}

private struct FlakyRouter: NavigationDelegate {
    let state: FlakyRouterState

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let components = URLComponents(string: action.urlString), NavigationRouter.route(for: components) != nil else {
            decisionHandler(.cancel)
            if state.firstMalformed() { decisionHandler(.cancel) }
            return
        }
        decisionHandler(.cancel)
    }
}

private struct RouterDecidingMalformedTwice: NavigationDelegate {
    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let components = URLComponents(string: action.urlString), NavigationRouter.route(for: components) != nil else {
            decisionHandler(.cancel)
            return decisionHandler(.cancel)
        }
        decisionHandler(.cancel)
    }
}

@Suite("Explorer fingerprints")
struct ExplorerFingerprintTests {
    let url = suiteFolder.appendingPathComponent("router/present-yellow.json")
    let malformed = VariantID("v1:router-present-yellow:query:1:r=not-a-number")

    @Test("a failure carries its run's fingerprint, and replaying the id with it reproduces the run")
    func reproduces() async throws {
        let id = try #require(malformed)
        let setUp: @Sendable (Platform) async throws -> any Sendable = { platform in
            let router = RouterDecidingMalformedTwice()
            platform.webView.setNavigationDelegate(router)
            return router
        }
        let found = try await exploreCassette(at: url, options: ExplorationOptions(variant: id), setUp: setUp)
        let failure = try #require(found.failures.first)
        #expect(failure.isDeterministic)
        #expect(failure.failureCassette.header.description?.contains("fingerprint \(failure.fingerprint)") == true)

        let again = try await exploreCassette(at: url, options: ExplorationOptions(variant: id, fingerprint: failure.fingerprint), setUp: setUp)
        #expect(again.mismatch == nil)
        #expect(again.failures.map(\.fingerprint) == [failure.fingerprint])
    }

    @Test("replaying an id against an implementation that now does something else says the run differs")
    func differs() async throws {
        let id = try #require(malformed)
        let broken = try await exploreCassette(at: url, options: ExplorationOptions(variant: id)) { platform in
            let router = RouterDecidingMalformedTwice()
            platform.webView.setNavigationDelegate(router)
            return router
        }
        let fingerprint = try #require(broken.failures.first?.fingerprint)
        let fixed = try await exploreCassette(at: url, options: ExplorationOptions(variant: id, fingerprint: fingerprint)) { platform in
            NavigationRouter(webView: platform.webView, routes: platform.routes)
        }
        #expect(fixed.failures.isEmpty)
        let mismatch = try #require(fixed.mismatch)
        #expect(mismatch.expected == fingerprint && mismatch.found != fingerprint)
        #expect(!fixed.passed)
        #expect(mismatch.description.contains("ran differently from the run reported"))
    }

    @Test("a failure that a second run does not do the same way is marked as not deterministic")
    func notDeterministic() async throws {
        let state = FlakyRouterState()
        let exploration = try await exploreCassette(at: url, options: ExplorationOptions(variant: malformed)) { platform in
            let router = FlakyRouter(state: state)
            platform.webView.setNavigationDelegate(router)
            return router
        }
        let failure = try #require(exploration.failures.first)
        #expect(!failure.isDeterministic)
    }
}
