import Foundation
import HybridReplay

/// What a benchmark side does with the cassette's bytes.
enum Side: String, CaseIterable {
    /// HybridReplay: `CassetteReader().read(_:path:)`, read + validate + typed model.
    case load
    /// Foundation: `JSONDecoder().decode(MirrorCassette.self, from:)`.
    case jsondecoder

    /// Decodes `data` once into this side's model.
    func decode(_ data: Data, path: String) throws -> DecodedCassette {
        switch self {
        case .load: .hybridReplay(try CassetteReader().read(data, path: path))
        case .jsondecoder: .codable(try JSONDecoder().decode(MirrorCassette.self, from: data))
        }
    }
}

/// What a side decoded; held until measurements are taken, so it is freed
/// outside the timed region and counts in the peak.
enum DecodedCassette {
    case hybridReplay(Cassette)
    case codable(MirrorCassette)

    var eventCount: Int {
        switch self {
        case .hybridReplay(let cassette): cassette.events.count
        case .codable(let cassette): cassette.events.count
        }
    }
}

// MARK: Time

/// One timed run: wall time on the monotonic clock, and the CPU time of
/// this thread (of the whole process for asynchronous work), which other
/// processes on a busy machine inflate far less.
struct Timing {
    var seconds: Double
    var cpuSeconds: Double
}

enum Stopwatch {
    /// Times `body`. What `body` returns is released after the clocks stop,
    /// so deallocation is not counted.
    static func time<T>(_ body: () throws -> T) rethrows -> (timing: Timing, result: T) {
        let clock = ContinuousClock()
        let cpuStart = threadCPUSeconds()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        let cpu = threadCPUSeconds() - cpuStart
        return (Timing(seconds: seconds(elapsed), cpuSeconds: cpu), result)
    }

    /// Times asynchronous `body`. Its tasks run on several threads, so the
    /// CPU time is the whole process's.
    static func time<T>(_ body: () async throws -> T) async rethrows -> (timing: Timing, result: T) {
        let clock = ContinuousClock()
        let cpuStart = processCPUSeconds()
        let start = clock.now
        let result = try await body()
        let elapsed = clock.now - start
        let cpu = processCPUSeconds() - cpuStart
        return (Timing(seconds: seconds(elapsed), cpuSeconds: cpu), result)
    }

    static func threadCPUSeconds() -> Double { cpuSeconds(CLOCK_THREAD_CPUTIME_ID) }

    static func processCPUSeconds() -> Double { cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) }

    private static func cpuSeconds(_ clock: clockid_t) -> Double {
        var now = timespec()
        guard clock_gettime(clock, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    static func seconds(_ duration: Duration) -> Double { duration.timeInterval }
}

func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "median of nothing")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

// MARK: Memory

/// The resident-set figures of this process, from `/proc/self/status`.
struct MemoryStatus {
    /// Peak resident set ("high water mark"), in bytes.
    var peak: Int
    /// Current resident set, in bytes.
    var resident: Int

    static func current() -> MemoryStatus? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            guard parts.count >= 3, parts[0] == "VmHWM" || parts[0] == "VmRSS", let kilobytes = Int(parts[1]) else { continue }
            fields[String(parts[0])] = kilobytes * 1024
        }
        guard let peak = fields["VmHWM"], let resident = fields["VmRSS"] else { return nil }
        return MemoryStatus(peak: peak, resident: resident)
    }

    /// Resets the peak to the current resident set (`echo 5 > /proc/self/clear_refs`,
    /// Linux 4.0+), so what reading the file cost does not count as the decode's peak.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }
}

/// One side's peak memory, measured in a process of its own.
struct MemoryMeasurement {
    var residentBefore: Int
    var peakAfter: Int
    var events: Int
    /// Whether the child could reset its peak before decoding; when not, the
    /// peak of reading the file may show through.
    var peakWasReset: Bool

    /// The growth of the peak resident set over what the process held before decoding.
    var peakDelta: Int { peakAfter - residentBefore }

    /// Runs in the child (`--measure <side> --file <path>`): reads the file, resets the
    /// peak, decodes once and prints `key=value` figures on one line.
    static func runChild(side: Side, path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let didReset = MemoryStatus.resetPeak()
        guard let before = MemoryStatus.current() else { throw BenchError("cannot read /proc/self/status") }
        let decoded = try side.decode(data, path: path)
        let after = MemoryStatus.current()
        let events = withExtendedLifetime(decoded) { decoded.eventCount }
        guard let after else { throw BenchError("cannot read /proc/self/status") }
        print(
            "rss_before=\(before.resident) hwm_before=\(before.peak) hwm_after=\(after.peak) rss_after=\(after.resident)"
                + " events=\(events) peak_reset=\(didReset) file_bytes=\(data.count)")
    }

    /// Runs `--measure <side> --file <path>` in a child of this executable and parses what it prints.
    static func inChild(side: Side, path: String) throws -> MemoryMeasurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath())
        process.arguments = ["--measure", side.rawValue, "--file", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: bytes, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchError("the \(side.rawValue) child exited with status \(process.terminationStatus): \(text)")
        }
        var fields: [String: Int] = [:]
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let before = fields["rss_before"], let peak = fields["hwm_after"], let events = fields["events"] else {
            throw BenchError("unexpected output from the \(side.rawValue) child: \(text)")
        }
        return MemoryMeasurement(
            residentBefore: before, peakAfter: peak, events: events, peakWasReset: text.contains("peak_reset=true"))
    }

    /// This executable, to start children of.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
