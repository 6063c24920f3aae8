import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("PromiseBridge")
struct PromiseBridgeTests {
    private static let endpoint = "https://randomuser.me/api"

    /// A web view with the bridge registered, and a server answering every request with `response`.
    private static func bridge(answering response: HTTPResponse) -> (SimulatedWebView, ScriptedHTTPTransport) {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in response }
        _ = PromiseBridge(webView: webView, transport: transport)
        return (webView, transport)
    }

    private static func settled(_ webView: SimulatedWebView, count: Int = 1) async throws {
        try await webView.waitForEvaluatedScripts(count: count)
    }

    @Test("registers under nativeProcess and fetches nothing until the page posts")
    func registers() {
        let (webView, transport) = Self.bridge(answering: HTTPResponse(status: 200))
        #expect(PromiseBridge.handlerName == "nativeProcess")
        #expect(webView.handlerNames == ["nativeProcess"])
        #expect(transport.requests.isEmpty)
        #expect(RandomUserFetcher.seedEndpoint == Self.endpoint)
    }

    @Test("settles {guid} with one GET to the seed endpoint and executePromise(guid, data)")
    func settlesPromise() async throws {
        let (webView, transport) = Self.bridge(answering: HTTPResponse(status: 200, body: .text("random user")))
        try webView.postMessage(["guid": "1234-abcd"], to: "nativeProcess")
        try await Self.settled(webView)

        #expect(transport.requests == [HTTPRequest(method: "GET", url: Self.endpoint)])
        #expect(
            webView.evaluatedScripts == [JavaScriptEvaluation(script: #"executePromise("1234-abcd", "random user")"#)])
    }

    @Test(
        "passes the response text to the page intact",
        arguments: [
            "", #"{"name": "O'Brien", "quote": "\"hi\""}"#, "line one\nline two\r\n", "back\\slash \\u0041",
            "</script><script>alert(1)</script>", "\u{2028}\u{2029}", "tab\there \u{0} nul", "émoji 🎉",
        ])
    func passesDataIntact(_ data: String) async throws {
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: 200, body: .text(data)))
        try webView.postMessage(["guid": "g"], to: "nativeProcess")
        try await Self.settled(webView)

        let script = try #require(webView.evaluatedScripts.onlyElement).script
        let call = try stringCall(script)
        #expect(call.name == "executePromise")
        #expect(call.arguments.count == 2)
        #expect(call.arguments.first == "g")
        #expect(call.arguments.last.map { Array($0.unicodeScalars) } == Array(data.unicodeScalars))
        #expect(!script.unicodeScalars.contains { javaScriptLineTerminators.contains($0) })
        #expect(!containsEndTagOpener(script))
    }

    @Test("passes a JSON body as its compact text, keys sorted")
    func passesJSONCompact() async throws {
        let body: JSONValue = [
            "results": [["name": ["last": "Lovelace", "first": "Ada"], "email": "ada@example.com"]]
        ]
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: 200, body: .json(body)))
        try webView.postMessage(["guid": "g"], to: "nativeProcess")
        try await Self.settled(webView)

        let call = try stringCall(try #require(webView.evaluatedScripts.onlyElement).script)
        #expect(
            call.arguments == [
                "g", #"{"results":[{"email":"ada@example.com","name":{"first":"Ada","last":"Lovelace"}}]}"#,
            ])
    }

    @Test("passes a byte body as UTF-8 text, and no body as the empty string")
    func passesBytesAndNothing() async throws {
        let (bytesView, _) = Self.bridge(answering: HTTPResponse(status: 200, body: .bytes(Data("ünïcode".utf8))))
        try bytesView.postMessage(["guid": "b"], to: "nativeProcess")
        try await Self.settled(bytesView)
        #expect(
            try stringCall(try #require(bytesView.evaluatedScripts.onlyElement).script).arguments == ["b", "ünïcode"])

        let (emptyView, _) = Self.bridge(answering: HTTPResponse(status: 204))
        try emptyView.postMessage(["guid": "e"], to: "nativeProcess")
        try await Self.settled(emptyView)
        #expect(emptyView.evaluatedScripts.map(\.script) == [#"executePromise("e", "")"#])
    }

    @Test("escapes a guid that holds quotes or markup")
    func escapesGuid() async throws {
        let guid = "a\"b');alert(1);//</script>"
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: 200, body: .text("d")))
        try webView.postMessage(["guid": .string(guid)], to: "nativeProcess")
        try await Self.settled(webView)
        let call = try stringCall(try #require(webView.evaluatedScripts.onlyElement).script)
        #expect(call.arguments == [guid, "d"])
    }

    @Test(
        "rejects the promise when the server answers outside 200–299", arguments: [199, 301, 304, 400, 404, 500, 503])
    func rejectsNon2xx(_ status: Int) async throws {
        let (webView, transport) = Self.bridge(answering: HTTPResponse(status: status, body: .text("error page")))
        try webView.postMessage(["guid": .string("g-\(status)")], to: "nativeProcess")
        try await Self.settled(webView)

        #expect(transport.requests.count == 1)
        let call = try stringCall(try #require(webView.evaluatedScripts.onlyElement).script)
        #expect(call.name == "rejectPromise")
        #expect(call.arguments == ["g-\(status)", "the server answered \(status)"])
    }

    @Test("resolves on the edges of 2xx", arguments: [200, 299])
    func resolves2xxEdges(_ status: Int) async throws {
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: status, body: .text("ok")))
        try webView.postMessage(["guid": "g"], to: "nativeProcess")
        try await Self.settled(webView)
        #expect(webView.evaluatedScripts.map(\.script) == [#"executePromise("g", "ok")"#])
    }

    @Test("rejects the promise when the request fails outright")
    func rejectsTransportError() async throws {
        let webView = SimulatedWebView()
        let transport = FailingTransport(error: HTTPTransportError("timed out", code: HTTPTransportError.Code.timedOut))
        _ = PromiseBridge(webView: webView, transport: transport)
        try webView.postMessage(["guid": "g"], to: "nativeProcess")
        try await Self.settled(webView)

        #expect(transport.attempts.current == [HTTPRequest(url: Self.endpoint)])
        let call = try stringCall(try #require(webView.evaluatedScripts.onlyElement).script)
        #expect(call.name == "rejectPromise")
        #expect(call.arguments == ["g", "the request failed: timed out (NSURLErrorDomain -1001)"])
    }

    @Test("rejects the promise when the server redirects forever")
    func rejectsRedirectLoop() async throws {
        let (webView, transport) = Self.bridge(
            answering: HTTPResponse(status: 302, headers: [HTTPHeader("Location", Self.endpoint)]))
        try webView.postMessage(["guid": "g"], to: "nativeProcess")
        try await Self.settled(webView)

        #expect(transport.requests.count == HTTPRedirect.maximumHops + 1)
        let call = try stringCall(try #require(webView.evaluatedScripts.onlyElement).script)
        #expect(call.name == "rejectPromise")
        #expect(call.arguments == ["g", "the request failed: more than 20 redirects (NSURLErrorDomain -1007)"])
    }

    @Test(
        "ignores a message without a string guid",
        arguments: [
            JSONValue.string("guid"), nil, 7, [], ["guid"], [:], ["id": "g"], ["guid": nil], ["guid": 42],
            ["guid": ["nested": "g"]], ["GUID": "g"],
        ])
    func ignoresMissingGuid(_ body: JSONValue) async throws {
        let (webView, transport) = Self.bridge(answering: HTTPResponse(status: 200, body: .text("d")))
        try webView.postMessage(body, to: "nativeProcess")
        #expect(transport.requests.isEmpty)
        #expect(webView.evaluatedScripts.isEmpty)

        // A valid message afterwards is the only one ever fetched and settled.
        try webView.postMessage(["guid": "valid"], to: "nativeProcess")
        try await Self.settled(webView)
        #expect(transport.requests.count == 1)
        #expect(webView.evaluatedScripts.map(\.script) == [#"executePromise("valid", "d")"#])
    }

    @Test("settles two messages each with its own guid, exactly once")
    func settlesEachGuid() async throws {
        let count = SharedBox(0)
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in
            let n = count.update {
                $0 += 1
                return $0
            }
            return HTTPResponse(status: 200, body: .text("user \(n)"))
        }
        _ = PromiseBridge(webView: webView, transport: transport)
        try webView.postMessage(["guid": "first"], to: "nativeProcess")
        try webView.postMessage(["guid": "second"], to: "nativeProcess")
        try await Self.settled(webView, count: 2)

        let calls = try webView.evaluatedScripts.map { try stringCall($0.script) }
        #expect(calls.allSatisfy { $0.name == "executePromise" })
        #expect(calls.map { $0.arguments[0] }.sorted() == ["first", "second"])
        #expect(calls.map { $0.arguments[1] }.sorted() == ["user 1", "user 2"])
        #expect(transport.requests.count == 2)
    }

    @Test("fetches for two messages at once instead of one after the other")
    func fetchesIndependently() async throws {
        let webView = SimulatedWebView()
        let transport = RendezvousTransport(parties: 2)
        _ = PromiseBridge(webView: webView, transport: transport)
        try webView.postMessage(["guid": "a"], to: "nativeProcess")
        try webView.postMessage(["guid": "b"], to: "nativeProcess")
        // Neither fetch returns until both are in flight: a bridge that waits
        // for one promise before fetching the next never settles either.
        try await Self.settled(webView, count: 2)

        let calls = try webView.evaluatedScripts.map { try stringCall($0.script) }
        #expect(calls.map { $0.arguments[0] }.sorted() == ["a", "b"])
        #expect(calls.map { $0.arguments[1] }.sorted() == ["arrival 1", "arrival 2"])
    }

    @Test("fetches from the endpoint it was given")
    func customEndpoint() async throws {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("x")) }
        _ = PromiseBridge(webView: webView, transport: transport, endpoint: "https://api.example.com/user")
        try webView.postMessage(["guid": "g"], to: "nativeProcess")
        try await Self.settled(webView)
        #expect(transport.requests.map(\.urlString) == ["https://api.example.com/user"])
    }
}

@Suite("PromiseReplyBridge")
struct PromiseReplyBridgeTests {
    private static func bridge(answering response: HTTPResponse) -> (SimulatedWebView, ScriptedHTTPTransport) {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in response }
        _ = PromiseReplyBridge(webView: webView, transport: transport)
        return (webView, transport)
    }

    @Test("replies with the response text as the value")
    func repliesWithData() async throws {
        let data = "{\"results\": []}\n</script>\u{2028}"
        let (webView, transport) = Self.bridge(answering: HTTPResponse(status: 200, body: .text(data)))
        #expect(PromiseReplyBridge.handlerName == "nativeProcess")
        #expect(webView.handlerNames == ["nativeProcess"])

        let reply = try await webView.postMessageAwaitingReply(["guid": "g"], to: "nativeProcess")
        #expect(reply == .value(.string(data)))
        #expect(transport.requests == [HTTPRequest(url: RandomUserFetcher.seedEndpoint)])
        #expect(webView.evaluatedScripts.isEmpty)
        #expect(webView.replyMisuses.isEmpty)
    }

    @Test("replies with a JSON body's compact text")
    func repliesWithJSON() async throws {
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: 200, body: .json(["b": 2, "a": [1, "x"]])))
        let reply = try await webView.postMessageAwaitingReply(["guid": "g"], to: "nativeProcess")
        #expect(reply == .value(#"{"a":[1,"x"],"b":2}"#))
        #expect(webView.replyMisuses.isEmpty)
    }

    @Test("replies with an error when the server answers outside 200–299", arguments: [503, 404, 302])
    func repliesErrorOnStatus(_ status: Int) async throws {
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: status, body: .text("down")))
        let reply = try await webView.postMessageAwaitingReply(["guid": "g"], to: "nativeProcess")
        #expect(reply == .error("the server answered \(status)"))
        #expect(webView.replyMisuses.isEmpty)
    }

    @Test("replies with an error when the request fails outright")
    func repliesErrorOnTransportFailure() async throws {
        let webView = SimulatedWebView()
        let offline = HTTPTransportError("offline", code: HTTPTransportError.Code.notConnectedToInternet)
        _ = PromiseReplyBridge(webView: webView, transport: FailingTransport(error: offline))
        let reply = try await webView.postMessageAwaitingReply(["guid": "g"], to: "nativeProcess")
        #expect(reply == .error("the request failed: offline (NSURLErrorDomain -1009)"))
        #expect(webView.replyMisuses.isEmpty)
    }

    @Test(
        "rejects a message without a string guid at once, without fetching",
        arguments: [JSONValue.string("g"), nil, [:], ["guid": 1], ["guid": nil], ["id": "g"]])
    @MainActor func rejectsMissingGuidAtOnce(_ body: JSONValue) async throws {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 200) }
        let bridge = PromiseReplyBridge(webView: webView, transport: transport)

        // Called directly, the reply must already have come when didReceive returns.
        let replies = SharedBox<[Outcome]>([])
        bridge.didReceive(ScriptMessage(handler: "nativeProcess", body: body, expectsReply: true)) { outcome in
            replies.update { $0.append(outcome) }
        }
        #expect(replies.current == [.error("the message has no string guid")])

        let reply = try await webView.postMessageAwaitingReply(body, to: "nativeProcess")
        #expect(reply == .error("the message has no string guid"))
        #expect(transport.requests.isEmpty)
        #expect(webView.replyMisuses.isEmpty)
    }

    @Test("gives every message exactly one reply")
    @MainActor func repliesOncePerMessage() async throws {
        let statuses = SharedBox([200, 503, 200])
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in
            let status = statuses.update { $0.removeFirst() }
            return HTTPResponse(status: status, body: .text("user"))
        }
        _ = PromiseReplyBridge(webView: webView, transport: transport)

        var replies: [Outcome] = []
        for guid in ["a", "b", "c"] {
            replies.append(try await webView.postMessageAwaitingReply(["guid": .string(guid)], to: "nativeProcess"))
        }
        replies.append(try await webView.postMessageAwaitingReply("no guid", to: "nativeProcess"))
        #expect(
            replies == [
                .value("user"), .error("the server answered 503"), .value("user"),
                .error("the message has no string guid"),
            ])

        // Called directly too: one call of the reply handler per message.
        let counted = SharedBox(0)
        let extra = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("again")) }
        let direct = PromiseReplyBridge(webView: SimulatedWebView(), transport: extra)
        direct.didReceive(ScriptMessage(handler: "nativeProcess", body: ["guid": "d"], expectsReply: true)) { _ in
            counted.update { $0 += 1 }
        }
        try await counted.wait(until: "the direct message was replied to") { $0 >= 1 }
        #expect(webView.replyMisuses.isEmpty)
        #expect(transport.requests.count == 3)
    }

    @Test("cannot be posted to without awaiting a reply")
    func needsAwaitedPosts() {
        let (webView, _) = Self.bridge(answering: HTTPResponse(status: 200))
        #expect(throws: SimulationError.self) { try webView.postMessage(["guid": "g"], to: "nativeProcess") }
    }
}

/// A transport that holds every request until `parties` of them are in
/// flight, then answers each with the order it arrived in.
private final class RendezvousTransport: HTTPTransport {
    private struct State {
        var arrived = 0
        var waiting: [(index: Int, continuation: CheckedContinuation<Int, Never>)] = []
    }

    private let parties: Int
    private let state = SharedBox(State())

    init(parties: Int) { self.parties = parties }

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        let index = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            let ready = state.update { state -> [(index: Int, continuation: CheckedContinuation<Int, Never>)] in
                state.arrived += 1
                state.waiting.append((state.arrived, continuation))
                guard state.arrived >= parties else { return [] }
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            for waiter in ready { waiter.continuation.resume(returning: waiter.index) }
        }
        return HTTPResponse(status: 200, body: .text("arrival \(index)"))
    }
}
