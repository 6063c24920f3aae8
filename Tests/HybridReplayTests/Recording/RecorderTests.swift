import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recorder")
struct RecorderTests {
    @Test("times events on the injected clock, in seconds since the recorder was created")
    func exactTimes() throws {
        let clock = RecordingTestClock()
        clock.advance(by: .seconds(100))
        let recorder = Recorder(name: "timed", clock: clock)
        let platform = recorder.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore()))

        platform.routes.show(NativeRoute(name: "a"))
        clock.advance(by: .milliseconds(250))
        platform.routes.show(NativeRoute(name: "b"))
        clock.advance(by: .seconds(1) + .milliseconds(68))
        platform.routes.show(NativeRoute(name: "c"))

        #expect(recorder.events.map(\.at) == [0, 0.25, 1.318])
    }

    @Test("rounds times to microseconds so files are stable")
    func microseconds() {
        #expect(Recorder.seconds(.nanoseconds(1_234_567)) == 0.001235)
        #expect(Recorder.seconds(.nanoseconds(1_234_432)) == 0.001234)
        #expect(Recorder.seconds(.seconds(37) + .nanoseconds(332_331_410)) == 37.332331)
        #expect(Recorder.seconds(.zero) == 0)
    }

    @Test("never lets a clock that runs backwards make times decrease")
    func backwardsClock() {
        let clock = RecordingTestClock()
        let recorder = Recorder(name: "backwards", clock: clock)
        let platform = recorder.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore()))

        clock.set(to: .seconds(2))
        platform.routes.show(NativeRoute(name: "a"))
        clock.set(to: .seconds(1))
        platform.routes.show(NativeRoute(name: "b"))

        #expect(recorder.events.map(\.at) == [2, 2])
    }

    @Test("writes its name, description, contract, tool, engine and redaction rules into the header")
    func header() {
        let recorder = Recorder(
            name: "bridge-echo", description: "Echoes a message.", contract: "bridge",
            redaction: .default + .jsonField("password"), clock: RecordingTestClock(), engine: "WebKitGTK 6.0")

        #expect(
            recorder.cassette().header
                == CassetteHeader(
                    name: "bridge-echo", description: "Echoes a message.", contract: "bridge",
                    recordedBy: RecordingTool(tool: "HybridReplay", version: "0.1.0", engine: "WebKitGTK 6.0"),
                    redactions: [
                        "header:Cookie", "header:Set-Cookie", "header:Authorization", "header:Proxy-Authorization",
                        "cookie:*", "fields:secret-names", "url:userinfo", "shapes:credentials", "body:password",
                    ]))
        #expect(recorder.cassette().events.isEmpty)
        #expect(Recorder(name: "plain", redaction: .none).cassette().header.redactions == [])
    }

    @Test("attributes effects to the stimulus of the recorder that delivered it, not another recorder's")
    func separateRecorders() throws {
        let outer = stillRecorder(name: "outer")
        let inner = stillRecorder(name: "inner")
        let page = SimulatedWebView()
        let innerPlatform = inner.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore()))
        let outerPlatform = outer.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        outerPlatform.webView.add(
            ForwardingHandler { _ in innerPlatform.routes.show(NativeRoute(name: "elsewhere")) }, name: "go")

        try page.postMessage(nil, to: "go")

        #expect(outline(outer.events) == ["1 script.message: go null"])
        #expect(outline(inner.events) == ["1 navigation.route: elsewhere {}"])
    }
}

/// Calls a closure for each message.
private struct ForwardingHandler: ScriptMessageHandler {
    let body: @Sendable (ScriptMessage) -> Void
    init(_ body: @escaping @Sendable (ScriptMessage) -> Void) { self.body = body }
    func didReceive(_ message: ScriptMessage) { body(message) }
}
