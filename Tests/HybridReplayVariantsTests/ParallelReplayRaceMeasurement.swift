import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplayTesting
@testable import HybridReplayVariants

/// Measures how often the task-group product card, explored against itself
/// under the runtime watch on the variants of one class, differs from
/// itself while another replay runs in the same process meanwhile
/// (docs/variants.md, "Beside another replay"). Opt-in: `HR_PARALLEL_RACE=N` runs N
/// rounds of the variants of the class `HR_PARALLEL_RACE_CLASS` (`status`
/// unless set; `all` for every variant), each replayed against the card and
/// against the card as reference, while `HR_PARALLEL_RACE_BESIDE` tasks (1
/// unless set) replay the recording in a loop.
@Suite("Measuring exploration beside another replay")
struct ParallelReplayRaceMeasurement {
    static let loops = ProcessInfo.processInfo.environment["HR_PARALLEL_RACE"].flatMap(Int.init)

    @Test("the product card against itself on one variant class, beside a replay in a loop, N rounds", .enabled(if: loops != nil))
    func measure() async throws {
        let recording = try await ConcurrentReferenceTests.recorded()
        let variantClass = ProcessInfo.processInfo.environment["HR_PARALLEL_RACE_CLASS"] ?? "status"
        let variants = VariantGenerator().variants(of: recording).filter { variantClass == "all" || $0.id.variantClass == variantClass }
        try #require(!variants.isEmpty)
        print("PARALLEL-RACE variants: \(variants.map { "\($0.id)" })")
        let besideCount = ProcessInfo.processInfo.environment["HR_PARALLEL_RACE_BESIDE"].flatMap(Int.init) ?? 1
        let beside = (0..<besideCount).map { _ in
            Task.detached {
                var replays = 0
                while !Task.isCancelled {
                    _ = await RuntimeWatchInstallation.during {
                        await Replayer(cassette: recording).replay { await ProductCard(platform: $0) }
                    }
                    replays += 1
                }
                return replays
            }
        }
        var differing = 0
        var classes: [String: Int] = [:]
        var runs = 0
        var shown = 0
        var roundsDiffering = 0
        for _ in 0..<(Self.loops ?? 0) {
            let before = differing
            defer { if differing > before { roundsDiffering += 1 } }
            for variant in variants {
                let cassette = variant.cassette
                let (mine, theirs) = await RuntimeWatchInstallation.during {
                    (
                        await Replayer(cassette: cassette).explore { await ProductCard(platform: $0) },
                        await Replayer(cassette: cassette).explore { await ProductCard(platform: $0) }
                    )
                }
                runs += 1
                if let difference = ReferenceImplementation.difference(of: mine.trace, from: theirs.trace, reference: "self") {
                    differing += 1
                    classes[variant.id.variantClass, default: 0] += 1
                    if shown < 3 {
                        shown += 1
                        print("PARALLEL-RACE DIFF \(variant.id): \(difference.message)")
                        print("RAW MINE:\n" + TwiceRaceMeasurement.lines(mine.trace.events))
                        print("RAW THEIRS:\n" + TwiceRaceMeasurement.lines(theirs.trace.events))
                        print("MINE issues: \(mine.issues.map(\.message))")
                        print("THEIRS issues: \(theirs.issues.map(\.message))")
                    }
                }
            }
        }
        var replays = 0
        for task in beside {
            task.cancel()
            replays += await task.value
        }
        print("PARALLEL-RACE class=\(variantClass) rounds=\(Self.loops ?? 0) rounds-differing=\(roundsDiffering) pairs=\(runs) differing=\(differing) classes=\(classes) beside-replays=\(replays)")
        #expect(differing == 0, "explored against itself beside another replay, the product card differed in \(differing) of \(runs) pairs")
    }
}
