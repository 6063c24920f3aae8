#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplayWebKitGTK
import Testing

/// `getUserMedia` against a real WebKitGTK: the `permission-request` signal
/// reaches the UI delegate as a MediaCaptureRequest, and its decision decides
/// whether the page gets a stream (from WebKit's mock devices).
///
/// Disabled: run on 2026-12-05 (WebKitGTK 2.50.6 under Xvfb), the page's
/// `getUserMedia` neither reached `permission-request` nor settled within a
/// minute, in the view this adapter never shows. WebKit may hold a capture
/// request until the document is visible; that is not verified. Enable the
/// suite when the adapter answers a page's request.
@Suite("WebKitGTKWebView: camera and microphone requests", .disabled("getUserMedia does not reach permission-request in the adapter's unshown view; see the comment above"))
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
}
#endif
