import HybridReplay

/// One synthetic session with both ways of running it.
struct ReplaySession {
    let cassette: Cassette
    let driver: DirectDriver
    let roundTrips: Int
    /// The arguments of every `executePromise` call the cassette records.
    let expectedSettlements: Set<JSONValue>

    var events: Int { cassette.events.count }

    /// Builds and validates the session of `events` events (rounded down to whole round trips).
    ///
    /// - Throws: ``BenchError`` when the synthetic cassette is invalid.
    init(events: Int, seed: UInt64) throws {
        var synthesizer = SyntheticSession(events: events, seed: seed)
        cassette = synthesizer.make()
        roundTrips = synthesizer.roundTrips
        let problems = CassetteValidator.problems(in: cassette)
        guard problems.isEmpty else {
            throw BenchError("the synthetic session is invalid:\n" + problems.prefix(10).map(\.description).joined(separator: "\n"))
        }
        driver = try DirectDriver(cassette: cassette, timeout: ReplayBenchmark.replayOptions.stallTimeout)
        expectedSettlements = Set(cassette.events.compactMap { $0.payload(as: JavaScriptEvaluation.self)?.arguments.map(JSONValue.object) })
    }

    /// Times one replay of the whole session.
    ///
    /// - Throws: ``BenchError`` when the replay did not pass: a failing replay is not a measurement.
    func timeReplay() async throws -> Timing {
        let replayer = Replayer(cassette: cassette, options: ReplayBenchmark.replayOptions)
        let (timing, report) = await Stopwatch.time {
            await replayer.replay { PromiseBridge(platform: $0) }
        }
        guard report.passed else {
            throw BenchError("the replay of \(events) events failed, so it is not timed:\n\(report)")
        }
        guard report.trace.events.count == events else {
            throw BenchError("the replay of \(events) events passed with a trace of \(report.trace.events.count) events")
        }
        return timing
    }

    /// Times one direct run of the whole session.
    ///
    /// - Throws: ``BenchError`` when the bridge did not settle every promise with its recorded arguments.
    func timeDirect() async throws -> Timing {
        let (timing, evaluations) = try await Stopwatch.time { try await driver.run() }
        let settled = evaluations.compactMap { $0.arguments.map(JSONValue.object) }
        guard settled.count == roundTrips, Set(settled) == expectedSettlements else {
            throw BenchError("direct: the bridge made \(settled.count) evaluations of \(roundTrips), or with other arguments than recorded")
        }
        return timing
    }
}
