import Foundation
import HybridReplay
import HybridReplaySimulation

/// The replay run: replays a synthetic promise-bridge session against
/// ``PromiseBridge`` and times it against the same bridge driven directly
/// (``DirectDriver``), at N events and at 4N, so a path that grows faster
/// than the session shows in the per-event time.
struct ReplayBenchmark {
    var options: Options

    /// The larger session is this many times the smaller.
    static let scale = 4
    /// Generous, so a slow machine's replay is not reported stuck.
    static let replayOptions = ReplayOptions(stallTimeout: .seconds(30))

    func run() async throws {
        let small = try ReplaySession(events: options.replayEvents, seed: options.seed)
        let large = try ReplaySession(events: options.replayEvents * Self.scale, seed: options.seed)

        // Warm-up, and a check that both sides do the whole session.
        _ = try await small.timeReplay()
        _ = try await small.timeDirect()

        // Alternate the sides, so both see the same heap and machine state.
        var smallReplay: [Timing] = []
        var smallDirect: [Timing] = []
        for _ in 0..<options.iterations {
            smallReplay.append(try await small.timeReplay())
            smallDirect.append(try await small.timeDirect())
        }
        var largeReplay: [Timing] = []
        var largeDirect: [Timing] = []
        for _ in 0..<options.iterations {
            largeReplay.append(try await large.timeReplay())
            largeDirect.append(try await large.timeDirect())
        }

        ReplayBenchReport(
            seed: options.seed, iterations: options.iterations, small: small.events, large: large.events,
            roundTrips: small.roundTrips,
            smallReplay: MedianTiming(smallReplay), smallDirect: MedianTiming(smallDirect),
            largeReplay: MedianTiming(largeReplay), largeDirect: MedianTiming(largeDirect)
        ).print()
    }
}

/// The replay results, as a table and the closing ratio lines.
struct ReplayBenchReport {
    var seed: UInt64
    var iterations: Int
    var small: Int
    var large: Int
    var roundTrips: Int
    var smallReplay: MedianTiming
    var smallDirect: MedianTiming
    var largeReplay: MedianTiming
    var largeDirect: MedianTiming

    func print() {
        Swift.print("cassette-bench replay — synthetic promise-bridge session (seed \(seed))")
        Swift.print(
            "  session:    \(small) events, \(roundTrips) round trips of script.message → http.request → http.response"
                + " → javascript.evaluate → javascript.result;")
        Swift.print("              batches of \(SyntheticSession.batchSize) messages whose responses return in reverse order")
        Swift.print("  subject:    a promise bridge (transport.send, then callAsyncJavaScript), built fresh per run")
        Swift.print(
            "  replay:     Replayer.replay, stall timeout \(ReplayBenchmark.replayOptions.stallTimeout); every run is checked to pass")
        Swift.print("  baseline:   direct — the same bridge on SimulatedWebView + ScriptedHTTPTransport, the same")
        Swift.print("              batches posted in process, no verification; every run is checked to settle every promise")
        Swift.print("  timing:     median of \(iterations) runs per side, alternating, after one warm-up")
        Swift.print("              wall = monotonic clock (used for the ratios); cpu = this process's CPU time")
        Swift.print("")
        let header = [
            pad("measurement", 26), pad("wall (median)", 15, left: true), pad("cpu (median)", 14, left: true),
            pad("events/s", 12, left: true), pad("per event", 12, left: true),
        ]
        Swift.print(header.joined())
        Swift.print(String(repeating: "-", count: 79))
        row("replay, \(small) events", smallReplay, small)
        row("direct, \(small) events", smallDirect, small)
        row("replay, \(large) events", largeReplay, large)
        row("direct, \(large) events", largeDirect, large)
        Swift.print("")
        let overhead = (smallReplay.seconds - smallDirect.seconds) / Double(small)
        Swift.print("replay overhead per event over direct: \(fixed(overhead * 1e6, 2)) µs")
        Swift.print("cpu-time ratio replay/direct: \(fixed(smallReplay.cpuSeconds / smallDirect.cpuSeconds, 2))")
        Swift.print("direct scaling \(ReplayBenchmark.scale)N/N per-event=\(fixed(perEventRatio(largeDirect, smallDirect), 2))")
        Swift.print("replay scaling \(ReplayBenchmark.scale)N/N per-event=\(fixed(perEventRatio(largeReplay, smallReplay), 2))")
        Swift.print("replay/direct time=\(fixed(smallReplay.seconds / smallDirect.seconds, 2))")
    }

    /// The per-event wall time at 4N over that at N: 1.0 when the time grows linearly.
    private func perEventRatio(_ larger: MedianTiming, _ smaller: MedianTiming) -> Double {
        (larger.seconds / Double(large)) / (smaller.seconds / Double(small))
    }

    private func row(_ name: String, _ timing: MedianTiming, _ events: Int) {
        Swift.print(
            pad(name, 26) + pad("\(fixed(timing.seconds * 1000, 1)) ms", 15, left: true)
                + pad("\(fixed(timing.cpuSeconds * 1000, 1)) ms", 14, left: true)
                + pad(fixed(Double(events) / timing.seconds, 0), 12, left: true)
                + pad("\(fixed(timing.seconds / Double(events) * 1e6, 2)) µs", 12, left: true))
    }

    private func fixed(_ value: Double, _ places: Int) -> String { TextColumns.fixed(value, places) }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String { TextColumns.pad(text, width, left: left) }
}
