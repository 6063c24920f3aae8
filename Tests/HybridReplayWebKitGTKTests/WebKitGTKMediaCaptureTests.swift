#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplayWebKitGTK
import Testing

/// `getUserMedia` against a real WebKitGTK: the `permission-request` signal
/// reaches the UI delegate as a MediaCaptureRequest, and its decision decides
/// whether the page gets a stream (from WebKit's mock devices).
///
/// The adapter turns off WebKit's `GetUserMediaRequiresFocus`: with it on
/// (the default), a page's `getUserMedia` waited for focus the never-shown
/// view does not get, and neither reached `permission-request` nor settled.
@Suite("WebKitGTKWebView: camera and microphone requests")
struct WebKitGTKMediaCaptureTests {
    /// Decides every request with `decision` and hands the test each request.
    final class Permissions: UIDelegate {
        let decision: PermissionDecision
        let requests: AsyncStream<MediaCaptureRequest>
        private let continuation: AsyncStream<MediaCaptureRequest>.Continuation

        init(_ decision: PermissionDecision) {
            self.decision = decision
            (requests, continuation) = AsyncStream.makeStream()
        }

        func requestMediaCapturePermission(
            for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
            decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
        ) {
            continuation.yield(MediaCaptureRequest(origin: origin, frame: frame, type: type))
            decisionHandler(decision)
        }
    }

    /// Asks for the camera and microphone and posts what it got.
    static let script = """
        navigator.mediaDevices.getUserMedia({video: true, audio: true}).then(
          stream => window.webkit.messageHandlers.got.postMessage({tracks: stream.getTracks().length}),
          error => window.webkit.messageHandlers.got.postMessage({error: error.name}));
        """

    func ask(deciding decision: PermissionDecision) async throws -> (MediaCaptureRequest?, ScriptMessage?) {
        let webView = try await WebKitGTKWebView()
        let got = StreamingHandler()
        webView.add(got, name: "got")
        let delegate = Permissions(decision)
        webView.setUIDelegate(delegate)
        webView.loadHTML(page(script: Self.script), baseURL: baseURL)
        let request = await next(delegate.requests)
        let message = await next(got.messages)
        return (request, message)
    }

    @Test("getUserMedia reaches the UI delegate, and a grant gives the page a stream", .timeLimit(.minutes(1)))
    func grants() async throws {
        let (request, message) = try await ask(deciding: .grant)
        let asked = try #require(request)
        #expect(asked.type == .cameraAndMicrophone)
        #expect(asked.origin == SecurityOrigin(protocol: "https", host: "app.example"))
        #expect(asked.frame.isMainFrame)
        #expect(message?.body == ["tracks": 2])
    }

    @Test("a deny, and a prompt (WebKitGTK has no prompt of its own), reject the page's getUserMedia", .timeLimit(.minutes(1)))
    func denies() async throws {
        for decision in [PermissionDecision.deny, .prompt] {
            let (request, message) = try await ask(deciding: decision)
            #expect(request?.type == .cameraAndMicrophone, "\(decision)")
            #expect(message?.body == ["error": "NotAllowedError"], "\(decision)")
        }
    }

    @Test("a request decided against a real page is recorded, replays, and fails against another decision", .timeLimit(.minutes(1)))
    func recordsAndReplays() async throws {
        let webView = try await WebKitGTKWebView()
        let got = StreamingHandler()
        webView.add(got, name: "got")
        let recorder = Recorder(name: "webkitgtk-media-capture", engine: "WebKitGTK 6.0")
        let delegate = Permissions(.grant)
        recorder.platform(wrapping: livePlatform(webView)).webView.setUIDelegate(delegate)
        webView.loadHTML(page(script: Self.script), baseURL: baseURL)
        #expect(await next(got.messages)?.body == ["tracks": 2])
        try await recorder.waitUntil("the request and its decision") { $0.count >= 2 }
        let cassette = recorder.cassette()
        #expect(cassette.events.map(\.kind.description) == ["javascript.mediaCapture", "javascript.mediaDecision"])
        #expect(cassette.events.map(\.payload.summary) == ["cameraAndMicrophone for https://app.example", "grant"])

        let replay = await Replayer(cassette: cassette).replay { $0.webView.setUIDelegate(Permissions(.grant)) }
        #expect(replay.passed, "\(replay)")
        let denying = await Replayer(cassette: cassette).replay { $0.webView.setUIDelegate(Permissions(.deny)) }
        #expect(denying.issues.first?.eventID == 2, "\(denying)")
    }
}
#endif
