#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayWebKitGTK
import Testing

/// A page served entirely by the app through a custom scheme — its HTML, a
/// script and an image — against a real WebKitGTK: recorded, and its native
/// half replayed.
@Suite("WebKitGTKWebView: app-served schemes")
struct WebKitGTKSchemeTests {
    /// A 1×1 PNG, so the page can tell the image decoded.
    static let logo = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
        ?? Data()

    static let files: [String: (mimeType: String, body: Data)] = [
        "/index.html": (
            "text/html",
            Data(#"<!doctype html><html><body><img id="logo" src="logo.png"><script src="app.js"></script></body></html>"#.utf8)
        ),
        "/app.js": (
            "text/javascript",
            Data(
                """
                const logo = document.getElementById('logo');
                function report() {
                    window.webkit.messageHandlers.served.postMessage({script: true, imageWidth: logo.naturalWidth});
                }
                if (logo.complete) { report(); } else { logo.onload = report; logo.onerror = report; }

                """.utf8)
        ),
        "/logo.png": ("image/png", logo),
    ]

    /// Serves the bundle from memory in pieces of 40 bytes, from a task, as
    /// an app reading files does; `corruptScript` changes the script's last piece.
    final class BundleHandler: URLSchemeHandler {
        let corruptScript: Bool

        init(platform: Platform, corruptScript: Bool = false) {
            self.corruptScript = corruptScript
            platform.webView.setURLSchemeHandler(self, forURLScheme: "app")
        }

        func start(_ task: any URLSchemeTask) {
            let request = task.request
            let path = URLComponents(string: request.urlString)?.path ?? ""
            Task { @MainActor in
                guard let file = WebKitGTKSchemeTests.files[path] else {
                    return task.didFailWithError(WebKitGTKError("no file at \(path)"))
                }
                var body = file.body
                if corruptScript, path == "/app.js" { body.append(contentsOf: Data("//".utf8)) }
                task.didReceive(URLSchemeResponse(url: request.urlString, status: 200, mimeType: file.mimeType))
                var offset = body.startIndex
                while offset < body.endIndex {
                    let end = min(offset + 40, body.endIndex)
                    task.didReceive(Data(body[offset..<end]))
                    offset = end
                }
                task.didFinish()
            }
        }

        func stop(_ task: any URLSchemeTask) {}
    }

    @Test("a page whose HTML, script and image the app serves loads them all", .timeLimit(.minutes(1)))
    func serves() async throws {
        let webView = try await WebKitGTKWebView()
        let served = StreamingHandler()
        webView.add(served, name: "served")
        let handler = BundleHandler(platform: WebKitGTKRecordingTests.live(webView))
        webView.load(NavigationLoad(url: "app://localhost/index.html"))
        let message = try #require(await next(served.messages))
        #expect(message.body == ["script": true, "imageWidth": 1])
        withExtendedLifetime(handler) {}
    }

    /// Records the bundle being served to a real page.
    static func record() async throws -> Cassette {
        let webView = try await WebKitGTKWebView()
        let served = StreamingHandler()
        webView.add(served, name: "served")
        let recorder = Recorder(name: "webkitgtk-scheme", engine: "WebKitGTK 6.0")
        let handler = BundleHandler(platform: recorder.platform(wrapping: WebKitGTKRecordingTests.live(webView)))
        webView.load(NavigationLoad(url: "app://localhost/index.html"))
        let message = try #require(await next(served.messages))
        #expect(message.body == ["script": true, "imageWidth": 1])
        try await recorder.waitUntil("three answers ended") {
            $0.filter { $0.kind == URLSchemeCompletion.eventKind }.count >= 3
        }
        withExtendedLifetime(handler) {}
        return recorder.cassette()
    }

    @Test("the page's three requests and the app's answers record against the real engine and replay green", .timeLimit(.minutes(1)))
    func recordsAndReplays() async throws {
        let cassette = try await Self.record()
        let requests = cassette.urlSchemeRequests
        #expect(Set(requests.map(\.request.urlString)) == [
            "app://localhost/index.html", "app://localhost/app.js", "app://localhost/logo.png",
        ])
        #expect(requests.first?.request.urlString == "app://localhost/index.html")
        for (id, request) in requests {
            let answer = try #require(cassette.urlSchemeAnswer(toRequest: id))
            let path = URLComponents(string: request.urlString)?.path ?? ""
            #expect(answer.data == Self.files[path]?.body, "\(path)")
            #expect(answer.completion == .finished)
        }
        #expect(cassette.events.filter { $0.kind == URLSchemeData.eventKind }.count > 3, "the answers came in pieces")

        let replay = await Replayer(cassette: cassette).replay { BundleHandler(platform: $0) }
        #expect(replay.passed, "\(replay)")
    }

    @Test("a handler that serves a different script replays by default, and fails at the script's answer with served files pinned", .timeLimit(.minutes(1)))
    func brokenHandlerFails() async throws {
        let cassette = try await Self.record()
        // The native half checks the script's head, not its bytes: the page is the web half's to test.
        let unpinned = await Replayer(cassette: cassette).replay { BundleHandler(platform: $0, corruptScript: true) }
        #expect(unpinned.passed, "\(unpinned)")
        var pinned = ReplayOptions()
        pinned.servedFiles = .pinned
        let replay = await Replayer(cassette: cassette, options: pinned).replay { BundleHandler(platform: $0, corruptScript: true) }
        #expect(!replay.passed)
        let script = try #require(cassette.urlSchemeRequests.first { $0.request.urlString.hasSuffix("app.js") })
        let issue = try #require(replay.issues.first, "\(replay)")
        // The two extra bytes are data the recording's answer to the script never had.
        #expect(issue.kind == .unexpectedEffect, "\(replay)")
        #expect(issue.cause?.id == script.id && issue.cause?.summary == "GET app://localhost/app.js", "\(replay)")
    }

    @Test("with its handler removed, the scheme's requests fail and the page does not load", .timeLimit(.minutes(1)))
    func handlerRemoved() async throws {
        let webView = try await WebKitGTKWebView()
        let handler = BundleHandler(platform: WebKitGTKRecordingTests.live(webView))
        webView.setURLSchemeHandler(nil, forURLScheme: "app")
        webView.load(NavigationLoad(url: "app://localhost/index.html"))
        await #expect(throws: WebKitGTKError.self) { try await webView.waitUntilLoaded() }
        withExtendedLifetime(handler) {}
    }

    /// Sends a piece of data before the head, then answers properly.
    final class EagerHandler: URLSchemeHandler {
        init(platform: Platform) { platform.webView.setURLSchemeHandler(self, forURLScheme: "app") }

        func start(_ task: any URLSchemeTask) {
            task.didReceive(Data("early".utf8))
            task.didReceive(URLSchemeResponse(url: task.request.urlString, mimeType: "text/html"))
            task.didReceive(Data("<p>served</p>".utf8))
            task.didFinish()
            task.didFinish()
        }

        func stop(_ task: any URLSchemeTask) {}
    }

    @Test("calls WKURLSchemeTask raises for are dropped and reported; the page gets the rest", .timeLimit(.minutes(1)))
    func misuseReported() async throws {
        let (issues, continuation) = AsyncStream<WebKitGTKError>.makeStream()
        let webView = try await WebKitGTKWebView(reportIssue: { continuation.yield($0) })
        let handler = EagerHandler(platform: WebKitGTKRecordingTests.live(webView))
        webView.load(NavigationLoad(url: "app://localhost/index.html"))
        try await webView.waitUntilLoaded()
        #expect(try await webView.evaluateJavaScript("document.body.textContent") == "served")
        continuation.finish()
        var reported: [String] = []
        for await issue in issues { reported.append(issue.message) }
        #expect(reported == [
            "the scheme task for GET app://localhost/index.html got data before a response head",
            "the scheme task for GET app://localhost/index.html got didFinish() after the task ended",
        ])
        withExtendedLifetime(handler) {}
    }
}
#endif
