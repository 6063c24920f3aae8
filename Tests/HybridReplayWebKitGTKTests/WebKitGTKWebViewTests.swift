#if WebKitGTK
import HybridReplay
import HybridReplayWebKitGTK
import Testing

@Suite("WebKitGTKWebView")
struct WebKitGTKWebViewTests {
    @Test("Platform.live puts the view behind the web seam and fails a request it was given no transport for", .timeLimit(.minutes(1)))
    func livePlatform() async throws {
        let webView = try await WebKitGTKWebView()
        let platform = Platform.live(webView)
        #expect(platform.webView as? WebKitGTKWebView === webView)
        await platform.cookieStore.setCookie(Cookie(name: "sid", value: "1", domain: "app.example"))
        #expect(await platform.cookieStore.cookies(for: "https://app.example/").map(\.name) == ["sid"])
        do {
            _ = try await platform.transport.send(HTTPRequest(url: "https://app.example/api"), redirectDelegate: nil)
            Issue.record("a platform without a transport sent a request")
        } catch {
            #expect("\(error)".contains("this Platform has no transport"), "\(error)")
        }
    }

    @Test("delivers a posted message to its handler with body and frame", .timeLimit(.minutes(1)))
    func postsMessage() async throws {
        let webView = try await WebKitGTKWebView()
        let handler = StreamingHandler()
        webView.add(handler, name: "nativeProcess")
        let script = #"window.webkit.messageHandlers.nativeProcess.postMessage("hi");"#
        webView.loadHTML(page(script: script), baseURL: baseURL)

        let message = try #require(await next(handler.messages))
        #expect(message == ScriptMessage(handler: "nativeProcess", body: "hi", frame: .main(baseURL)))
    }

    @Test("delivers structured bodies and dates as the format records them", .timeLimit(.minutes(1)))
    func structuredBody() async throws {
        let webView = try await WebKitGTKWebView()
        let handler = StreamingHandler()
        webView.add(handler, name: "nativeProcess")
        let script = """
            window.webkit.messageHandlers.nativeProcess.postMessage(
                {n: 1.5, list: [true, null, "x"], when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5))});
            """
        webView.loadHTML(page(script: script), baseURL: baseURL)

        let message = try #require(await next(handler.messages))
        let when = ScriptMessage.date("2024-01-02T03:04:05.000Z")
        #expect(message.body == ["n": 1.5, "list": [true, nil, "x"], "when": when])
    }

    @Test("resolves the page's promise with a reply handler's value", .timeLimit(.minutes(1)))
    func replyResolvesPromise() async throws {
        let webView = try await WebKitGTKWebView()
        let done = StreamingHandler()
        webView.add(done, name: "nativeProcess")
        webView.add(ReplyingHandler { body in .value(["echo": body, "quote": "\"</script>\n"]) }, name: "nativeAsk")
        let script = """
            window.webkit.messageHandlers.nativeAsk.postMessage({color: "yellow"}).then((reply) => {
                window.answer = reply;
                window.webkit.messageHandlers.nativeProcess.postMessage("resolved");
            });
            """
        webView.loadHTML(page(script: script), baseURL: baseURL)

        let resolved = try #require(await next(done.messages))
        #expect(resolved.body == "resolved")
        let answer = try await webView.evaluateJavaScript("window.answer")
        #expect(answer == ["echo": ["color": "yellow"], "quote": "\"</script>\n"])
    }

    @Test("rejects the page's promise with a reply handler's error", .timeLimit(.minutes(1)))
    func replyRejectsPromise() async throws {
        let webView = try await WebKitGTKWebView()
        let done = StreamingHandler()
        webView.add(done, name: "nativeProcess")
        webView.add(ReplyingHandler { _ in .error("no colour") }, name: "nativeAsk")
        let script = """
            window.webkit.messageHandlers.nativeAsk.postMessage("x").catch((error) => {
                window.webkit.messageHandlers.nativeProcess.postMessage(String(error.message ?? error));
            });
            """
        webView.loadHTML(page(script: script), baseURL: baseURL)

        let rejected = try #require(await next(done.messages))
        #expect(rejected.body == "no colour")
    }

    @Test("returns the value of evaluated JavaScript", .timeLimit(.minutes(1)))
    func evaluateReturnsValue() async throws {
        let webView = try await WebKitGTKWebView()
        webView.loadHTML(page(script: "window.colour = {r: 255, g: 255, b: 0};"), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        #expect(try await webView.evaluateJavaScript("1 + 2") == 3)
        #expect(try await webView.evaluateJavaScript("window.colour") == ["r": 255, "g": 255, "b": 0])
        #expect(try await webView.evaluateJavaScript("[document.title, null, 'é\\n']") == ["", nil, "é\n"])
        #expect(try await webView.evaluateJavaScript("undefined") == nil)
    }

    @Test("reports a thrown ReferenceError as a JavaScriptError", .timeLimit(.minutes(1)))
    func evaluateReportsError() async throws {
        let webView = try await WebKitGTKWebView()
        webView.loadHTML(page(), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let error = await #expect(throws: JavaScriptError.self) {
            try await webView.evaluateJavaScript("changeEcho()")
        }
        #expect(error?.message == "ReferenceError: Can't find variable: changeEcho")
    }

    @Test("reports a syntax error with the message alone, as WKWebView does", .timeLimit(.minutes(1)))
    func evaluateReportsSyntaxError() async throws {
        let webView = try await WebKitGTKWebView()
        webView.loadHTML(page(), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let error = await #expect(throws: JavaScriptError.self) {
            try await webView.evaluateJavaScript("executePromise('a','it's')")
        }
        #expect(error?.message.hasPrefix("SyntaxError: ") == true, "\(error?.message ?? "")")
    }

    @Test("passes arguments to callAsyncJavaScript intact", .timeLimit(.minutes(1)))
    func callAsyncArguments() async throws {
        let webView = try await WebKitGTKWebView()
        webView.loadHTML(page(), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let text: JSONValue = "He said \"hi\" and 'bye'\nnext line </script><script>alert(1)</script> \\ ✓"
        let arguments: [String: JSONValue] = [
            "text": text, "count": 2.5, "nothing": nil, "nested": ["a": [1, "b", false]],
        ]
        let body = """
            await new Promise((resolve) => setTimeout(resolve, 1));
            return {text, count, nothing, nested, kind: typeof count};
            """
        let result = try await webView.callAsyncJavaScript(body, arguments: arguments)
        #expect(result == .object(arguments.merging(["kind": "number"]) { old, _ in old }))
    }

    @Test("reports a rejected callAsyncJavaScript promise as a JavaScriptError", .timeLimit(.minutes(1)))
    func callAsyncRejects() async throws {
        let webView = try await WebKitGTKWebView()
        webView.loadHTML(page(), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        let error = await #expect(throws: JavaScriptError.self) {
            try await webView.callAsyncJavaScript("throw new TypeError(reason);", arguments: ["reason": "bad colour"])
        }
        #expect(error?.message == "TypeError: bad colour")
    }

    @Test("runs a document-start user script before the page's own script", .timeLimit(.minutes(1)))
    func userScriptAtDocumentStart() async throws {
        let webView = try await WebKitGTKWebView()
        let handler = StreamingHandler()
        webView.add(handler, name: "nativeProcess")
        webView.addUserScript(
            UserScriptInstallation(
                source: "function greet(name) { return 'hello ' + name; }", injectionTime: .documentStart,
                mainFrameOnly: true))
        let script = #"window.webkit.messageHandlers.nativeProcess.postMessage(greet("page"));"#
        webView.loadHTML(page(script: script), baseURL: baseURL)

        let message = try #require(await next(handler.messages))
        #expect(message.body == "hello page")
    }

    @Test("asks the navigation delegate about a clicked link", .timeLimit(.minutes(1)))
    func linkClickReachesDelegate() async throws {
        let webView = try await WebKitGTKWebView()
        let delegate = StreamingNavigationDelegate(cancelling: "navigate:")
        webView.setNavigationDelegate(delegate)
        webView.loadHTML(page(body: #"<a href="navigate://present?r=255&g=255&b=0">Yellow</a>"#), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("document.querySelector('a').click()")

        let action = try #require(await first(delegate.actions) { $0.urlString.hasPrefix("navigate:") })
        #expect(action.urlString == "navigate://present?r=255&g=255&b=0")
        #expect(action.navigationType == .linkActivated)
        #expect(action.method == "GET")
        #expect(action.targetFrame == .main(baseURL))
        // The delegate cancelled it, so the page stays.
        #expect(await webView.currentURL() == baseURL)
        #expect(await MainActor.run { webView.url?.absoluteString } == baseURL)
        #expect(webView.navigationDelegate is StreamingNavigationDelegate)
    }

    @Test("reports a target=_blank link with no target frame", .timeLimit(.minutes(1)))
    func blankTargetHasNoFrame() async throws {
        let webView = try await WebKitGTKWebView()
        let delegate = StreamingNavigationDelegate(cancelling: "navigate:")
        webView.setNavigationDelegate(delegate)
        webView.loadHTML(
            page(body: #"<a target="_blank" href="navigate://present?r=0&g=0&b=255">Blue</a>"#), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        _ = try await webView.evaluateJavaScript("document.querySelector('a').click()")

        let action = try #require(await first(delegate.actions) { $0.urlString.hasPrefix("navigate:") })
        #expect(action.urlString == "navigate://present?r=0&g=0&b=255")
        #expect(action.navigationType == .linkActivated)
        #expect(action.targetFrame == nil)
    }

    @Test("loads a NavigationLoad body with its base URL", .timeLimit(.minutes(1)))
    func loadsBody() async throws {
        let webView = try await WebKitGTKWebView()
        webView.load(
            NavigationLoad(
                url: "https://app.example/final", headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")],
                body: .text(page(script: "window.loaded = location.href;"))))
        #expect(await MainActor.run { webView.url?.absoluteString } == "https://app.example/final", "read at once, as WebKit's")
        try await webView.waitUntilLoaded()

        #expect(await webView.currentURL() == "https://app.example/final")
        #expect(try await webView.evaluateJavaScript("window.loaded") == "https://app.example/final")
    }

    @Test("fails the wait for a request WebKitGTK cannot send", .timeLimit(.minutes(1)))
    func rejectsPostWithoutBody() async throws {
        let webView = try await WebKitGTKWebView()
        webView.load(NavigationLoad(url: "https://app.example/form", method: "POST"))

        let error = await #expect(throws: WebKitGTKError.self) { try await webView.waitUntilLoaded() }
        #expect(error?.message.contains("GET only") == true)
    }
}
#endif
