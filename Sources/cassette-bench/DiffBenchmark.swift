import Foundation
import HybridReplay

/// The diff run: `CassetteDiff.between` on two synthetic cassettes of N
/// events in which 1% of the events were changed, inserted or removed (a
/// third each), against loading both files with `CassetteReader` in the same
/// process; then the same at 4N, for the growth.
///
/// Every run checks that the diff found exactly the edits made, or the
/// benchmark fails without timing it.
struct DiffBenchmark {
    var options: Options

    /// The share of events edited.
    static let editedShare = 0.01

    func run() throws {
        let small = try measure(events: options.events)
        let large = try measure(events: options.events * 4)
        print("cassette-bench diff — two synthetic cassettes (seed \(options.seed)), 1% of events changed, inserted or removed")
        print("  timing:     median of \(options.iterations) runs per side, alternating, after one warm-up")
        print("  load:       CassetteReader.read of both files; diff: CassetteDiff.between of the two cassettes loaded")
        print("")
        for cells in [["events", "load", "diff", "edits found"], small.cells, large.cells] {
            print(TextColumns.pad(cells[0], 10) + cells.dropFirst().map { TextColumns.pad($0, 14, left: true) }.joined())
        }
        print("")
        // Linear growth is 4.00. Loading is linear, so its growth in the same run shows whether the
        // machine's load changed between the two sizes; CPU time is what other processes inflate least.
        print("load growth 4N/N time=\(TextColumns.fixed(large.load.seconds / small.load.seconds, 2)) cpu=\(TextColumns.fixed(large.load.cpuSeconds / small.load.cpuSeconds, 2))")
        print("diff growth 4N/N time=\(TextColumns.fixed(large.diff.seconds / small.diff.seconds, 2)) cpu=\(TextColumns.fixed(large.diff.cpuSeconds / small.diff.cpuSeconds, 2))")
        print("diff/load time=\(TextColumns.fixed(small.diff.seconds / small.load.seconds, 2))")
    }

    struct Result {
        var events: Int
        var load: MedianTiming
        var diff: MedianTiming
        var edits: Int

        var cells: [String] {
            [
                String(events), TextColumns.fixed(load.seconds * 1000, 0) + " ms",
                TextColumns.fixed(diff.seconds * 1000, 0) + " ms", String(edits),
            ]
        }
    }

    private func measure(events count: Int) throws -> Result {
        var synthesizer = SyntheticCassette(count: count, seed: options.seed)
        let old = synthesizer.make()
        var rng = SplitMix64(seed: options.seed ^ UInt64(count))
        let (new, expected) = Self.edit(old, rng: &rng)
        for cassette in [old, new] {
            let problems = CassetteValidator.problems(in: cassette)
            guard problems.isEmpty else {
                throw BenchError("an edited synthetic cassette is invalid:\n" + problems.prefix(10).map(\.description).joined(separator: "\n"))
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-bench-diff-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let oldURL = folder.appendingPathComponent("old.json")
        let newURL = folder.appendingPathComponent("new.json")
        try Data(CassetteWriter.canonicalBytes(of: old)).write(to: oldURL)
        try Data(CassetteWriter.canonicalBytes(of: new)).write(to: newURL)

        let reader = CassetteReader()
        func load() throws -> (Cassette, Cassette) {
            (try reader.read(contentsOf: oldURL), try reader.read(contentsOf: newURL))
        }
        // Warm-up, and a check that the diff finds the edits that were made.
        let (loadedOld, loadedNew) = try load()
        let diff = CassetteDiff.between(loadedOld, loadedNew)
        let found = (diff.count(of: .changed), diff.count(of: .inserted), diff.count(of: .removed))
        guard found == expected, diff.headerChanges.isEmpty else {
            throw BenchError("the diff of \(count) events found \(found) changed, inserted, removed; the edits were \(expected)")
        }
        var loadTimes: [Timing] = []
        var diffTimes: [Timing] = []
        for _ in 0..<options.iterations {
            loadTimes.append(try Stopwatch.time { try load() }.timing)
            diffTimes.append(Stopwatch.time { CassetteDiff.between(loadedOld, loadedNew) }.timing)
        }
        return Result(
            events: count, load: MedianTiming(loadTimes), diff: MedianTiming(diffTimes),
            edits: found.0 + found.1 + found.2)
    }

    /// `cassette` with 1% of its events edited: a third get a changed payload, a third get a new
    /// event inserted before them, a third that nothing refers to are removed; ids are renumbered.
    /// - Returns: The edited cassette and the counts of changed, inserted and removed events.
    static func edit(_ cassette: Cassette, rng: inout SplitMix64) -> (Cassette, (Int, Int, Int)) {
        var referenced: Set<Int> = []
        for event in cassette.events {
            if let cause = event.cause { referenced.insert(cause) }
            if let answers = event.answers { referenced.insert(answers) }
        }
        var events: [Event] = []
        events.reserveCapacity(cassette.events.count + cassette.events.count / 100)
        var counts = (0, 0, 0)
        var newIDs: [Int: Int] = [:]
        var previous: Event?
        for event in cassette.events {
            var kept = event
            // Edits are kept apart from one another, so each is one change however the diff aligns them.
            if previous != nil, rng.chance(editedShare) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where changePayload(&kept):
                    counts.0 += 1
                case 1:
                    var inserted = Event(id: 0, at: event.at, payload: NavigationLoad(url: "https://bench.example/inserted/\(events.count)"))
                    inserted.id = events.count + 1
                    events.append(inserted)
                    counts.1 += 1
                case 2 where !referenced.contains(event.id):
                    counts.2 += 1
                    previous = event
                    continue
                default:
                    break
                }
            }
            newIDs[event.id] = events.count + 1
            kept.id = events.count + 1
            kept.cause = event.cause.flatMap { newIDs[$0] }
            kept.answers = event.answers.flatMap { newIDs[$0] }
            events.append(kept)
            previous = event
        }
        return (Cassette(header: cassette.header, events: events), counts)
    }

    /// Changes one field of payloads of a few common kinds; `false` for the others.
    private static func changePayload(_ event: inout Event) -> Bool {
        if var request = event.payload(as: HTTPRequest.self) {
            request.urlString += "&edited=1"
            event.payload = request
        } else if var action = event.payload(as: NavigationAction.self) {
            action.urlString += "#edited"
            event.payload = action
        } else if var message = event.payload(as: ScriptMessage.self) {
            message.body = ["edited": true, "was": message.body]
            event.payload = message
        } else {
            return false
        }
        return true
    }
}
