#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayWebKitGTK
import Testing

/// A bridge in the style of Capacitor's iOS `native-bridge.js`, with no shim:
/// a synchronous `prompt()` while loading, answered by the UI delegate, and
/// calls numbered by callback ids that start at a random value.
///
/// The bridge script and the page are ours (`Pages/`); with
/// `HYBRIDREPLAY_CAPACITOR_BRIDGE` naming a copy of Capacitor's own
/// `native-bridge.js`, the same session is recorded with it instead.
@Suite("A Capacitor-style bridge on WebKitGTK")
struct CallbackBridgeTests {
    static let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Pages")
    static let environmentVariable = "HYBRIDREPLAY_CAPACITOR_BRIDGE"
    static let realBridge = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    /// What the recordings declare volatile: the ids count up from a random start.
    static let volatile = [VolatileField(kind: ScriptMessage.eventKind, path: "body.callbackId")]

    /// How the plugin handler can go wrong.
    struct Breakage: Sendable, Hashable, CustomTestStringConvertible {
        var testDescription: String
        static let none = Breakage(testDescription: "none")
        static let wrongCallbackID = Breakage(testDescription: "answers with the next callback id")
        static let resolveInsteadOfReject = Breakage(testDescription: "resolves the call it should reject")
        static let answerTwice = Breakage(testDescription: "answers every call twice")
        static let all: [Breakage] = [.wrongCallbackID, .resolveInsteadOfReject, .answerTwice]
    }

    /// The app's native side: installs the bridge script, answers its
    /// prompts, and serves two plugins, `Device.getInfo` and `Preferences.get`
    /// (which has no values, so it rejects).
    struct PluginHandler: ScriptMessageHandler, UIDelegate {
        let webView: any WebView
        let breakage: Breakage

        init(platform: Platform, bridgeScript: String, breakage: Breakage) {
            webView = platform.webView
            self.breakage = breakage
            platform.webView.addUserScript(
                UserScriptInstallation(source: bridgeScript, injectionTime: .documentStart, mainFrameOnly: true))
            platform.webView.setUIDelegate(self)
            platform.webView.add(self, name: "bridge")
        }

        func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

        /// Answers the bridge's synchronous questions: ours asks for its
        /// configuration, Capacitor's whether its cookie and HTTP patches are on.
        func runJavaScriptTextInputPanel(
            withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
            completionHandler: @escaping @Sendable (String?) -> Void
        ) {
            guard case .object(let question)? = try? JSONReader.platformDefault.read(Array(prompt.utf8)), case .string(let type)? = question["type"]
            else { return completionHandler(defaultText) }
            switch type {
            case "bridge.config": completionHandler(#"{"platform":"ios"}"#)
            case "CapacitorCookies.isEnabled", "CapacitorHttp": completionHandler("false")
            default: completionHandler(nil)
            }
        }

        func didReceive(_ message: ScriptMessage) {
            guard case .object(let call) = message.body, case .string(let callbackID)? = call["callbackId"],
                case .string(let pluginID)? = call["pluginId"], case .string(let methodName)? = call["methodName"]
            else { return }
            var result: [String: JSONValue] = [
                "callbackId": .string(breakage == .wrongCallbackID ? String((Int(callbackID) ?? 0) + 1) : callbackID),
                "pluginId": .string(pluginID), "methodName": .string(methodName),
            ]
            switch (pluginID, methodName) {
            case ("Device", "getInfo"):
                result["success"] = true
                result["data"] = ["platform": "ios", "model": "iPhone"]
            case ("Preferences", "get") where breakage == .resolveInsteadOfReject:
                result["success"] = true
                result["data"] = ["value": .null]
            default:
                result["success"] = false
                result["error"] = ["message": .string("\(pluginID).\(methodName) found no value"), "code": "NOT_FOUND"]
            }
            let script = "window.Capacitor.fromNative(\(JavaScriptLiteral.value(.object(result))))"
            webView.evaluateJavaScript(script, completionHandler: nil)
            if breakage == .answerTwice { webView.evaluateJavaScript(script, completionHandler: nil) }
        }
    }

    static let pageURL = "https://app.example/index.html"

    /// The app: the plugin handler, then the page loaded into the web view.
    static func startApp(_ platform: Platform, bridgeScript: String, breakage: Breakage = .none) throws -> PluginHandler {
        let handler = PluginHandler(platform: platform, bridgeScript: bridgeScript, breakage: breakage)
        let page = try String(contentsOf: pages.appendingPathComponent("callback-app.html"), encoding: .utf8)
        platform.webView.load(
            NavigationLoad(url: pageURL, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: .text(page)))
        return handler
    }

    static func ourBridge() throws -> String {
        try String(contentsOf: pages.appendingPathComponent("callback-bridge.js"), encoding: .utf8)
    }

    /// What one recording found: the cassette and what the page showed.
    struct Recording {
        var cassette: Cassette
        var platform: JSONValue
        var error: JSONValue
    }

    /// Records the app with `bridgeScript` on a fresh WebKitGTK web view until
    /// both calls are answered; the clock stands still, so every `at` is 0.
    static func record(bridgeScript: String) async throws -> Recording {
        let webView = try await WebKitGTKWebView()
        let recorder = Recorder(
            name: "callback-bridge", description: "Two plugin calls through a Capacitor-style bridge.",
            clock: ManualClock(), engine: "WebKitGTK 6.0", volatile: volatile)
        let app = try startApp(recorder.platform(wrapping: livePlatform(ObservedWebView(webView))), bridgeScript: bridgeScript)
        try await recorder.waitUntil("both plugin calls answered") { events in
            events.count { $0.kind == JavaScriptResult.eventKind } == 2
        }
        // The rejection reaches the page in a microtask after fromNative returns.
        let shown = try await webView.callAsyncJavaScript(
            """
            while (document.getElementById("error").textContent === "") { await new Promise(r => setTimeout(r, 0)); }
            return [document.getElementById("platform").textContent, document.getElementById("error").textContent];
            """)
        withExtendedLifetime(app) {}
        guard case .array(let texts) = shown, texts.count == 2 else {
            Issue.record("the page showed \(shown)")
            return Recording(cassette: recorder.cassette(), platform: .null, error: .null)
        }
        return Recording(cassette: recorder.cassette(), platform: texts[0], error: texts[1])
    }

    static func callbackIDs(_ cassette: Cassette) -> [JSONValue] {
        cassette.events.compactMap { event -> JSONValue? in
            guard case .object(let body)? = event.payload(as: ScriptMessage.self)?.body else { return nil }
            return body["callbackId"]
        }
    }

    /// Checks everything the brief asks of one bridge script: it records with
    /// the prompt answered, replays 20 times, re-records to an empty diff, and
    /// every break fails.
    static func check(bridgeScript: String) async throws {
        let first = try await record(bridgeScript: bridgeScript)
        #expect(first.platform == "ios")
        #expect(first.error == "Preferences.get found no value")
        let kinds = first.cassette.events.map(\.kind)
        #expect(kinds.contains(JavaScriptDialog.eventKind), "the bridge asked nothing through prompt(): \(kinds)")
        #expect(kinds.contains(JavaScriptDialogAnswer.eventKind))
        let ids = callbackIDs(first.cassette)
        #expect(ids.count == 2, "\(ids)")

        let replayer = Replayer(cassette: first.cassette, options: ReplayOptions(repetitions: 20))
        let replay = await replayer.replay { try startApp($0, bridgeScript: bridgeScript) }
        #expect(replay.passed, "\(replay)")

        // The web half of the same recording: the bridge and its page in a real engine, with the
        // plugin's recorded answers played back under the callback ids this run's page drew.
        let web = await WebHalfReplayer(cassette: first.cassette, options: WebHalfReplayOptions(repetitions: 5, patience: enginePatience))
            .replay(page: nil) { try await WebKitGTKWebView() }
        #expect(web.passed, "\(web)")

        let second = try await record(bridgeScript: bridgeScript)
        #expect(callbackIDs(second.cassette) != ids, "both recordings drew the same callback ids")
        let diff = CassetteDiff.between(first.cassette, second.cassette)
        #expect(diff.isEmpty, "\(diff.eventChanges.map { "\($0.kind) \($0.event.kind) \($0.fields)" })")
        var undeclared = (first.cassette, second.cassette)
        undeclared.0.header.volatile = []
        undeclared.1.header.volatile = []
        #expect(!CassetteDiff.between(undeclared.0, undeclared.1).isEmpty, "without the declaration the ids differ")

        for breakage in Breakage.all {
            let broken = await Replayer(cassette: first.cassette).replay {
                try startApp($0, bridgeScript: bridgeScript, breakage: breakage)
            }
            #expect(!broken.passed, "a handler that \(breakage.testDescription) passed the replay")
        }
    }

    @Test(
        "our Capacitor-style bridge records with no shim, replays 20 times, re-records to an empty diff, and every break fails",
        .timeLimit(.minutes(1)))
    func ourBridgeRecordsAndReplays() async throws {
        try await Self.check(bridgeScript: try Self.ourBridge())
    }

    @Test(
        "a handler that breaks the protocol fails the replay of a good recording", .timeLimit(.minutes(1)),
        arguments: Breakage.all)
    func breakFails(_ breakage: Breakage) async throws {
        let recording = try await Self.record(bridgeScript: try Self.ourBridge())
        let report = await Replayer(cassette: recording.cassette).replay {
            try Self.startApp($0, bridgeScript: try Self.ourBridge(), breakage: breakage)
        }
        #expect(!report.passed)
    }

    @Test(
        "Capacitor's unchanged native-bridge.js records with no shim, replays 20 times, re-records to an empty diff, and every break fails",
        .enabled(
            if: realBridge != nil,
            "set HYBRIDREPLAY_CAPACITOR_BRIDGE to a copy of Capacitor's ios/Capacitor/Capacitor/assets/native-bridge.js"),
        .timeLimit(.minutes(1)))
    func capacitorBridge() async throws {
        let path = try #require(Self.realBridge)
        try await Self.check(bridgeScript: try String(contentsOfFile: path, encoding: .utf8))
    }
}
#endif
