import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recording the web view")
struct RecordingWebViewTests {
    let frame = Frame.main("https://bridge.example.com/echo.html")

    @Test("records a message, the evaluation it causes and the result that answers it")
    func echo() throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView { _, _ in .success(.null) }
        let routes = CollectingRoutePresenter()
        let platform = recorder.platform(
            wrapping: .simulated(webView: page, routes: routes, cookieStore: InMemoryCookieStore()))
        RecordingApps.EchoBridge(platform: platform).install()

        try page.postMessage("hello", to: "echo", frame: frame)

        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "echo", body: "hello", frame: frame)),
                Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "changeEcho(\"hello\")")),
                Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(.null))),
                Event(id: 4, at: 0, cause: 3, payload: NativeRoute(name: "echoed")),
            ])
        #expect(routes.routes == [NativeRoute(name: "echoed")])
    }

    @Test("records a script error as an error outcome")
    func scriptError() throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView { _, _ in .failure(JavaScriptError("ReferenceError: Can't find variable: changeEcho")) }
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        RecordingApps.EchoBridge(platform: platform).install()

        try page.postMessage("hi", to: "echo", frame: frame)

        #expect(
            outline(recorder.events) == [
                "1 script.message: echo \"hi\"",
                "2 javascript.evaluate cause 1: \"changeEcho(\\\"hi\\\")\"",
                "3 javascript.result answers 2: error \"ReferenceError: Can't find variable: changeEcho\"",
            ])
    }

    @Test("records messages to a reply handler as expecting a reply, and each reply caused by its message")
    func replies() async throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        platform.webView.add(RecordingApps.AppInfoBridge(), name: "appInfo")

        let version = try await page.postMessageAwaitingReply("version", to: "appInfo", frame: frame)
        let unknown = try await page.postMessageAwaitingReply("colour", to: "appInfo", frame: frame)

        #expect(version == .value(["version": "1.4.2"]))
        #expect(unknown == .error("unknown field \"colour\""))
        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "appInfo", body: "version", frame: frame, expectsReply: true)),
                Event(id: 2, at: 0, cause: 1, payload: ScriptReply(.value(["version": "1.4.2"]))),
                Event(id: 3, at: 0, payload: ScriptMessage(handler: "appInfo", body: "colour", frame: frame, expectsReply: true)),
                Event(id: 4, at: 0, cause: 3, payload: ScriptReply(.error("unknown field \"colour\""))),
            ])
        #expect(CassetteValidator.problems(in: recorder.cassette()).isEmpty)
    }

    @Test("records user scripts and loads the app makes on its own without a cause")
    func userScriptsAndLoads() {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        let script = UserScriptInstallation(source: "window.bridge = {}", injectionTime: .documentStart, mainFrameOnly: true)

        platform.webView.addUserScript(script)
        platform.webView.load(NavigationLoad(url: "https://bridge.example.com/"))

        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: script),
                Event(id: 2, at: 0, payload: NavigationLoad(url: "https://bridge.example.com/")),
            ])
        #expect(page.userScripts == [script])
        #expect(page.loads == [NavigationLoad(url: "https://bridge.example.com/")])
    }

    @Test("makes the HTTP response the cause of the evaluation that follows it, and the result the cause after that")
    func promiseBridge() async throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let routes = CollectingRoutePresenter()
        let server = ScriptedHTTPTransport { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: .text("{\"n\":1}"))
        }
        let platform = recorder.platform(
            wrapping: .simulated(webView: page, routes: routes, transport: server, cookieStore: InMemoryCookieStore()))
        let tasks = AppTasks()
        platform.webView.add(RecordingApps.PromiseBridge(platform: platform, tasks: tasks), name: "nativeProcess")

        try page.postMessage(["guid": "3b9f6a2e"], to: "nativeProcess", frame: frame)
        await tasks.settle()

        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: ["guid": "3b9f6a2e"], frame: frame)),
                Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://randomuser.me/api")),
                Event(
                    id: 3, at: 0, answers: 2,
                    payload: HTTPResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: .text("{\"n\":1}"))),
                Event(
                    id: 4, at: 0, cause: 3,
                    payload: JavaScriptEvaluation(
                        script: "executePromise(guid, data)", arguments: ["guid": "3b9f6a2e", "data": "{\"n\":1}"])),
                Event(id: 5, at: 0, answers: 4, payload: JavaScriptResult(.value(.null))),
                Event(id: 6, at: 0, cause: 5, payload: NativeRoute(name: "settled", parameters: ["guid": "3b9f6a2e"])),
            ])
        #expect(page.evaluatedScripts.first?.arguments?["guid"] == "3b9f6a2e")
    }

    @Test("records the result of an evaluation the app passed no completion handler for")
    func resultWithoutHandler() {
        let recorder = stillRecorder()
        let page = SimulatedWebView { _, _ in .success(42) }
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))

        platform.webView.evaluateJavaScript("answer()", completionHandler: nil)
        platform.routes.show(NativeRoute(name: "after"))

        #expect(
            outline(recorder.events) == [
                "1 javascript.evaluate: \"answer()\"",
                "2 javascript.result answers 1: value 42",
                // The app never saw the result, so it did not cause what came next.
                "3 navigation.route: after {}",
            ])
    }
}
