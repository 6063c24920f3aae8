#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplaySimulation
import HybridReplayTesting
import HybridReplayWebKitGTK
import Testing

/// Both halves from one recording on a real engine: a session recorded with
/// a reference implementation and a real page; its native half replays
/// against the implementation, its web half against the page in WebKitGTK,
/// and broken pages fail the web half.
@Suite("Web-half replay on WebKitGTK")
struct WebHalfReplayTests {
    /// An echo page that posts awkward text once loaded, and shows what comes back.
    static let echoPage = page(
        body: #"<p id="echo"></p>"#,
        script: """
            function changeEcho(text) { document.getElementById("echo").textContent = text; }
            window.webkit.messageHandlers.nativeProcess.postMessage("She said \\"hi\\"\\n<\\/script> 👋");
            """)

    /// A promise page: a guid made afresh by the page, settled by native code.
    static let promisePage = page(
        body: #"<p id="user"></p>"#,
        script: """
            const pending = {};
            function executePromise(guid, data) { pending[guid].resolve(data); delete pending[guid]; }
            function rejectPromise(guid, message) { pending[guid].reject(new Error(message)); delete pending[guid]; }
            function randomUser() {
              const guid = crypto.randomUUID();
              return new Promise((resolve, reject) => {
                pending[guid] = { resolve, reject };
                window.webkit.messageHandlers.nativeProcess.postMessage({ guid: guid });
              });
            }
            randomUser().then(user => { document.getElementById("user").textContent = user; });
            """)

    /// The app: the bridge `bridge` builds, then the page loaded as `loadHTMLString(_:baseURL:)` would.
    static func app<Bridge: Sendable>(_ platform: Platform, loading html: String, _ bridge: (Platform) -> Bridge) -> Bridge {
        let built = bridge(platform)
        platform.webView.load(NavigationLoad(url: baseURL, headers: [HTTPHeader("Content-Type", "text/html")], body: .text(html)))
        return built
    }

    /// Records the app `setUp` builds against a real engine.
    func record(
        _ name: String, events: Int, transport: any HTTPTransport = ScriptedHTTPTransport { _ in HTTPResponse(status: 404) },
        _ setUp: (Platform) -> any Sendable
    ) async throws -> Cassette {
        let webView = try await WebKitGTKWebView()
        let recorder = Recorder(name: name, engine: "WebKitGTK 6.0")
        let platform = recorder.platform(wrapping: Platform.live(webView, transport: transport))
        let subject = setUp(platform)
        try await recorder.waitUntil("\(events) events") { $0.count >= events }
        withExtendedLifetime(subject) {}
        return recorder.cassette()
    }

    func replayWebHalf(
        _ cassette: Cassette, page html: String, repetitions: Int = 1, patience: Duration = enginePatience
    ) async -> ReplayReport {
        await WebHalfReplayer(
            cassette: cassette, options: WebHalfReplayOptions(repetitions: repetitions, patience: patience)
        ).replay(page: WebPage(html: html)) { try await WebKitGTKWebView() }
    }

    @Test("an echo recorded on WebKitGTK replays both halves; broken pages fail the web half", .timeLimit(.minutes(2)))
    func echo() async throws {
        let cassette = try await record("webkitgtk-echo", events: 4) {
            Self.app($0, loading: Self.echoPage) { EchoBridge(webView: $0.webView) }
        }
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.load", "script.message", "javascript.evaluate", "javascript.result",
        ])
        let native = await Replayer(cassette: cassette).replay {
            Self.app($0, loading: Self.echoPage) { EchoBridge(webView: $0.webView) }
        }
        #expect(native.passed, "\(native)")

        let web = await replayWebHalf(cassette, page: Self.echoPage, repetitions: 3)
        #expect(web.passed, "\(web)")

        let wrongHandler = await replayWebHalf(
            cassette, page: Self.echoPage.replacingOccurrences(of: "nativeProcess", with: "nativeProces"),
            patience: missingStepPatience)
        #expect(wrongHandler.issues.first?.kind == .missingStimulus, "\(wrongHandler)")
        #expect(
            wrongHandler.issues.first?.message.contains(
                "meanwhile the page threw: TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers.nativeProces.postMessage')")
                == true, "\(wrongHandler)")

        let twice = await replayWebHalf(
            cassette,
            page: Self.echoPage.replacingOccurrences(
                of: "window.webkit.messageHandlers.nativeProcess.postMessage(\"She",
                with: "window.webkit.messageHandlers.nativeProcess.postMessage(\"She said \\\"hi\\\"\\n<\\/script> 👋\"); window.webkit.messageHandlers.nativeProcess.postMessage(\"She"))
        #expect(twice.issues.first?.kind == .unexpectedStimulus, "\(twice)")
        #expect(twice.issues.first?.eventID == nil, "\(twice)")

        let noEchoFunction = await replayWebHalf(
            cassette, page: Self.echoPage.replacingOccurrences(of: "function changeEcho", with: "function changeEchoes"))
        #expect(noEchoFunction.issues.first?.eventKind == JavaScriptResult.eventKind, "\(noEchoFunction)")
    }

    @Test("a promise whose guid the page makes afresh replays its web half; a renamed guid fails", .timeLimit(.minutes(2)))
    func promise() async throws {
        let transport = ScriptedHTTPTransport { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: .text("Ada O'Brien"))
        }
        let cassette = try await record("webkitgtk-promise", events: 6, transport: transport) {
            Self.app($0, loading: Self.promisePage) { PromiseBridge(webView: $0.webView, transport: $0.transport) }
        }
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.load", "script.message", "http.request", "http.response", "javascript.evaluate",
            "javascript.result",
        ])
        let native = await Replayer(cassette: cassette).replay {
            Self.app($0, loading: Self.promisePage) { PromiseBridge(webView: $0.webView, transport: $0.transport) }
        }
        #expect(native.passed, "\(native)")
        let web = await replayWebHalf(cassette, page: Self.promisePage, repetitions: 3)
        #expect(web.passed, "\(web)")

        let renamed = await replayWebHalf(
            cassette, page: Self.promisePage.replacingOccurrences(of: "{ guid: guid }", with: "{ id: guid }"))
        #expect(renamed.issues.first?.kind == .unexpectedStimulus, "\(renamed)")
        #expect(renamed.issues.first?.differences.map(\.path) == ["body.guid", "body.id"], "\(renamed)")
    }

    /// An app whose page, script and image it serves itself (the bundle of
    /// `WebKitGTKSchemeTests`), and which hears the page's `served` message.
    struct BundleApp: Sendable {
        static let index = "app://localhost/index.html"
        let server: WebKitGTKSchemeTests.BundleHandler

        init(platform: Platform) {
            server = WebKitGTKSchemeTests.BundleHandler(platform: platform)
            platform.webView.add(Self.Listener(), name: "served")
            platform.webView.load(NavigationLoad(url: Self.index))
        }

        struct Listener: ScriptMessageHandler {
            func didReceive(_ message: ScriptMessage) {}
        }
    }

    @Test("a page the app serves through a scheme replays both halves; a broken script served in its place fails", .timeLimit(.minutes(2)))
    func schemeServedPage() async throws {
        let webView = try await WebKitGTKWebView()
        let recorder = Recorder(name: "webkitgtk-bundle", engine: "WebKitGTK 6.0")
        let app = BundleApp(platform: recorder.platform(wrapping: Platform.live(webView)))
        try await recorder.waitUntil("the three answers and the page's message") { events in
            events.count { $0.kind == URLSchemeCompletion.eventKind } == 3 && events.contains { $0.kind == ScriptMessage.eventKind }
        }
        withExtendedLifetime(app) {}
        let cassette = recorder.cassette()
        #expect(cassette.events.count { $0.kind == URLSchemeRequest.eventKind } == 3)

        let native = await Replayer(cassette: cassette).replay { BundleApp(platform: $0) }
        #expect(native.passed, "\(native)")

        let options = WebHalfReplayOptions(repetitions: 3, patience: enginePatience)
        let web = await WebHalfReplayer(cassette: cassette, options: options)
            .replay(page: WebPage(url: BundleApp.index)) { try await WebKitGTKWebView() }
        #expect(web.passed, "\(web)")

        // The web code under test served from a folder: a script that lost the image's width.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhalf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = String(decoding: try #require(WebKitGTKSchemeTests.files["/app.js"]?.body), as: UTF8.self)
        try script.replacingOccurrences(of: "imageWidth: logo.naturalWidth", with: "width: logo.naturalWidth")
            .write(to: folder.appendingPathComponent("app.js"), atomically: true, encoding: .utf8)
        let broken = await WebHalfReplayer(cassette: cassette, options: WebHalfReplayOptions(patience: enginePatience))
            .replay(page: WebPage(url: BundleApp.index, servedFiles: folder)) { try await WebKitGTKWebView() }
        let issue = try #require(broken.issues.first, "the broken script passed")
        #expect(issue.eventKind == ScriptMessage.eventKind, "\(broken)")
        #expect(issue.differences.map(\.path) == ["body.imageWidth", "body.width"], "\(broken)")
    }
}
#endif
