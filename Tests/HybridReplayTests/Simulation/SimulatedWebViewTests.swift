import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("SimulatedWebView")
struct SimulatedWebViewTests {
    private let link = NavigationAction(
        url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: .main())

    // MARK: Script messages

    @Test("delivers a posted message to the handler registered under its name before returning")
    func deliversMessage() throws {
        let webView = SimulatedWebView()
        let seen = SimulatedApp.Log<ScriptMessage>()
        webView.add(SimulatedApp.MessageHandler { seen.append($0) }, name: "nativeProcess")

        try webView.postMessage(["action": "echo"], to: "nativeProcess")
        try webView.postMessage("second", to: "nativeProcess", frame: Frame(isMainFrame: false, url: "https://ads.example/"))

        #expect(
            seen.entries == [
                ScriptMessage(
                    handler: "nativeProcess", body: ["action": "echo"], frame: .main("https://app.example.com/")),
                ScriptMessage(
                    handler: "nativeProcess", body: "second", frame: Frame(isMainFrame: false, url: "https://ads.example/")),
            ])
    }

    @Test("refuses a message to a name no handler is registered under, listing the registered names")
    func refusesUnregisteredName() {
        let webView = SimulatedWebView()
        #expect(throws: SimulationError(
            "no script message handler is registered for 'nativeProcess' (registered: none); "
                + "the app registers one with add(_:name:) before the page posts")) {
            try webView.postMessage(1, to: "nativeProcess")
        }
        webView.add(SimulatedApp.MessageHandler { _ in }, name: "log")
        webView.add(SimulatedApp.ReplyHandler { _, reply in reply(.value(nil)) }, name: "echo")
        #expect(throws: SimulationError(
            "no script message handler is registered for 'nativeProcess' (registered: 'log', 'echo'); "
                + "the app registers one with add(_:name:) before the page posts")) {
            try webView.postMessage(1, to: "nativeProcess")
        }
    }

    @Test("refuses a message from a world no handler of its name is registered in, naming each handler's world, the page's too")
    func refusesOtherWorld() {
        let webView = SimulatedWebView()
        webView.add(SimulatedApp.MessageHandler { _ in }, name: "prefsReady")
        #expect(throws: SimulationError(
            #"no script message handler is registered for 'prefsReady' in world "concierge" (registered: 'prefsReady' in the page world); "#
                + "the app registers one with add(_:name:) before the page posts")) {
            try webView.postMessage(1, to: "prefsReady", contentWorld: .world(name: "concierge"))
        }
        webView.removeScriptMessageHandler(forName: "prefsReady", contentWorld: .page)
        webView.add(SimulatedApp.MessageHandler { _ in }, contentWorld: .defaultClient, name: "prefsReady")
        #expect(throws: SimulationError(
            "no script message handler is registered for 'prefsReady' in the page world (registered: 'prefsReady' in defaultClient); "
                + "the app registers one with add(_:name:) before the page posts")) {
            try webView.postMessage(1, to: "prefsReady")
        }
    }

    @Test("refuses an awaited post to a handler that does not reply, and a plain post to one that does")
    func refusesMismatchedHandlerKinds() async {
        let webView = SimulatedWebView()
        webView.add(SimulatedApp.MessageHandler { _ in }, name: "log")
        webView.add(SimulatedApp.ReplyHandler { _, reply in reply(.value(nil)) }, name: "echo")

        await #expect(throws: SimulationError.self) { try await webView.postMessageAwaitingReply(1, to: "log") }
        await #expect(throws: SimulationError.self) { try await webView.postMessageAwaitingReply(1, to: "missing") }
        #expect(throws: SimulationError.self) { try webView.postMessage(1, to: "echo") }
    }

    @Test("returns the value or the error message a reply handler answers with")
    func returnsReply() async throws {
        let webView = SimulatedWebView()
        let seen = SimulatedApp.Log<ScriptMessage>()
        webView.add(
            SimulatedApp.ReplyHandler { message, reply in
                seen.append(message)
                reply(message.body == "fail" ? .error("no such command") : .value(["echoed": message.body]))
            }, name: "echo")

        #expect(try await webView.postMessageAwaitingReply("hi", to: "echo") == .value(["echoed": "hi"]))
        #expect(try await webView.postMessageAwaitingReply("fail", to: "echo") == .error("no such command"))
        #expect(seen.entries.map(\.expectsReply) == [true, true])
        #expect(seen.entries.first?.frame == .main("https://app.example.com/"))
        #expect(webView.misuses.isEmpty)
    }

    @Test("waits for a reply the handler gives later, from another task")
    func awaitsLateReply() async throws {
        let webView = SimulatedWebView()
        webView.add(
            SimulatedApp.ReplyHandler { _, reply in
                Task {
                    try? await Task.sleep(for: .milliseconds(10))
                    reply(.value(42))
                }
            }, name: "slow")

        #expect(try await webView.postMessageAwaitingReply(nil, to: "slow") == .value(42))
    }

    @Test("keeps the first reply when a handler replies twice, and reports the second as a misuse")
    func replyTwice() async throws {
        let webView = SimulatedWebView()
        webView.add(
            SimulatedApp.ReplyHandler { _, reply in
                reply(.value(1))
                reply(.value(2))
            }, name: "echo")

        #expect(try await webView.postMessageAwaitingReply("x", to: "echo") == .value(1))
        #expect(
            webView.replyMisuses == [
                "the reply handler for echo \"x\" (expects reply) was called with value 2 after replying value 1; "
                    + "WebKit keeps only the first reply"
            ])
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test("fails instead of hanging when a reply handler never replies, and reports a reply after that as a misuse")
    func replyNeverCalled() async {
        let webView = SimulatedWebView()
        let held = SimulatedApp.Log<@Sendable (Outcome) -> Void>()
        webView.add(SimulatedApp.ReplyHandler { _, reply in held.append(reply) }, name: "echo")

        await #expect(throws: SimulationError(
            "the reply handler passed to didReceive(_:replyHandler:) for echo 1 (expects reply) "
                + "was not called within 0.05 seconds; call replyHandler exactly once for every message")) {
            try await webView.postMessageAwaitingReply(1.0, to: "echo", timeout: .milliseconds(50))
        }
        held.entries.first?(.value("late"))
        #expect(webView.replyMisuses.count == 1)
        #expect(webView.replyMisuses.first?.contains("after the page stopped waiting") == true)
    }

    @Test("a handler that calls back into the web view does not deadlock")
    func reentrantHandler() throws {
        let webView = SimulatedWebView { script, _ in .success(.string(script)) }
        let results = SimulatedApp.Log<JSONValue>()
        webView.add(
            SimulatedApp.MessageHandler { [unowned webView] message in
                webView.evaluateJavaScript("window.ack(1)") { results.append((try? $0.get()) ?? nil) }
                webView.load(NavigationLoad(url: "https://app.example.com/next"))
            }, name: "nativeProcess")

        try webView.postMessage("go", to: "nativeProcess")

        #expect(results.entries == ["window.ack(1)"])
        #expect(webView.loads == [NavigationLoad(url: "https://app.example.com/next")])
    }

    // MARK: Navigation

    @Test("asks the navigation delegate to decide an action and returns its decision")
    func navigates() async throws {
        let webView = SimulatedWebView()
        let seen = SimulatedApp.Log<NavigationAction>()
        webView.setNavigationDelegate(
            SimulatedApp.NavigationDecider { action, decide in
                seen.append(action)
                decide(action.urlString.hasPrefix("navigate://") ? .cancel : .allow)
            })

        #expect(try await webView.navigate(link) == .cancel)
        #expect(
            try await webView.navigate(
                NavigationAction(url: "https://app.example.com/a", navigationType: .other, targetFrame: .main()))
                == .allow)
        #expect(seen.entries.map(\.urlString) == ["navigate://present?r=255&g=255&b=0", "https://app.example.com/a"])
        #expect(webView.hasNavigationDelegate)
    }

    @Test("awaits an async navigation delegate's decision")
    func asyncDelegate() async throws {
        let webView = SimulatedWebView()
        webView.setNavigationDelegate(SimulatedApp.AsyncNavigationDecider { _ in .download })

        #expect(try await webView.navigate(link) == .download)
    }

    @Test("fails, naming the action, when no navigation delegate is set")
    func noDelegate() async {
        let webView = SimulatedWebView()
        await #expect(throws: SimulationError(
            "no navigation delegate is set to decide linkActivated GET navigate://present?r=255&g=255&b=0; "
                + "set navigationDelegate before the page navigates")) {
            try await webView.navigate(link)
        }
    }

    @Test("fails instead of hanging when the decision handler is never called")
    func decisionNeverCalled() async {
        let webView = SimulatedWebView()
        webView.setNavigationDelegate(SimulatedApp.NavigationDecider { _, _ in })

        await #expect(throws: SimulationError(
            "the completion handler passed to decidePolicy(for:decisionHandler:) for "
                + "linkActivated GET navigate://present?r=255&g=255&b=0 was not called within 0.05 seconds; "
                + "call decisionHandler exactly once for every navigation action")) {
            try await webView.navigate(link, timeout: .milliseconds(50))
        }
    }

    @Test("keeps the first decision when the decision handler is called twice, and reports the second")
    func decisionTwice() async throws {
        let webView = SimulatedWebView()
        webView.setNavigationDelegate(
            SimulatedApp.NavigationDecider { _, decide in
                decide(.cancel)
                decide(.allow)
            })

        #expect(try await webView.navigate(link) == .cancel)
        #expect(
            webView.decisionMisuses == [
                "the decision handler for linkActivated GET navigate://present?r=255&g=255&b=0 was called with allow "
                    + "after deciding cancel; the first decision was kept"
            ])
        #expect(webView.misuses == webView.decisionMisuses)
    }

    @Test("stops waiting for a decision when the driving task is cancelled")
    func cancelledNavigation() async {
        let webView = SimulatedWebView()
        webView.setNavigationDelegate(SimulatedApp.NavigationDecider { _, _ in })
        let action = link
        let navigation = Task { try await webView.navigate(action, timeout: .seconds(60)) }
        navigation.cancel()

        await #expect(throws: SimulationError.self) { try await navigation.value }
    }

    // MARK: What the app did

    @Test("records evaluateJavaScript and callAsyncJavaScript calls in order and answers them from the page")
    func evaluatesJavaScript() async throws {
        let webView = SimulatedWebView { script, arguments in
            if script == "throw 1" { return .failure(JavaScriptError("Error: 1")) }
            return .success(arguments?["x"] ?? .string(script))
        }

        #expect(try await webView.evaluateJavaScript("document.title") == "document.title")
        #expect(try await webView.callAsyncJavaScript("return x", arguments: ["x": "</script>\""]) == "</script>\"")
        await #expect(throws: JavaScriptError("Error: 1")) { try await webView.evaluateJavaScript("throw 1") }
        webView.evaluateJavaScript("fireAndForget()", completionHandler: nil)

        #expect(
            webView.evaluatedScripts == [
                JavaScriptEvaluation(script: "document.title"),
                JavaScriptEvaluation(script: "return x", arguments: ["x": "</script>\""]),
                JavaScriptEvaluation(script: "throw 1"),
                JavaScriptEvaluation(script: "fireAndForget()"),
            ])
    }

    @Test("answers every script with null by default")
    func defaultEngine() async throws {
        #expect(try await SimulatedWebView().evaluateJavaScript("1 + 1") == .null)
    }

    @Test("records user scripts, loads and handler names in order")
    func recordsSetup() {
        let webView = SimulatedWebView()
        let script = UserScriptInstallation(source: "window.bridge = {}", injectionTime: .documentStart, mainFrameOnly: true)
        webView.addUserScript(script)
        webView.add(SimulatedApp.MessageHandler { _ in }, name: "b")
        webView.add(SimulatedApp.ReplyHandler { _, _ in }, name: "a")
        webView.load(NavigationLoad(url: "https://app.example.com/"))
        webView.load(NavigationLoad(url: "https://app.example.com/final", body: .text("<html></html>")))

        #expect(webView.userScripts == [script])
        #expect(webView.handlerNames == ["b", "a"])
        #expect(webView.loads.map(\.urlString) == ["https://app.example.com/", "https://app.example.com/final"])
        #expect(!webView.hasNavigationDelegate)
    }

    @Test("keeps the first handler when a name is registered twice, and reports the second")
    func duplicateName() throws {
        let webView = SimulatedWebView()
        let seen = SimulatedApp.Log<String>()
        webView.add(SimulatedApp.MessageHandler { _ in seen.append("first") }, name: "log")
        webView.add(SimulatedApp.MessageHandler { _ in seen.append("second") }, name: "log")

        try webView.postMessage(1, to: "log")

        #expect(seen.entries == ["first"])
        #expect(webView.handlerNames == ["log"])
        #expect(
            webView.misuses == [
                "a script message handler named 'log' is already registered in page; "
                    + "WebKit raises NSInvalidArgumentException on this add(_:contentWorld:name:), so the first handler was kept"
            ])
        #expect(webView.replyMisuses.isEmpty)
    }

    @Test("waiting for evaluations and loads wakes when a task of the app makes them")
    func waitsForEvaluationsAndLoads() async throws {
        let webView = SimulatedWebView()
        webView.evaluateJavaScript("first()", completionHandler: nil)
        let app = Task {
            webView.evaluateJavaScript("second()", completionHandler: nil)
            webView.load(NavigationLoad(url: "https://a.example.com/"))
        }
        try await webView.waitForEvaluatedScripts(count: 2)
        try await webView.waitForLoads()
        #expect(webView.evaluatedScripts.map(\.script) == ["first()", "second()"])
        #expect(webView.loads.map(\.urlString) == ["https://a.example.com/"])
        await app.value
    }

    @Test("a wait for evaluations or loads that never come gives up, naming what there is")
    func waitsGiveUp() async throws {
        let webView = SimulatedWebView()
        webView.evaluateJavaScript("only()", completionHandler: nil)
        let scripts = await #expect(throws: WaitTimeout.self) {
            try await webView.waitForEvaluatedScripts(count: 2, patience: .milliseconds(5))
        }
        #expect(scripts?.description == "waited 0.005 seconds for 2 evaluated scripts, in vain; evaluated so far: [\"only()\"]")
        let loads = await #expect(throws: WaitTimeout.self) { try await webView.waitForLoads(patience: .milliseconds(5)) }
        #expect(loads?.description == "waited 0.005 seconds for 1 load, in vain; loaded so far: []")
    }
}
