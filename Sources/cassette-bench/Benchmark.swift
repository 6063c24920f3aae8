import Foundation
import HybridReplay

/// The parent run: prepares the cassette, times both readers and the
/// writer in this process, measures peak memory in children, prints the table.
struct Benchmark {
    var options: Options

    /// Peak-memory children per side; their median is reported.
    static let memoryRuns = 3

    func run() throws {
        let (path, generated, temporary) = try prepareFile()
        defer { if temporary { try? FileManager.default.removeItem(atPath: path) } }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))

        // Warm-up, and a check that both sides read the same cassette.
        let loaded = try CassetteReader().read(data, path: path)
        let mirroredCount = try JSONDecoder().decode(MirrorCassette.self, from: data).events.count
        guard loaded.events.count == mirroredCount else {
            throw BenchError("the readers disagree: \(loaded.events.count) events against \(mirroredCount)")
        }
        let written = CassetteWriter.canonicalBytes(of: loaded)
        let roundTrip = written.elementsEqual(data) ? "identical bytes" : "differs (input is not canonical)"

        // Time the two readers alternately, so both see the same heap and machine state.
        var times: [Side: [Timing]] = [:]
        for _ in 0..<options.iterations {
            for side in Side.allCases {
                let (timing, _) = try Stopwatch.time { try side.decode(data, path: path) }
                times[side, default: []].append(timing)
            }
        }
        var writeTimes: [Timing] = []
        var writtenCount = 0
        for _ in 0..<options.iterations {
            let (timing, bytes) = Stopwatch.time { CassetteWriter.canonicalBytes(of: loaded) }
            writeTimes.append(timing)
            writtenCount = bytes.count
        }

        // The Foundation backend (the reader on Apple platforms), timed on its
        // own after the rows above so their alternation is left as it was.
        let foundationReader = CassetteReader(json: .foundation)
        let foundationCount = try foundationReader.read(data, path: path).events.count
        guard foundationCount == loaded.events.count else {
            throw BenchError("the Foundation backend read \(foundationCount) events, not \(loaded.events.count)")
        }
        var foundationTimes: [Timing] = []
        for _ in 0..<options.iterations {
            let (timing, _) = try Stopwatch.time { try foundationReader.read(data, path: path) }
            foundationTimes.append(timing)
        }

        var memory: [Side: Int] = [:]
        var peaksReset = true
        for side in Side.allCases {
            var deltas: [Double] = []
            for _ in 0..<Self.memoryRuns {
                let measurement = try MemoryMeasurement.inChild(side: side, path: path)
                guard measurement.events == loaded.events.count else {
                    throw BenchError("the \(side.rawValue) child read \(measurement.events) events, not \(loaded.events.count)")
                }
                deltas.append(Double(measurement.peakDelta))
                peaksReset = peaksReset && measurement.peakWasReset
            }
            memory[side] = Int(median(deltas))
        }

        let report = Report(
            path: generated ? "synthetic (seed \(options.seed))" : path, fileBytes: data.count, events: loaded.events.count,
            kinds: Set(loaded.events.map(\.kind.description)).count, iterations: options.iterations,
            backend: CassetteReader().json.backend.name, roundTrip: roundTrip, peaksReset: peaksReset,
            load: MedianTiming(times[.load] ?? []), decoder: MedianTiming(times[.jsondecoder] ?? []),
            loadMemory: memory[.load] ?? 0, decoderMemory: memory[.jsondecoder] ?? 0,
            write: MedianTiming(writeTimes), writtenBytes: writtenCount,
            foundationLoad: MedianTiming(foundationTimes))
        report.print()
    }

    /// The cassette to read: `--file`, or a synthetic one written to `--output` or a temporary file.
    private func prepareFile() throws -> (path: String, generated: Bool, temporary: Bool) {
        if let file = options.file { return (file, false, false) }
        var synthesizer = SyntheticCassette(count: options.events, seed: options.seed)
        let cassette = synthesizer.make()
        let problems = CassetteValidator.problems(in: cassette)
        guard problems.isEmpty else {
            throw BenchError("the synthetic cassette is invalid:\n" + problems.prefix(10).map(\.description).joined(separator: "\n"))
        }
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let path =
            options.output
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cassette-bench-\(getpid()).json").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw BenchError("cannot write \(path)")
        }
        return (path, true, options.output == nil)
    }
}

/// The results, as a table and the closing ratio line.
struct Report {
    var path: String
    var fileBytes: Int
    var events: Int
    var kinds: Int
    var iterations: Int
    var backend: String
    var roundTrip: String
    var peaksReset: Bool
    var load: MedianTiming
    var decoder: MedianTiming
    var loadMemory: Int
    var decoderMemory: Int
    var write: MedianTiming
    var writtenBytes: Int
    /// `CassetteReader(json: .foundation).read`, timed only.
    var foundationLoad: MedianTiming

    func print() {
        let megabytes = Double(fileBytes) / 1e6
        Swift.print("cassette-bench — \(path)")
        Swift.print("  file:       \(fixed(megabytes, 2)) MB (\(fileBytes) bytes), \(events) events of \(kinds) kinds")
        Swift.print("  reader:     HybridReplay CassetteReader, \(backend) backend; read + validate + typed model")
        Swift.print("  baseline:   Foundation JSONDecoder into a Codable mirror (typed payloads, AnyJSON bodies)")
        Swift.print("  timing:     median of \(iterations) runs per side, alternating, after one warm-up; MB = 10^6 bytes")
        Swift.print("              wall = monotonic clock (used for the ratio); cpu = this thread's CPU time")
        Swift.print("              \"load, Foundation backend\": CassetteReader(json: .foundation), timing only, \(iterations) runs after the others")
        Swift.print("  memory:     peak RSS (VmHWM) minus RSS before decoding, each side in its own child, median of \(Benchmark.memoryRuns)")
        Swift.print(
            "              peak reset after reading the file (/proc/self/clear_refs): \(peaksReset ? "yes" : "no; the file read's peak may show")")
        Swift.print("  round trip: canonicalBytes(read(file)) vs file: \(roundTrip)")
        Swift.print("")
        let header = [
            pad("measurement", 30), pad("wall (median)", 15, left: true), pad("cpu (median)", 14, left: true),
            pad("throughput", 14, left: true), pad("peak mem delta", 16, left: true),
        ]
        Swift.print(header.joined())
        Swift.print(String(repeating: "-", count: 89))
        row("load (CassetteReader.read)", load, megabytes, memory: loadMemory)
        row("JSONDecoder (Codable mirror)", decoder, megabytes, memory: decoderMemory)
        row("write (canonicalBytes)", write, Double(writtenBytes) / 1e6, memory: nil)
        row("load, Foundation backend", foundationLoad, megabytes, memory: nil)
        Swift.print("")
        Swift.print("cpu-time ratio load/JSONDecoder: \(fixed(load.cpuSeconds / decoder.cpuSeconds, 2))")
        Swift.print(
            "load/JSONDecoder time=\(fixed(load.seconds / decoder.seconds, 2)) memory=\(fixed(Double(loadMemory) / Double(decoderMemory), 2))")
    }

    private func row(_ name: String, _ timing: MedianTiming, _ megabytes: Double, memory: Int?) {
        let memoryText = memory.map { "\(fixed(Double($0) / 1_048_576, 1)) MiB" } ?? "—"
        Swift.print(
            pad(name, 30) + pad("\(fixed(timing.seconds * 1000, 1)) ms", 15, left: true)
                + pad("\(fixed(timing.cpuSeconds * 1000, 1)) ms", 14, left: true)
                + pad("\(fixed(megabytes / timing.seconds, 1)) MB/s", 14, left: true) + pad(memoryText, 16, left: true))
    }

    private func fixed(_ value: Double, _ places: Int) -> String { TextColumns.fixed(value, places) }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String { TextColumns.pad(text, width, left: left) }
}

/// The medians of a side's runs, wall and CPU time taken separately.
struct MedianTiming {
    var seconds: Double
    var cpuSeconds: Double

    init(_ timings: [Timing]) {
        seconds = median(timings.map(\.seconds))
        cpuSeconds = median(timings.map(\.cpuSeconds))
    }
}
