import Foundation
import HybridReplaySimulation
import HybridReplayTestSupport
import Testing
@testable import HybridReplay

/// Answers each Capacitor-style call with the callback id it carried.
private struct EchoingCallbacks: ScriptMessageHandler {
    let webView: any WebView

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let id)? = body["callbackId"] else { return }
        webView.evaluateJavaScript("window.Capacitor.fromNative({\"callbackId\":\"\(id)\",\"success\":true})", completionHandler: nil)
    }
}

@Suite struct RecordingVolatileFieldTests {
    /// Records unchanged code once: the page numbers its calls from `firstID`,
    /// as Capacitor's bridge numbers them from a random start.
    static func record(firstID: Int, volatile: [VolatileField]) throws -> Cassette {
        let recorder = Recorder(name: "capacitor", clock: RecordingTestClock(), volatile: volatile)
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        platform.webView.add(EchoingCallbacks(webView: platform.webView), name: "bridge")
        for call in 0..<5 {
            let body: JSONValue = ["callbackId": .string(String(firstID + call)), "pluginId": "Device", "methodName": "getInfo"]
            try page.postMessage(body, to: "bridge")
        }
        return recorder.cassette()
    }

    @Test("the recorder writes the declared fields into the cassette's header")
    func header() throws {
        let cassette = try Self.record(firstID: 91_234_001, volatile: [CallbackBridgeCassette.callbackID])
        #expect(cassette.header.volatile == [CallbackBridgeCassette.callbackID])
        #expect(CassetteWriter.canonicalText(of: cassette).contains("\"script.message body.callbackId\""))
    }

    @Test("two recordings of unchanged code with callback ids from other starts give an empty diff when declared")
    func reRecordingIsNoChange() throws {
        let first = try Self.record(firstID: 91_234_001, volatile: [CallbackBridgeCassette.callbackID])
        let second = try Self.record(firstID: 55_012_001, volatile: [CallbackBridgeCassette.callbackID])
        #expect(first.events.count >= 10)
        let diff = CassetteDiff.between(first, second)
        #expect(diff.isEmpty, "\(diff.eventChanges.flatMap(\.fields))")
    }

    @Test("two recordings with callback ids from other starts differ when nothing declares them")
    func undeclaredReRecordingChanges() throws {
        let first = try Self.record(firstID: 91_234_001, volatile: [])
        let second = try Self.record(firstID: 55_012_001, volatile: [])
        #expect(CassetteDiff.between(first, second).count(of: .changed) >= 10)
    }
}
