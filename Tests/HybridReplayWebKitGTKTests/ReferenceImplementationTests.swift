#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayWebKitGTK
import Testing

/// The reference implementations against a real WebKit engine: what reaches
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
        "all at once: \"'\\\n</script>\u{2028}😀",
    ]

    /// A response body full of quotes, newlines, `</script>` and non-ASCII text.
    static let awkwardBody = """
        {"name": "Zoë O'Brien", "quote": "She said \\"it's fine\\" \\\\ then left.\\nLine two"}
        </script><script>window.hijacked = true</script>
        naïve café, 日本語, 😀 \u{2028}\u{2029} and a CR LF\r\n
        """

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
        let shown = try await webView.evaluateJavaScript("document.getElementById('echo').textContent")
        expectScalars(shown, equal: text)
        #expect(try await webView.evaluateJavaScript("window.hijacked === undefined") == true)
    }

    @Test(
        "EchoBridge with injectsScript echoes into a page that only posts",
        .timeLimit(.minutes(1)), arguments: awkwardTexts)
    func echoThroughInjectedScript(_ text: String) async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        _ = EchoBridge(webView: observed, injectsScript: true)
        let script = "window.webkit.messageHandlers.nativeProcess.postMessage(\(inlineLiteral(text)));"
        webView.loadHTML(page(body: #"<p id="echo"></p>"#, script: script), baseURL: baseURL)

        let echo = try #require(await next(observed.evaluations))
        #expect(echo.result == .success(.null), "\(echo.script)")
        let shown = try await webView.evaluateJavaScript(
            "[document.getElementById('echo').innerText, document.getElementById('echo').textContent, document.getElementById('echo').innerHTML]")
        Issue.record("probe: \(shown) for \(JSONValue.string(text))")
    }

    // MARK: PromiseBridge

    /// The seed's promise page: `randomUser(guid)` posts `{guid}` and waits
    /// for native code to call `executePromise` or `rejectPromise`.
    static let promisePage = page(
        body: #"<p id="user"></p>"#,
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
              pending[guid].reject(new Error(message));
              delete pending[guid];
            }
            """)

    /// A server that answers the random-user API with `body` and anything else with 404.
    static func randomUserServer(_ body: @escaping @Sendable () -> String) -> ScriptedHTTPTransport {
        ScriptedHTTPTransport { request in
            guard request.url == RandomUserFetcher.seedEndpoint else { return HTTPResponse(status: 404) }
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

        let guid = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
        let settled = try await webView.callAsyncJavaScript("return await randomUser(guid);", arguments: ["guid": .string(guid)])
        expectScalars(settled, equal: Self.awkwardBody)
        let stored = try await webView.evaluateJavaScript("window.results")
        #expect(stored == [guid: .string(Self.awkwardBody)])
        #expect(try await webView.evaluateJavaScript("window.hijacked === undefined") == true)
        #expect(transport.requests == [HTTPRequest(url: RandomUserFetcher.seedEndpoint)])
    }

    @Test("PromiseBridge settles two promises in flight, each with its own guid", .timeLimit(.minutes(1)))
    func promiseTwoInFlight() async throws {
        let webView = try await WebKitGTKWebView()
        let served = Locked(0)
        let transport = Self.randomUserServer {
            let number = served.withLock {
                $0 += 1
                return $0
            }
            return "user \(number)\n\"\(Self.awkwardBody)\""
        }
        _ = PromiseBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(Self.promisePage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        // Both messages are posted in one turn of the page, before either is answered.
        let settled = try await webView.callAsyncJavaScript(
            "return await Promise.all([randomUser(first), randomUser(second)]);",
            arguments: ["first": "first-guid", "second": "second-guid"])
        let bodies: Set<JSONValue> = [1, 2].map { JSONValue.string("user \($0)\n\"\(Self.awkwardBody)\"") }.reduce(into: []) { $0.insert($1) }
        guard case .array(let values) = settled else { throw Unexpected("expected an array, found \(settled)") }
        #expect(Set(values) == bodies)
        guard case .object(let stored) = try await webView.evaluateJavaScript("window.results") else {
            throw Unexpected("window.results is not an object")
        }
        #expect(Set(stored.keys) == ["first-guid", "second-guid"])
        #expect(stored["first-guid"] == values.first)
        #expect(stored["second-guid"] == values.last)
        #expect(transport.requests.count == 2)
    }

    @Test("PromiseBridge rejects the page's promise when the server fails", .timeLimit(.minutes(1)))
    func promiseRejectsOnServerError() async throws {
        let webView = try await WebKitGTKWebView()
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 503, body: .text("Service Unavailable")) }
        _ = PromiseBridge(webView: ObservedWebView(webView), transport: transport)
        webView.loadHTML(Self.promisePage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let error = await #expect(throws: JavaScriptError.self) {
            try await webView.callAsyncJavaScript("return await randomUser('g');")
        }
        #expect(error?.message == "Error: the server answered 503")
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
            "return await window.webkit.messageHandlers.nativeProcess.postMessage({ guid });", arguments: ["guid": "g"])
        expectScalars(data, equal: Self.awkwardBody)
        #expect(transport.requests == [HTTPRequest(url: RandomUserFetcher.seedEndpoint)])
    }

    @Test("PromiseReplyBridge rejects a message without a guid with its error message", .timeLimit(.minutes(1)))
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
              return { isError: error instanceof Error, message: String(error.message ?? error), text: String(error) };
            }
            """)
        Issue.record("probe: \(rejection)")
        #expect(transport.requests.isEmpty)
    }

    // MARK: NavigationRouter

    static let nextURL = "https://app.example/next.html"
    static let routerPage = page(
        body: """
            <a id="present" href="navigate://present?r=255&g=255&b=0" target="_blank">Present Yellow</a>
            <a id="next" href="\(nextURL)">Next</a>
            """)

    @Test("NavigationRouter shows the present route for a target=_blank navigate: link and cancels it", .timeLimit(.minutes(1)))
    func routerPresents() async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        let routes = CollectingRoutePresenter()
        _ = NavigationRouter(webView: observed, routes: routes)
        webView.loadHTML(Self.routerPage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("document.getElementById('present').click()")

        let decided = try #require(await first(observed.decisions) { $0.action.url.hasPrefix("navigate:") })
        #expect(decided.action.url == "navigate://present?r=255&g=255&b=0")
        #expect(decided.action.navigationType == .linkActivated)
        #expect(decided.action.targetFrame == nil)
        #expect(decided.policy == .cancel)
        #expect(routes.routes == [NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0])])
        #expect(await webView.currentURL() == baseURL)
    }

    @Test("NavigationRouter allows an ordinary same-frame link", .timeLimit(.minutes(1)))
    func routerAllowsLink() async throws {
        let webView = try await WebKitGTKWebView()
        let observed = ObservedWebView(webView)
        let routes = CollectingRoutePresenter()
        _ = NavigationRouter(webView: observed, routes: routes)
        webView.loadHTML(Self.routerPage, baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("document.getElementById('next').click()")

        let decided = try #require(await first(observed.decisions) { $0.action.url == Self.nextURL })
        #expect(decided.action.navigationType == .linkActivated)
        #expect(decided.action.targetFrame == .main(baseURL))
        #expect(decided.policy == .allow)
        #expect(routes.routes.isEmpty)
        for _ in 0..<400 where await webView.currentURL() != Self.nextURL { try await Task.sleep(for: .milliseconds(5)) }
        Issue.record("probe: url \(String(describing: await webView.currentURL()))")
    }
}

/// The live web view as an implementation sees it, telling the test what
/// the implementation's own scripts returned and how it decided navigations.
///
/// It holds the live view weakly: the reference implementations hold their
/// web view and the web view holds their handlers, and a strong reference
/// here would keep the page alive after the test.
final class ObservedWebView: WebView {
    /// A script the implementation evaluated, and what the page returned.
    struct Evaluated: Sendable {
        var script: String
        var result: Result<JSONValue, JavaScriptError>
    }

    /// A navigation action and the policy the implementation chose for it.
    struct Decided: Sendable {
        var action: NavigationAction
        var policy: NavigationPolicy
    }

    let evaluations: AsyncStream<Evaluated>
    let decisions: AsyncStream<Decided>
    private let evaluated: AsyncStream<Evaluated>.Continuation
    private let decided: AsyncStream<Decided>.Continuation
    private weak let live: WebKitGTKWebView?

    init(_ live: WebKitGTKWebView) {
        self.live = live
        (evaluations, evaluated) = AsyncStream.makeStream()
        (decisions, decided) = AsyncStream.makeStream()
    }

    func add(_ handler: any ScriptMessageHandler, name: String) { live?.add(handler, name: name) }

    func add(_ handler: any ScriptMessageHandlerWithReply, name: String) { live?.add(handler, name: name) }

    func addUserScript(_ script: UserScriptInstallation) { live?.addUserScript(script) }

    func evaluateJavaScript(
        _ script: String, completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        guard let live else { return completionHandler?(.failure(JavaScriptError("the web view was released"))) ?? () }
        live.evaluateJavaScript(script) { [evaluated] result in
            evaluated.yield(Evaluated(script: script, result: result))
            completionHandler?(result)
        }
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue],
        completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        guard let live else { return completionHandler?(.failure(JavaScriptError("the web view was released"))) ?? () }
        live.callAsyncJavaScript(body, arguments: arguments) { [evaluated] result in
            evaluated.yield(Evaluated(script: body, result: result))
            completionHandler?(result)
        }
    }

    func setNavigationDelegate(_ delegate: (any NavigationDelegate)?) {
        live?.setNavigationDelegate(delegate.map { ObservedNavigationDelegate(app: $0, decided: decided) })
    }

    func load(_ load: NavigationLoad) { live?.load(load) }
}

/// Passes each action to the app's delegate and reports the policy it chose.
private struct ObservedNavigationDelegate: NavigationDelegate {
    let app: any NavigationDelegate
    let decided: AsyncStream<ObservedWebView.Decided>.Continuation

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        app.decidePolicy(for: action) { [decided] policy in
            decided.yield(ObservedWebView.Decided(action: action, policy: policy))
            decisionHandler(policy)
        }
    }
}

struct Unexpected: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `text` as a string literal for an inline `<script>`, written without
/// ``JavaScriptLiteral`` so that it is not its own oracle: JSON, with `</`
/// written `<\/` so that the literal cannot end the element.
func inlineLiteral(_ text: String) -> String {
    JSONValue.string(text).description.replacingOccurrences(of: "</", with: "<\\/")
}

/// Expects `value` to be the string `text`, scalar for scalar: `String`'s
/// `==` would accept a page that normalised `e\u{301}` to `é`.
func expectScalars(_ value: JSONValue, equal text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .string(let found) = value else {
        Issue.record("expected the string \(JSONValue.string(text)), found \(value)", sourceLocation: sourceLocation)
        return
    }
    #expect(
        Array(found.unicodeScalars) == Array(text.unicodeScalars),
        "expected \(JSONValue.string(text)), found \(JSONValue.string(found))", sourceLocation: sourceLocation)
}
#endif
