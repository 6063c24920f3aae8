#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import HybridReplayWebKitGTK
import Testing

/// The reference implementations against a real WebKit engine. What reaches
/// the page is read back from the page, so JavaScriptCore, not a parser of
/// ours, is the oracle for ``JavaScriptLiteral`` and the bridges.
@Suite("Reference implementations on WebKitGTK")
struct ReferenceImplementationTests {
    /// Texts that break a script spliced together by hand, or that an engine might rewrite.
    static let awkwardTexts = [
        #"She said "it's fine" and 'left'"#,
        #"back\slash, \n and \u0041 as written"#,
        "line one\nline two\nline three",
        "</script><script>window.hijacked = true</script>",
        "line\u{2028}separator and paragraph\u{2029}separator",
        "emoji 👋🏽 👨‍👩‍👧, naïve café, 日本語, e\u{301} decomposed",
        "all at once:  \"'\\\n</script>\u{2028}😀 ",
    ]

    /// A response body full of quotes, newlines, `</script>` and non-ASCII text.
    static let awkwardBody = """
        {"name": "Zoë O'Brien", "quote": "She said \\"it's fine\\" \\\\ then left.\\nLine two"}
        </script><script>window.hijacked = true</script>
        naïve café, 日本語, 😀 \u{2028}\u{2029} and a CR LF\r\n
        """

    static let guid = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"

    // MARK: EchoBridge

    @Test(
        "EchoBridge echoes posted text into #echo exactly, through the page's own changeEcho",
        .timeLimit(.minutes(1)), arguments: awkwardTexts)
    func echoThroughPageScript(_ text: String) async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        _ = EchoBridge(webView: observed)
        let script = """
            function changeEcho(newText) { document.getElementById("echo").textContent = newText; }
            window.webkit.messageHandlers.nativeProcess.postMessage(\(inlineLiteral(text)));
            """
        webView.loadHTML(page(body: #"<p id="echo"></p>"#, script: script), baseURL: baseURL)

        let echo = try #require(await next(observed.evaluations))
        #expect(echo.result == .success(.null), "\(echo.script)")
        expectScalars(try await webView.evaluateJavaScript("document.getElementById('echo').textContent"), equal: text)
        #expect(try await webView.evaluateJavaScript("window.hijacked === undefined") == true)
    }

    @Test(
        "EchoBridge with injectsScript echoes into a page whose only script posts",
        .timeLimit(.minutes(1)), arguments: awkwardTexts)
    func echoThroughInjectedScript(_ text: String) async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        _ = EchoBridge(webView: observed, injectsScript: true)
        let script = "window.webkit.messageHandlers.nativeProcess.postMessage(\(inlineLiteral(text)));"
        // The injected changeEcho sets innerText, which turns each newline into a
        // <br>; reading innerText back turns them into newlines again, and
        // pre-wrap keeps runs of spaces from collapsing in between.
        let body = #"<p id="echo" style="white-space: pre-wrap"></p>"#
        webView.loadHTML(page(body: body, script: script), baseURL: baseURL)

        let echo = try #require(await next(observed.evaluations))
        #expect(echo.result == .success(.null), "\(echo.script)")
        expectScalars(try await webView.evaluateJavaScript("document.getElementById('echo').innerText"), equal: text)
        #expect(try await webView.evaluateJavaScript("window.hijacked === undefined") == true)
    }

    // MARK: PromiseBridge

    /// The seed's promise page: `randomUser(guid)` posts `{guid}` and waits
    /// for native code to call `executePromise` or `rejectPromise`, which
    /// keep what they were given in `window.results`.
    static let promisePage = page(
        script: """
            const pending = {};
            window.results = {};
            function randomUser(guid) {
              return new Promise((resolve, reject) => {
                pending[guid] = { resolve, reject };
                window.webkit.messageHandlers.nativeProcess.postMessage({ guid: guid });
              });
            }
            function executePromise(guid, data) {
              window.results[guid] = data;
              pending[guid].resolve(data);
              delete pending[guid];
            }
            function rejectPromise(guid, message) {
              window.results[guid] = { rejected: message };
              pending[guid].reject(new Error(message));
              delete pending[guid];
            }
            """)

    /// A server that answers the random-user API with `body()` and anything else with 404.
    static func randomUserServer(_ body: @escaping @Sendable () -> String) -> ScriptedHTTPTransport {
        ScriptedHTTPTransport { request in
            guard request.urlString == RandomUserFetcher.seedEndpoint else { return HTTPResponse(status: 404) }
            return HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: .text(body()))
        }
    }

    @Test("PromiseBridge settles the page's promise with exactly the response text", .timeLimit(.minutes(1)))
    func promiseSettlesWithBody() async throws {
        let webView = try await WebKitGTKWebView()
        let transport = Self.randomUserServer { Self.awkwardBody }
        _ = PromiseBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(Self.promisePage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let settled = try await webView.callAsyncJavaScript(
            "return await randomUser(guid);", arguments: ["guid": .string(Self.guid)])
        expectScalars(settled, equal: Self.awkwardBody)
        let stored = try await webView.evaluateJavaScript("window.results")
        #expect(stored == [Self.guid: .string(Self.awkwardBody)])
        #expect(try await webView.evaluateJavaScript("window.hijacked === undefined") == true)
        #expect(transport.requests == [HTTPRequest(url: RandomUserFetcher.seedEndpoint)])
    }

    @Test("PromiseBridge settles two promises in flight, each with its own guid and body", .timeLimit(.minutes(1)))
    func promiseTwoInFlight() async throws {
        let webView = try await WebKitGTKWebView()
        let served = Locked(0)
        let transport = Self.randomUserServer {
            let number = served.withLock {
                $0 += 1
                return $0
            }
            return "user \(number): \(Self.awkwardBody)"
        }
        _ = PromiseBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(Self.promisePage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        // Both messages are posted in one turn of the page, before either is settled.
        let settled = try await webView.callAsyncJavaScript(
            "return await Promise.all([randomUser(first), randomUser(second)]);",
            arguments: ["first": "first-guid", "second": "second-guid"])

        // Each fetch runs in a task of its own, so which guid got which user is not fixed.
        guard case .array(let values) = settled, values.count == 2 else {
            Issue.record("expected the two users, found \(settled)")
            return
        }
        let users = values.compactMap { value -> String? in
            guard case .string(let user) = value else { return nil }
            return user
        }
        #expect(users.sorted() == ["user 1: \(Self.awkwardBody)", "user 2: \(Self.awkwardBody)"])
        let stored = try await webView.evaluateJavaScript("window.results")
        #expect(stored == ["first-guid": values[0], "second-guid": values[1]])
        #expect(transport.requests.count == 2)
    }

    @Test("PromiseBridge rejects the page's promise with the error when the server fails", .timeLimit(.minutes(1)))
    func promiseRejectsOnServerError() async throws {
        let webView = try await WebKitGTKWebView()
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 503, body: .text("Service Unavailable")) }
        _ = PromiseBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(Self.promisePage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let error = await #expect(throws: JavaScriptError.self) {
            try await webView.callAsyncJavaScript("return await randomUser(guid);", arguments: ["guid": "g"])
        }
        #expect(error?.message == "Error: the server answered 503")
    }

    @Test("the seed's String(format:) callback is a syntax error on the same body", .timeLimit(.minutes(1)))
    func seedCallbackBreaks() async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        _ = SeedPromiseBridge(
            platform: livePlatform(observed, transport: Self.randomUserServer { Self.awkwardBody }))
        webView.loadHTML(Self.promisePage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("randomUser('g'), null")

        let callback = try #require(await next(observed.evaluations))
        guard case .failure(let error) = callback.result else {
            Issue.record("expected the seed's script to fail, it returned \(callback.result)")
            return
        }
        // Not hasPrefix: for a syntax error WebKitGTK prefixes `<url>:<line>: `, with no
        // column, which the adapter's `<url>:<line>:<column>: ` stripping misses.
        #expect(error.message.contains("SyntaxError: Unexpected identifier 'Brien'"), "\(error)")
        #expect(try await webView.evaluateJavaScript("window.results") == [:])
    }

    // MARK: PromiseReplyBridge

    @Test("PromiseReplyBridge resolves the page's awaited postMessage with the data", .timeLimit(.minutes(1)))
    func replyResolves() async throws {
        let webView = try await WebKitGTKWebView()
        let transport = Self.randomUserServer { Self.awkwardBody }
        _ = PromiseReplyBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(page(), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let data = try await webView.callAsyncJavaScript(
            "return await window.webkit.messageHandlers.nativeProcess.postMessage({ guid });",
            arguments: ["guid": .string(Self.guid)])
        expectScalars(data, equal: Self.awkwardBody)
        #expect(transport.requests == [HTTPRequest(url: RandomUserFetcher.seedEndpoint)])
    }

    @Test("PromiseReplyBridge rejects a message without a guid with an Error of its message", .timeLimit(.minutes(1)))
    func replyRejectsWithoutGUID() async throws {
        let webView = try await WebKitGTKWebView()
        let transport = Self.randomUserServer { Self.awkwardBody }
        _ = PromiseReplyBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(page(), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let rejection = try await webView.callAsyncJavaScript(
            """
            try {
              await window.webkit.messageHandlers.nativeProcess.postMessage({ action: "randomUser" });
              return "resolved";
            } catch (error) {
              return { isError: error instanceof Error, message: error.message };
            }
            """)
        #expect(rejection == ["isError": true, "message": "the message has no string guid"])
        #expect(transport.requests.isEmpty)
    }

    // MARK: NavigationRouter

    static let nextURL = "https://app.example/next.html"

    static let routerPage = page(
        body: """
            <a id="present" href="navigate://present?r=255&g=255&b=0" target="_blank">Present Yellow</a>
            <a id="next" href="\(nextURL)">Next</a>
            """)

    @Test(
        "NavigationRouter shows the present route for a target=_blank navigate: link and cancels it",
        .timeLimit(.minutes(1)))
    func routerPresents() async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        let routes = CollectingRoutePresenter()
        _ = NavigationRouter(webView: observed, routes: routes)
        webView.loadHTML(Self.routerPage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("document.getElementById('present').click()")

        let decided = try #require(await first(observed.decisions) { $0.action.urlString.hasPrefix("navigate:") })
        #expect(decided.action.urlString == "navigate://present?r=255&g=255&b=0")
        #expect(decided.action.navigationType == .linkActivated)
        #expect(decided.action.targetFrame == nil)
        #expect(decided.policy == .cancel)
        #expect(routes.routes == [NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0])])
        #expect(await webView.currentURL() == baseURL)
    }

    @Test("NavigationRouter allows an ordinary same-frame link, which then loads", .timeLimit(.minutes(1)))
    func routerAllowsLink() async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        let routes = CollectingRoutePresenter()
        _ = NavigationRouter(webView: observed, routes: routes)
        webView.loadHTML(Self.routerPage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("document.getElementById('next').click()")

        let decided = try #require(await first(observed.decisions) { $0.action.urlString == Self.nextURL })
        #expect(decided.action.navigationType == .linkActivated)
        #expect(decided.action.targetFrame == .main(baseURL))
        #expect(decided.policy == .allow)
        #expect(routes.routes.isEmpty)
        // WebKit starts the load it was allowed to: the view moves to the link's
        // URL (whether the offline load then fails does not matter here).
        try await waitUntil { await webView.currentURL() == Self.nextURL }
    }

    // MARK: Recording

    @Test(
        "a PromiseBridge session recorded on WebKitGTK replays offline against the contract; the seed's fails",
        .timeLimit(.minutes(1)))
    func recordedPromiseReplays() async throws {
        let contract = ReferenceContract.promiseBridge
        let file = FileManager.default.temporaryDirectory.appending(path: "webkitgtk-promise-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        weak var released: WebKitGTKWebView?
        do {
            let webView = try await WebKitGTKWebView()
            released = webView
            let recorder = Recorder(
                name: "webkitgtk-promise-bridge", contract: contract.name, engine: "WebKitGTK 6.0")
            let live = livePlatform(ObservedWebView(webView), transport: Self.randomUserServer { Self.awkwardBody })
            let bridge = try await contract.setUp(recorder.platform(wrapping: live))
            webView.loadHTML(Self.promisePage, baseURL: baseURL)
            try await webView.waitUntilLoaded()

            let settled = try await webView.callAsyncJavaScript(
                "return await randomUser(guid);", arguments: ["guid": .string(Self.guid)])
            expectScalars(settled, equal: Self.awkwardBody)
            // The page's promise can settle before WebKit reports executePromise's own result.
            try await waitUntil { recorder.events.contains { $0.payload(as: JavaScriptResult.self) != nil } }
            #expect(
                recorder.events.map(\.kind.description) == [
                    "script.message", "http.request", "http.response", "javascript.evaluate", "javascript.result",
                ])
            try recorder.write(to: file)
            withExtendedLifetime(bridge) {}
        }
        #expect(released == nil, "the live web view outlived the recording")

        let replayer = try Replayer(contentsOf: file)
        let report = await replayer.replay(contract.setUp)
        #expect(report.passed, "\(report)")
        let broken = await replayer.replay { SeedPromiseBridge(platform: $0) }
        #expect(!broken.passed, "the seed's String(format:) callback passed the replay")
        #expect(broken.issues.contains { $0.eventKind == JavaScriptEvaluation.eventKind }, "\(broken)")
    }
}

/// The seed's promise callback, `String(format: "executePromise('%@','%@')", guid, data)`:
/// the data spliced into the script unescaped.
private struct SeedPromiseBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport

    init(platform: Platform) {
        webView = platform.webView
        transport = platform.transport
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        let webView = webView
        let transport = transport
        Task {
            guard let response = try? await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint)),
                case .text(let data)? = response.body
            else { return }
            webView.evaluateJavaScript(String(format: "executePromise('%@','%@')", guid, data), completionHandler: nil)
        }
    }
}

/// `text` as a string literal for an inline `<script>`, written without
/// ``JavaScriptLiteral`` so that it is not its own oracle: JSON, with `</`
/// written `<\/` so that the literal cannot end the element.
private func inlineLiteral(_ text: String) -> String {
    JSONValue.string(text).description.replacingOccurrences(of: "</", with: "<\\/")
}

/// Expects `value` to be the string `text` scalar for scalar: `String`'s
/// `==` would also accept a page that normalised `e\u{301}` to `é`.
private func expectScalars(_ value: JSONValue, equal text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .string(let found) = value else {
        Issue.record("expected the string \(JSONValue.string(text)), found \(value)", sourceLocation: sourceLocation)
        return
    }
    #expect(
        Array(found.unicodeScalars) == Array(text.unicodeScalars),
        "expected \(JSONValue.string(text)), found \(JSONValue.string(found))", sourceLocation: sourceLocation)
}

/// Returns once `condition` holds; the test's time limit ends a wait that never does.
private func waitUntil(_ condition: () async -> Bool) async throws {
    while await !condition() { try await Task.sleep(for: .milliseconds(5)) }
}
#endif
