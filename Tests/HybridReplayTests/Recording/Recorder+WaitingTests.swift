import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("Recorder+Waiting")
struct RecorderWaitingTests {
    /// Answers every `echo` message from a task of its own, as a bridge that awaits something first would.
    private struct LateEcho: ScriptMessageHandler {
        let webView: any WebView

        func didReceive(_ message: ScriptMessage) {
            Task { [webView] in webView.evaluateJavaScript("echo(\(JavaScriptLiteral.value(message.body)))", completionHandler: nil) }
        }
    }

    @Test("wakes a drive when the effect it waits for is recorded from another task, and returns that event")
    func waitsForLateEffect() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "late-echo", clock: ManualClock())
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.add(LateEcho(webView: platform.webView), name: "echo")

        try page.postMessage("one", to: "echo")
        let first = try await recorder.waitForEvents(JavaScriptEvaluation.eventKind)
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        try page.postMessage("two", to: "echo")
        let second = try await recorder.waitForEvents(JavaScriptEvaluation.eventKind, count: 2)
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)

        #expect(first.payload(as: JavaScriptEvaluation.self)?.script == #"echo("one")"#)
        #expect(second.payload(as: JavaScriptEvaluation.self)?.script == #"echo("two")"#)
        #expect(recorder.events.map(\.kind.description) == [
            "script.message", "javascript.evaluate", "javascript.result",
            "script.message", "javascript.evaluate", "javascript.result",
        ])
    }

    @Test("returns at once when the events are already there")
    func alreadyRecorded() async throws {
        let recorder = Recorder(name: "routes", clock: ManualClock())
        let platform = recorder.platform(wrapping: .simulated())
        platform.routes.show(NativeRoute(name: "a"))

        let route = try await recorder.waitForEvents(NativeRoute.eventKind, patience: .zero)

        #expect(route.payload(as: NativeRoute.self)?.name == "a")
    }

    @Test("fails a wait for an effect that never comes, naming it and what was recorded instead")
    func timesOut() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "silent", clock: ManualClock())
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.add(SimulatedApp.MessageHandler { _ in }, name: "echo")
        try page.postMessage("one", to: "echo")

        let error = await #expect(throws: WaitTimeout.self) {
            try await recorder.waitForEvents(JavaScriptEvaluation.eventKind, count: 2, patience: .milliseconds(5))
        }

        #expect(error?.description
            == "waited 0.005 seconds for 2 javascript.evaluate events, in vain; recorded so far: script.message")
    }

    @Test("waits for a condition over the events, and names the condition when it does not hold in time")
    func waitsUntil() async throws {
        let recorder = Recorder(name: "routes", clock: ManualClock())
        let platform = recorder.platform(wrapping: .simulated())
        Task { platform.routes.show(NativeRoute(name: "settings")) }

        try await recorder.waitUntil("the settings screen") { events in
            events.contains { $0.payload(as: NativeRoute.self)?.name == "settings" }
        }
        let error = await #expect(throws: WaitTimeout.self) {
            try await recorder.waitUntil("the help screen", patience: .milliseconds(5)) { events in
                events.contains { $0.payload(as: NativeRoute.self)?.name == "help" }
            }
        }
        #expect(error?.awaited == "the help screen")
        #expect(error?.progress == "recorded so far: navigation.route")
    }

    @Test("a wait whose task is cancelled ends with CancellationError instead of waiting out its patience")
    func cancelled() async {
        let recorder = Recorder(name: "nothing", clock: ManualClock())
        let wait = Task { try await recorder.waitForEvents(NativeRoute.eventKind, patience: .seconds(3600)) }
        wait.cancel()
        await #expect(throws: CancellationError.self) { try await wait.value }
    }
}
