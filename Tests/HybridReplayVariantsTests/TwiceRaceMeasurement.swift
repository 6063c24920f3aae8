import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplayTesting
@testable import HybridReplayVariants

/// Measures how often the task-group product card, explored against itself
/// under the runtime watch, differs from itself, and fails when it does
/// (docs/variants.md, "Beside another replay"). Opt-in, since the counts are the point:
/// `HR_TWICE_LOOPS=40` runs 40 rounds of the two variants that send its
/// message twice (`duplicate`, `same-turn`), each replayed against the card
/// and against the card as reference; `HR_TWICE_FULL=40` runs 40 whole
/// explorations (every variant) through the testing glue.
@Suite("Measuring the message-sent-twice race")
struct TwiceRaceMeasurement {
    static let loops = ProcessInfo.processInfo.environment["HR_TWICE_LOOPS"].flatMap(Int.init)

    @Test("the product card against itself on duplicate and same-turn, N rounds", .enabled(if: loops != nil))
    func measure() async throws {
        let recording = try await ConcurrentReferenceTests.recorded()
        let generator = VariantGenerator()
        let variants = generator.variants(of: recording).filter {
            $0.id.variantClass == "duplicate" || $0.id.variantClass == "same-turn"
        }.filter { $0.id.eventID == 1 }
        try #require(variants.count == 2)
        var differing: [String: Int] = [:]
        var shown = 0
        for _ in 0..<(Self.loops ?? 0) {
            for variant in variants {
                let cassette = variant.cassette
                let (mine, theirs) = await RuntimeWatchInstallation.during {
                    (
                        await Replayer(cassette: cassette).explore { await ProductCard(platform: $0) },
                        await Replayer(cassette: cassette).explore { await ProductCard(platform: $0) }
                    )
                }
                if let difference = ReferenceImplementation.difference(of: mine.trace, from: theirs.trace, reference: "self") {
                    differing["\(variant.id.variantClass)", default: 0] += 1
                    if shown < 4 {
                        shown += 1
                        print("DIFF \(variant.id): \(difference.message)")
                        print("MINE:\n" + Self.lines(RunFingerprint.normalized(mine.trace.events).map(\.event)))
                        print("THEIRS:\n" + Self.lines(RunFingerprint.normalized(theirs.trace.events).map(\.event)))
                        print("RAW MINE:\n" + Self.lines(mine.trace.events))
                        print("RAW THEIRS:\n" + Self.lines(theirs.trace.events))
                    }
                }
            }
        }
        print("TWICE-RACE rounds=\(Self.loops ?? 0) differing=\(differing)")
        #expect(differing.isEmpty, "explored against itself, the product card differed: \(differing)")
    }

    /// One line per event: id, cause, answer, strand, kind and summary.
    static func lines(_ events: [Event]) -> String {
        func text(_ value: Int?) -> String { value.map(String.init) ?? "-" }
        return events.map { event in
            "  \(event.id) c=\(text(event.cause)) a=\(text(event.answers)) s=\(text(event.strand)) \(event.kind) \(event.payload.summary)"
        }.joined(separator: "\n")
    }

    static let fullLoops = ProcessInfo.processInfo.environment["HR_TWICE_FULL"].flatMap(Int.init)

    /// As docs/variants.md counted: whole explorations (every variant) against
    /// the reference, through the testing glue, and which classes differed.
    @Test("whole explorations of the product card against itself, N times", .enabled(if: fullLoops != nil))
    func measureWhole() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("twice-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("product-card.json")
        try Data(CassetteWriter.canonicalBytes(of: try await ConcurrentReferenceTests.recorded())).write(to: file)
        var options = ExplorationOptions()
        options.reference = ConcurrentReferenceTests.reference
        var differing = 0
        var twice = 0
        var classes: [String: Int] = [:]
        var explored = 0
        for _ in 0..<(Self.fullLoops ?? 0) {
            let outcome = await CassetteExplorationRun(cassette: file, options: options).run { await ProductCard(platform: $0) }
            let exploration = try #require(outcome.exploration)
            explored = exploration.explored
            if !exploration.failures.isEmpty { differing += 1 }
            if exploration.failures.contains(where: { ["duplicate", "same-turn"].contains($0.variant.id.variantClass) }) { twice += 1 }
            for failure in exploration.failures {
                classes[failure.variant.id.variantClass, default: 0] += 1
                print("TWICE-WHOLE-FAILURE \(failure.variant.id) deterministic=\(failure.isDeterministic): \(failure.violations.map(\.message))")
            }
        }
        print("TWICE-WHOLE explorations=\(Self.fullLoops ?? 0) variants=\(explored) differing=\(differing) on-twice=\(twice) classes=\(classes)")
        #expect(differing == 0, "explored against itself, the product card differed in \(differing) explorations: \(classes)")
    }
}
