import Foundation
@testable import HybridReplay
import HybridReplayTestSupport
import Testing

/// The replayer against generated cassettes with events of every kind: an
/// implementation that does exactly what was recorded passes, and one that
/// skips or alters a single effect fails at that effect.
@Suite("Replaying generated cassettes")
struct ReplayerPropertyTests {
    static let seeds: [UInt64] = Array(1...48)

    /// A generated cassette whose location configurations set one property
    /// each, as the seam records them.
    static func cassette(seed: UInt64) -> Cassette {
        var generator = CassetteGenerator(seed: seed)
        var cassette = generator.cassette(scenes: 14)
        for index in cassette.events.indices {
            if var configuration = cassette.events[index].payload(as: LocationConfiguration.self) {
                configuration.distanceFilter = configuration.desiredAccuracy == nil ? configuration.distanceFilter : nil
                cassette.events[index].payload = configuration
            }
        }
        return cassette
    }

    func replay(_ cassette: Cassette, _ fault: CassetteOracle.Fault) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay {
            CassetteOracle(cassette: cassette, platform: $0, fault: fault)
        }
    }

    /// Whether `issue` is about `effect`: at it, at the stimulus it settles,
    /// or naming it as the effect that should have come first. A scheme
    /// answer's body is compared as its concatenation, so a skipped piece is
    /// found in the request's answer, not necessarily at that piece: an
    /// issue at the request or at any event of its answer names it.
    func names(_ issue: ReplayIssue?, _ effect: Event, in cassette: Cassette) -> Bool {
        guard let issue else { return false }
        if effect.channel == .scheme, let request = effect.cause {
            let answer = Set(cassette.events.filter { $0.cause == request }.map(\.id)).union([request])
            if let at = issue.eventID, answer.contains(at) { return true }
        }
        return issue.eventID == effect.id || issue.relatedEvent?.id == effect.id || issue.cause?.id == effect.id
            || issue.nearestCandidate?.hasPrefix("event \(effect.id) ") == true
            || [NavigationDecision.eventKind, NavigationResponseDecision.eventKind, ScriptReply.eventKind].contains(effect.kind)
                && issue.eventID == effect.cause
    }

    @Test("an implementation that does what was recorded passes", arguments: seeds)
    func faithfulPasses(seed: UInt64) async throws {
        let cassette = Self.cassette(seed: seed)
        try #require(CassetteValidator.problems(in: cassette).isEmpty)
        let report = await replay(cassette, .none)
        #expect(report.passed, "seed \(seed): \(report)")
        #expect(report.trace.events.count == cassette.events.count)
    }

    @Test("skipping one effect fails at that effect", arguments: seeds)
    func skippedEffectFails(seed: UInt64) async throws {
        let cassette = Self.cassette(seed: seed)
        var random = SplitMix64(seed: seed &* 7919)
        // A new-window result is the return value of a synchronous call: it can be altered, not left out.
        let effects = cassette.events.filter { $0.direction == .effect && $0.kind != NewWindowResult.eventKind }
        let target = effects[Int(random.next() % UInt64(effects.count))]
        let report = await replay(cassette, .skip(effect: target.id))
        #expect(!report.passed, "seed \(seed): skipping event \(target.id) went unnoticed")
        #expect(names(report.issues.first, target, in: cassette), "seed \(seed), skipped event \(target.id) (\(target.kind)): \(report)")
    }

    @Test("altering one effect fails at that effect, field by field", arguments: seeds)
    func alteredEffectFails(seed: UInt64) async throws {
        let cassette = Self.cassette(seed: seed)
        var random = SplitMix64(seed: seed &* 104_729)
        // Starting and stopping updates carry no fields, so they cannot be altered, only skipped.
        let effects = cassette.events.filter {
            $0.direction == .effect && !CassetteOracle.altered($0.payload).isEqual(to: $0.payload)
        }
        let target = effects[Int(random.next() % UInt64(effects.count))]
        let report = await replay(cassette, .alter(effect: target.id))
        let issue = report.issues.first
        #expect(issue?.kind == .unexpectedEffect, "seed \(seed), altered event \(target.id) (\(target.kind)) \(target.payload.summary): \(report)")
        #expect(issue?.eventID == target.id, "seed \(seed), altered event \(target.id) (\(target.kind)): \(report)")
        #expect(issue?.differences.isEmpty == false)
    }
}
