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
