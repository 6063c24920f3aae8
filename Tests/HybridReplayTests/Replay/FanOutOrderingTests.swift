import Foundation
import Testing

@testable import HybridReplay

/// What docs/replaying.md ("Matching effects") says about effects of one
/// cause made concurrently (`async let`, a task group), checked on the matcher
/// with plain calls, so the order each test makes its effects in is the
/// test's, not the scheduler's.
@Suite("Effects fanned out from one cause")
struct FanOutOrderingTests {
    static let fare = HTTPRequest(method: "POST", url: "https://api.ride.example/v1/fare")
    static let eta = HTTPRequest(method: "POST", url: "https://api.ride.example/v1/eta")
    static let show = JavaScriptEvaluation(script: "window.trip.quote()")
    static let session = Cookie(name: "ride_session", value: "abc", domain: "ride.example")

    /// A page message, then two requests of its cause (or with none), their answers, and the page told.
    static func quote(cause: Int?) -> [Event] {
        [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "quote", body: "go")),
            Event(id: 2, at: 0, cause: cause, payload: fare),
            Event(id: 3, at: 0, cause: cause, payload: eta),
            Event(id: 4, at: 0.1, answers: 3, payload: HTTPResponse(status: 200)),
            Event(id: 5, at: 0.1, answers: 2, payload: HTTPResponse(status: 200)),
            Event(id: 6, at: 0.2, cause: cause, payload: show),
        ]
    }

    static func matcher(_ events: [Event], httpUnordered: Bool) -> ReplayMatcher {
        var options = fastReplay
        if httpUnordered { options.ordering[.http] = .unordered }
        return ReplayMatcher(ReplayScript(cassette: makeCassette(events), options: options))
    }

    /// The recorded id `payload` matched, or `nil` when it diverged.
    static func match(_ payload: any EventPayload, cause: Int?, in matcher: inout ReplayMatcher) -> Int? {
        let tree = PayloadComparison.tree(of: ComparedForm.of(payload))
        guard case .matched(let id) = matcher.effect(payload, tree: tree, knownCause: cause, hint: nil, at: .zero) else {
            return nil
        }
        return id
    }

    static func deliverMessage(_ matcher: inout ReplayMatcher) throws {
        let message = try #require(matcher.readyStimulus)
        #expect(message.id == 1)
        #expect(matcher.deliver(message, at: .zero) != nil)
    }

    @Test("two requests of one cause in the other order than recorded diverge, with a cause or without one", arguments: [1, nil] as [Int?])
    func otherOrderDiverges(cause: Int?) throws {
        var matcher = Self.matcher(Self.quote(cause: cause), httpUnordered: false)
        try Self.deliverMessage(&matcher)
        #expect(Self.match(Self.eta, cause: cause, in: &matcher) == nil, "the second recorded request came first")
    }

    @Test("with ordering[.http] = .unordered, the two requests match in either order", arguments: [1, nil] as [Int?])
    func unorderedAcceptsEitherOrder(cause: Int?) throws {
        var matcher = Self.matcher(Self.quote(cause: cause), httpUnordered: true)
        try Self.deliverMessage(&matcher)
        #expect(Self.match(Self.eta, cause: cause, in: &matcher) == 3)
        #expect(Self.match(Self.fare, cause: cause, in: &matcher) == 2)
        #expect(Self.match(Self.show, cause: cause, in: &matcher) == 6)
    }

    @Test("an effect of another channel recorded after the requests waits for them, unless http is unordered")
    func otherChannelNoLongerWaits() throws {
        var strict = Self.matcher(Self.quote(cause: 1), httpUnordered: false)
        try Self.deliverMessage(&strict)
        #expect(Self.match(Self.show, cause: 1, in: &strict) == nil, "the page told before the requests were made")

        var relaxed = Self.matcher(Self.quote(cause: 1), httpUnordered: true)
        try Self.deliverMessage(&relaxed)
        #expect(Self.match(Self.show, cause: 1, in: &relaxed) == 6, "with http unordered the page may be told first")
        #expect(Self.match(Self.fare, cause: 1, in: &relaxed) == 2)
        #expect(Self.match(Self.eta, cause: 1, in: &relaxed) == 3)
    }

    @Test("a cookie write recorded before a request of its cause may come after it once http is unordered", arguments: [1, nil] as [Int?])
    func cookieWriteOrderIsGivenUp(cause: Int?) throws {
        let events = [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "signIn", body: "go")),
            Event(id: 2, at: 0, cause: cause, payload: CookieStoreWrite(Self.session)),
            Event(id: 3, at: 0, cause: cause, payload: Self.fare),
            Event(id: 4, at: 0.1, answers: 3, payload: HTTPResponse(status: 200)),
        ]
        var strict = Self.matcher(events, httpUnordered: false)
        try Self.deliverMessage(&strict)
        #expect(Self.match(Self.fare, cause: cause, in: &strict) == nil, "the request overtook the cookie write")

        var relaxed = Self.matcher(events, httpUnordered: true)
        try Self.deliverMessage(&relaxed)
        #expect(Self.match(Self.fare, cause: cause, in: &relaxed) == 3)
        #expect(Self.match(CookieStoreWrite(Self.session), cause: cause, in: &relaxed) == 2)
    }

    @Test("the options docs/replaying.md shows relax the http channel and no other")
    func documentedOptions() {
        var options = ReplayOptions()
        options.ordering[.http] = .unordered   // the requests one message fans out may come in either order
        #expect(options.ordering(for: .http) == .unordered)
        #expect(options.ordering(for: .javascript) == .recorded)
        #expect(options.ordering(for: .navigation) == .recorded)
    }

    @Test("a cookie query is answered with the recorded cookies, whatever the app wrote in this run")
    func cookieAnswerIsPlayedBack() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CookieStoreQuery(url: "https://ride.example/")),
            Event(id: 2, at: 0, answers: 1, payload: CookieStoreContents([Self.session])),
        ])
        let read = Locked<[Cookie]?>(nil)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            // This app never writes the cookie it reads.
            let store = platform.cookieStore
            // The task inherits the replay's lease, so the report comes after it has stored what it read.
            Task {
                let cookies = await store.cookies(for: "https://ride.example/")
                read.withLock { $0 = cookies }
            }
        }
        #expect(report.passed, "\(report)")
        #expect(read.withLock { $0 } == [Self.session])
    }
}

/// The strands the recorder writes on effects of concurrent child tasks
/// (`Event.strand`), on the matcher with plain calls.
@Suite("Effects of concurrent child tasks of one cause")
struct StrandOrderingTests {
    typealias Quote = FanOutOrderingTests
    static let again = HTTPRequest(method: "POST", url: "https://api.ride.example/v1/fare?again")
    static let before = CookieStoreWrite(FanOutOrderingTests.session)

    /// A message, a cookie written by the handler, two child tasks' requests
    /// (the first child makes two), and the page told after the children.
    static func quote(cause: Int?, strands: Bool = true) -> [Event] {
        [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "quote", body: "go")),
            Event(id: 2, at: 0, cause: cause, payload: before),
            Event(id: 3, at: 0, cause: cause, strand: strands ? 1 : nil, payload: Quote.fare),
            Event(id: 4, at: 0, cause: cause, strand: strands ? 2 : nil, payload: Quote.eta),
            Event(id: 5, at: 0, cause: cause, strand: strands ? 1 : nil, payload: again),
            Event(id: 6, at: 0.2, cause: cause, payload: Quote.show),
        ]
    }

    static func start(_ events: [Event]) throws -> ReplayMatcher {
        var matcher = Quote.matcher(events, httpUnordered: false)
        try Quote.deliverMessage(&matcher)
        return matcher
    }

    @Test("two child tasks' requests match in either order, with a cause or without one", arguments: [1, nil] as [Int?])
    func siblingsInEitherOrder(cause: Int?) throws {
        var matcher = try Self.start(Self.quote(cause: cause))
        #expect(Quote.match(Self.before, cause: cause, in: &matcher) == 2)
        #expect(Quote.match(Quote.eta, cause: cause, in: &matcher) == 4, "strand 2 before strand 1")
        #expect(Quote.match(Quote.fare, cause: cause, in: &matcher) == 3)
        #expect(Quote.match(Self.again, cause: cause, in: &matcher) == 5)
        #expect(Quote.match(Quote.show, cause: cause, in: &matcher) == 6)
        #expect(matcher.issues.isEmpty)
    }

    @Test("the same cassette without strands holds the requests to the recorded order")
    func withoutStrandsOrderIsKept() throws {
        var matcher = try Self.start(Self.quote(cause: 1, strands: false))
        #expect(Quote.match(Self.before, cause: 1, in: &matcher) == 2)
        #expect(Quote.match(Quote.eta, cause: 1, in: &matcher) == nil)
    }

    @Test("a child task keeps its own order: its second request before its first diverges")
    func eachStrandKeepsItsOrder() throws {
        var matcher = try Self.start(Self.quote(cause: 1))
        #expect(Quote.match(Self.before, cause: 1, in: &matcher) == 2)
        #expect(Quote.match(Self.again, cause: 1, in: &matcher) == nil, "strand 1's second request came first")
    }

    @Test("an effect recorded before the children, without a strand, still comes first")
    func parentBeforeChildren() throws {
        var matcher = try Self.start(Self.quote(cause: 1))
        #expect(Quote.match(Quote.eta, cause: 1, in: &matcher) == nil, "a child's request before the handler's cookie write")
    }

    @Test("an effect recorded after the children, without a strand, waits for every one of them")
    func parentAfterChildren() throws {
        var matcher = try Self.start(Self.quote(cause: 1))
        #expect(Quote.match(Self.before, cause: 1, in: &matcher) == 2)
        #expect(Quote.match(Quote.eta, cause: 1, in: &matcher) == 4)
        #expect(Quote.match(Quote.fare, cause: 1, in: &matcher) == 3)
        #expect(Quote.match(Quote.show, cause: 1, in: &matcher) == nil, "the page told before strand 1's second request")
    }

    @Test("a strand is written and read back, and only on effects, from 1")
    func strandInTheFormat() throws {
        let cassette = makeCassette(Self.quote(cause: 1))
        let text = CassetteWriter.canonicalText(of: cassette)
        #expect(text.contains("\"strand\": 2"), "\(text)")
        let reread = try CassetteReader().read(Array(text.utf8), path: "quote.json")
        #expect(reread.events.map(\.strand) == [nil, nil, 1, 2, 1, nil])

        var bad = Self.quote(cause: 1)
        bad[0].strand = 1
        bad[3].strand = 0
        let problems = CassetteValidator.problems(in: makeCassette(bad)).map(\.message)
        #expect(problems.contains { $0.contains("a stimulus has no strand") }, "\(problems)")
        #expect(problems.contains { $0.contains("strand 0 must be 1 or more") }, "\(problems)")

        let versionOne = Cassette(header: CassetteHeader(formatVersion: 1, name: "old"), events: Self.quote(cause: 1))
        let old = CassetteValidator.problems(in: versionOne).map(\.message)
        #expect(old.contains { $0.contains("'strand' needs format version 2") }, "\(old)")
    }
}

@Suite("Two calls of one cause in the other order than recorded")
struct SwappedCallsReportTests {
    @Test("the report says the call that happened is the one recorded after it, not only that a field differs")
    func swappedCallsAreNamed() async {
        let report = await Replayer(cassette: makeCassette(FanOutOrderingTests.quote(cause: 1)), options: fastReplay).replay {
            platform in
            platform.webView.add(
                ReactingHandler { _ in
                    Task {
                        _ = try? await platform.transport.send(FanOutOrderingTests.eta)
                        _ = try? await platform.transport.send(FanOutOrderingTests.fare)
                        platform.webView.evaluateJavaScript("window.trip.quote()", completionHandler: nil)
                    }
                }, name: "quote")
        }
        #expect(!report.passed)
        let text = "\(report)"
        #expect(text.contains("event 2 (http.request): the effect that happened differs from the recording: it is event 3"), "\(text)")
        #expect(text.contains("Matching effects"), "\(text)")
    }
}
