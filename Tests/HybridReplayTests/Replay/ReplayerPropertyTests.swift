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

    /// Every byte checked, the pieces of the app's own files too: every
    /// skipped or altered effect has something to fail at.
    static let pinned = {
        var options = fastReplay
        options.servedFiles = .pinned
        return options
    }()

    func replay(_ cassette: Cassette, _ fault: CassetteOracle.Fault, options: ReplayOptions = fastReplay) async -> ReplayReport {
        await Replayer(cassette: cassette, options: options).replay {
            CassetteOracle(cassette: cassette, platform: $0, fault: fault)
        }
    }

    /// Whether `piece` is a `scheme.data` piece of an answer that serves one
    /// of the app's own files, whose bytes a replay checks only when served
    /// files are pinned (see ``ServedFilesPolicy``).
    static func servesFile(_ piece: Event, in cassette: Cassette) -> Bool {
        guard piece.kind == URLSchemeData.eventKind, let request = piece.cause else { return false }
        let head = cassette.events.lazy.filter { $0.cause == request }.compactMap { $0.payload(as: URLSchemeResponse.self) }.first
        return ServedFilesPolicy.isFile(mimeType: head?.mimeType ?? head?.headers.values(named: "Content-Type").first)
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
        let report = await replay(cassette, .skip(effect: target.id), options: Self.pinned)
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
        let report = await replay(cassette, .alter(effect: target.id), options: Self.pinned)
        let issue = report.issues.first
        #expect(issue?.kind == .unexpectedEffect, "seed \(seed), altered event \(target.id) (\(target.kind)) \(target.payload.summary): \(report)")
        #expect(issue?.eventID == target.id, "seed \(seed), altered event \(target.id) (\(target.kind)): \(report)")
        #expect(issue?.differences.isEmpty == false)
    }

    /// The generated cassettes whose answers hold pieces, with one piece each picked by seed.
    static let pieces: [(seed: UInt64, id: Int)] = seeds.compactMap { seed in
        let pieces = cassette(seed: seed).events.filter { $0.kind == URLSchemeData.eventKind }
        guard !pieces.isEmpty else { return nil }
        var random = SplitMix64(seed: seed &* 15_485_863)
        return (seed, pieces[Int(random.next() % UInt64(pieces.count))].id)
    }

    @Test("the generated answers hold pieces of the app's own files and of other answers")
    func piecesOfBothKinds() {
        let served = Self.pieces.compactMap { piece -> Bool? in
            let cassette = Self.cassette(seed: piece.seed)
            return cassette.events.first { $0.id == piece.id }.map { Self.servesFile($0, in: cassette) }
        }
        #expect(served.contains(true) && served.contains(false), "\(Self.pieces)")
    }

    @Test(
        "altering one piece of an answer fails at that piece; a piece of the app's own file only with served files pinned",
        arguments: pieces.map(\.seed))
    func alteredPiece(seed: UInt64) async throws {
        let cassette = Self.cassette(seed: seed)
        let id = try #require(Self.pieces.first { $0.seed == seed }?.id)
        let piece = try #require(cassette.events.first { $0.id == id })
        let byDefault = await replay(cassette, .alter(effect: id))
        if Self.servesFile(piece, in: cassette) {
            #expect(byDefault.passed, "seed \(seed), altered piece \(id) of a served file: \(byDefault)")
        } else {
            #expect(byDefault.issues.first?.eventID == id, "seed \(seed), altered piece \(id): \(byDefault)")
        }
        let pinned = await replay(cassette, .alter(effect: id), options: Self.pinned)
        let issue = pinned.issues.first
        #expect(issue?.kind == .unexpectedEffect && issue?.statement == .differs, "seed \(seed), altered piece \(id): \(pinned)")
        #expect(issue?.eventID == id, "seed \(seed), altered piece \(id): \(pinned)")
        #expect(issue?.differences.isEmpty == false)
    }
}
