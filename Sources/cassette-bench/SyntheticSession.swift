import HybridReplay

/// Builds a cassette of promise-bridge round trips for the replay benchmark.
///
/// Each round trip is five events: the page posts `{guid, url}` to
/// `nativeProcess` (`script.message`), native code fetches the URL
/// (`http.request`, caused by the message; `http.response`, answering it) and
/// settles the promise with `executePromise(guid, data)` (`javascript.evaluate`,
/// caused by the response; `javascript.result`, answering it). Messages come
/// in batches of ``batchSize`` whose responses return in reverse order, so
/// several promises are in flight at once, as on a busy page.
///
/// The same seed gives the same cassette.
struct SyntheticSession {
    static let eventsPerRoundTrip = 5
    /// Messages posted before the first of their responses arrives.
    static let batchSize = 8
    /// The handler name the page posts to and ``PromiseBridge`` registers.
    static let handler = "nativeProcess"
    /// The function body that settles the page's promise.
    static let settleScript = "executePromise(guid, data)"

    static let names = ["Ana", "Bjørn", "Chloé", "大輔", "Émile", "Farah", "Göran", "Hiroshi"]

    /// The round trips in the cassette: the requested events divided by five, at least one.
    let roundTrips: Int
    private var rng: SplitMix64
    private var events: [Event] = []
    private var clock = 0.0

    /// - Parameters:
    ///   - events: The events wanted; rounded down to whole round trips.
    ///   - seed: The seed of the guids and response bodies.
    init(events: Int, seed: UInt64) {
        roundTrips = max(1, events / Self.eventsPerRoundTrip)
        rng = SplitMix64(seed: seed)
        self.events.reserveCapacity(roundTrips * Self.eventsPerRoundTrip)
    }

    /// The event count of a session built for `events` requested events.
    static func eventCount(for events: Int) -> Int { max(1, events / eventsPerRoundTrip) * eventsPerRoundTrip }

    mutating func make() -> Cassette {
        var first = 0
        while first < roundTrips {
            batch(first..<min(first + Self.batchSize, roundTrips))
            first += Self.batchSize
        }
        let header = CassetteHeader(
            name: "promise-bridge-\(events.count)",
            description: "\(roundTrips) promise-bridge round trips in batches of \(Self.batchSize) answered in reverse order, for benchmarks.",
            recordedBy: RecordingTool(tool: "cassette-bench", version: "1.0", engine: "synthetic"))
        return Cassette(header: header, events: events)
    }

    /// Appends one batch: every message and its request, then each response,
    /// evaluation and result, last message first.
    private mutating func batch(_ indices: Range<Int>) {
        var pending: [(index: Int, guid: String, request: Int)] = []
        for index in indices {
            let guid = uuid()
            let message = emit(
                ScriptMessage(
                    handler: Self.handler, body: ["guid": .string(guid), "url": .string(Self.url(index))],
                    frame: .main("https://app.example.com/")),
                after: 0.001...0.05)
            pending.append((index, guid, message))
        }
        for (position, entry) in pending.enumerated() {
            pending[position].request = emit(HTTPRequest(url: Self.url(entry.index)), cause: entry.request)
        }
        for (index, guid, request) in pending.reversed() {
            let user = user(index)
            let response = emit(HTTPResponse(status: 200, body: .json(user)), answers: request, after: 0.02...0.3)
            let evaluation = emit(
                JavaScriptEvaluation(script: Self.settleScript, arguments: ["guid": .string(guid), "data": .string(user.description)]),
                cause: response)
            emit(JavaScriptResult(.value(.null)), answers: evaluation)
        }
    }

    static func url(_ index: Int) -> String { "https://api.example.com/v1/users/\(index)" }

    /// Appends an event a little after the previous one and returns its id.
    @discardableResult
    private mutating func emit(
        _ payload: any EventPayload, cause: Int? = nil, answers: Int? = nil, after delay: ClosedRange<Double> = 0.0005...0.005
    ) -> Int {
        clock = ((clock + Double.random(in: delay, using: &rng)) * 1_000_000).rounded() / 1_000_000
        let id = events.count + 1
        events.append(Event(id: id, at: clock, cause: cause, answers: answers, payload: payload))
        return id
    }

    /// A random version-4 UUID in lower case, as `crypto.randomUUID()` makes them.
    private mutating func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    private mutating func user(_ index: Int) -> JSONValue {
        [
            "id": .number(Double(index)), "name": .string(rng.pick(Self.names)),
            "email": .string("user\(index)@example.com"), "verified": .bool(rng.chance(0.8)),
            "score": .number(rng.decimal(0...100, places: 2)),
        ]
    }
}
