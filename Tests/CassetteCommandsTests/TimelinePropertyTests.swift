import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayTestSupport
import Testing

/// A timeline is a textconv driver's whole view of a cassette: if one field
/// could change without changing it, `git diff` would show nothing.
@Suite struct TimelinePropertyTests {
    /// A cassette whose fields are changed one at a time, and which of them.
    struct Subject {
        enum Fields {
            /// A spread of about ``TimelinePropertyTests/leavesPerCassette`` leaves.
            case spread
            /// Every leaf.
            case every
            /// Every leaf of a shape (``SingleFieldChanges/shape(of:in:)``) no earlier subject had changed.
            case newShapes
        }

        var name: String
        var bytes: [UInt8]
        var fields: Fields
    }

    /// The seeds of the generated cassettes; a failure names its seed, so it reproduces.
    static let seeds: [UInt64] = Array(1...80)
    /// Short cassettes keep each change quick to read and show.
    static let scenes = 2
    /// At most about this many leaves are changed per suite cassette.
    static let leavesPerCassette = 5

    /// A generated cassette and the name a failure calls it by.
    static func generated(seed: UInt64) -> (name: String, cassette: Cassette) {
        var generator = CassetteGenerator(seed: seed)
        return ("generated seed \(seed) (CassetteGenerator(seed: \(seed)).cassette(scenes: \(scenes)))",
            generator.cassette(scenes: scenes))
    }

    /// The conformance suite's cassettes with a spread of their fields changed, the samples with
    /// every field changed, and the generated cassettes, every kind of event among them, with every
    /// field of every kind changed.
    static func subjects() throws -> [Subject] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cassettes")
        var found: [Subject] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            found.append(Subject(name: file, bytes: Array(try Data(contentsOf: root.appendingPathComponent(file))), fields: .spread))
        }
        for (name, cassette) in [("navigation", Samples.navigation), ("http", Samples.http)] {
            found.append(Subject(name: name, bytes: CassetteWriter.canonicalBytes(of: cassette), fields: .every))
        }
        for seed in seeds {
            let (name, cassette) = generated(seed: seed)
            found.append(Subject(name: name, bytes: CassetteWriter.canonicalBytes(of: cassette), fields: .newShapes))
        }
        return found
    }

    @Test("any single-field change that leaves a valid, different cassette changes show's output")
    func singleFieldChanges() async throws {
        let subjects = try Self.subjects()
        // Seconds of work run on a Dispatch thread, so the replays of the tests running alongside,
        // which need the cooperative threads, are never starved of them.
        let outcome = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: Self.check(subjects)) }
        }
        #expect(outcome.unchanged.isEmpty, "show's output did not change: \(outcome.unchanged.prefix(5))")
        // Most changes leave a valid cassette.
        #expect(outcome.checked > 1000)
        // Every kind of generated event with payload fields had one of them changed, and the change checked.
        let missing = outcome.kindsWithFields.subtracting(outcome.kindsChanged).map(\.description).sorted()
        #expect(missing.isEmpty, "no change to the payload of an event of kind \(missing) was checked")
        #expect(outcome.kindsChanged.contains { $0.channel == .custom }, "no change to a custom event was checked")
    }

    @Test("the generated cassettes hold every kind of event the format defines, custom events among them")
    func generatedCassettesCoverEveryKind() {
        let kinds = Set(Self.seeds.flatMap { Self.generated(seed: $0).cassette.events.map(\.kind) })
        let missing = EventKind.standard.filter { !kinds.contains($0) }
        #expect(missing.isEmpty, "no generated cassette holds \(missing); seeds \(Self.seeds.first ?? 0)...\(Self.seeds.last ?? 0)")
        #expect(kinds.contains { $0.channel == .custom }, "no generated cassette holds a custom event")
    }

    /// What changing single fields found.
    struct Outcome: Sendable {
        /// The changes tried that left a valid, different cassette.
        var checked = 0
        /// Those that left show's output as it was, each named by cassette, path and new value.
        var unchanged: [String] = []
        /// The kinds of the generated events whose payload has fields.
        var kindsWithFields: Set<EventKind> = []
        /// The kinds of the generated events that had a field of their payload changed.
        var kindsChanged: Set<EventKind> = []
    }

    /// Changes the chosen fields of each subject one at a time, with every change of
    /// ``SingleFieldChanges/changes(of:at:vocabulary:)``, and compares show's output.
    static func check(_ subjects: [Subject]) -> Outcome {
        let reader = CassetteReader()
        var outcome = Outcome()
        let vocabulary = SingleFieldChanges.vocabulary(of: subjects.compactMap { try? JSONReader.platformDefault.read($0.bytes) })
        var shapes: Set<String> = []
        for subject in subjects {
            guard let original = try? reader.read(subject.bytes, path: subject.name),
                let document = try? JSONReader.platformDefault.read(subject.bytes)
            else {
                outcome.unchanged.append("\(subject.name) cannot be read")
                continue
            }
            let originalText = Timeline.text(for: original)
            var leaves = SingleFieldChanges.leaves(of: document)
            for (path, _) in leaves where subject.fields == .newShapes {
                if let (event, inner) = SingleFieldChanges.event(at: path, in: original), inner.count > 1,
                    SingleFieldChanges.isPayloadField(inner)
                {
                    outcome.kindsWithFields.insert(event.kind)
                }
            }
            switch subject.fields {
            case .spread:
                let step = max(1, leaves.count / Self.leavesPerCassette)
                leaves = stride(from: 0, to: leaves.count, by: step).map { leaves[$0] }
            case .every:
                break
            case .newShapes:
                leaves = leaves.filter { shapes.insert(SingleFieldChanges.shape(of: $0.0, in: original)).inserted }
            }
            for (path, value) in leaves {
                for leaf in SingleFieldChanges.changes(of: value, at: path, vocabulary: vocabulary) {
                    guard let changed = SingleFieldChanges.replacing(path[...], in: document, with: leaf),
                        let cassette = try? reader.read(Array(changed.documentText.utf8), path: subject.name),
                        cassette != original
                    else { continue }
                    outcome.checked += 1
                    if subject.fields == .newShapes, let (event, inner) = SingleFieldChanges.event(at: path, in: original),
                        SingleFieldChanges.isPayloadField(inner)
                    {
                        outcome.kindsChanged.insert(event.kind)
                    }
                    if Timeline.text(for: cassette) == originalText {
                        outcome.unchanged.append("\(subject.name): \(JSONPath(path)) → \(leaf.map(\.description) ?? "removed")")
                    }
                }
            }
        }
        return outcome
    }
}
