import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKUIDelegate` WebKit holds for a seam UIDelegate: new windows and
/// their closing, JavaScript dialogs and media-capture requests.
///
/// WebKit must get a `WKWebView` created with the configuration it passes;
/// the seam returns `any WebView`. A WebKitWebView is unwrapped (the app
/// must have created it with `configuration` — WebKit raises otherwise);
/// any other web view cannot stand in for a `WKWebView`, so the window is
/// refused and the mismatch reported. `WKWindowFeatures` reaches the seam as
/// WindowFeatures, member for member, `nil` where the page did not say.
///
/// A dialog's completion handler reaches WebKit through ExactlyOnce: the
/// first answer is delivered on the main actor, repeats are dropped and
/// reported, and a handler dropped uncalled is reported and answered as
/// WebKit answers for a delegate without the method. A media-capture
/// decision goes the same way; one never made is answered `.prompt`.
@MainActor package final class UIDelegateBridge: NSObject, WKUIDelegate {
    private let delegate: any UIDelegate
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    private let frames: WebKitFrames
    /// The seam web view the delegate was set on, handed to its callbacks; weak, as it owns this bridge.
    private weak var owner: WebKitWebView?

    package init(
        _ delegate: any UIDelegate, owner: WebKitWebView? = nil, frames: WebKitFrames = WebKitFrames(),
        report: @escaping @Sendable (WebKitAdapterIssue) -> Void
    ) {
        self.delegate = delegate
        self.owner = owner
        self.frames = frames
        self.report = report
        super.init()
    }

    /// The seam web view for `webView`: the one the delegate was set on, or a new adapter around it.
    private func seen(_ webView: WKWebView) -> any WebView {
        owner ?? WebKitWebView(webView, reportIssue: report)
    }

    package func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        let action = frames.action(navigationAction)
        let features = NavigationConversion.windowFeatures(windowFeatures)
        guard let created = delegate.createWebView(for: action, windowFeatures: features) else { return nil }
        guard let adapter = created as? WebKitWebView else {
            report(WebKitAdapterIssue(.unsupportedValue, "the window for \(action.urlString) is a \(type(of: created)), not a WebKitWebView; refused"))
            return nil
        }
        return adapter.webView
    }

    package func webViewDidClose(_ webView: WKWebView) {
        delegate.webViewDidClose(seen(webView))
    }

    package func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) {
        let initiator = frames.frame(frame)
        let once = answerOnce(to: JavaScriptDialog(kind: .alert, message: message, frame: initiator)) { _ in
            performOnMainActor { completionHandler() }
        }
        delegate.webView(seen(webView), runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: initiator) { once.call(.ok) }
    }

    package func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        let initiator = frames.frame(frame)
        let once = answerOnce(to: JavaScriptDialog(kind: .confirm, message: message, frame: initiator)) { answer in
            performOnMainActor { completionHandler(answer.confirmed) }
        }
        delegate.webView(seen(webView), runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: initiator) {
            once.call($0 ? .ok : .cancel)
        }
    }

    package func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let dialog = JavaScriptDialog(kind: .prompt, message: prompt, defaultText: defaultText, frame: frames.frame(frame))
        let once = answerOnce(to: dialog) { answer in performOnMainActor { completionHandler(answer.text) } }
        delegate.webView(
            seen(webView), runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText,
            initiatedByFrame: dialog.frame
        ) {
            once.call(.prompt($0))
        }
    }

    /// The handler WebKit gets `dialog`'s answer through, once; WebKit's own default answer when it is never called.
    private func answerOnce(
        to dialog: JavaScriptDialog, deliver: @escaping @Sendable (JavaScriptDialogAnswer) -> Void
    ) -> ExactlyOnce<JavaScriptDialogAnswer> {
        ExactlyOnce(
            "completion handler for the \(dialog.kind) dialog \(JavaScriptLiteral.string(dialog.message))",
            fallback: dialog.defaultAnswer, report: report, deliver: deliver)
    }

    package func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo,
        type: WKMediaCaptureType, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        let request = MediaCaptureRequest(
            origin: SecurityOrigin(protocol: origin.protocol, host: origin.host, port: origin.port),
            frame: frames.frame(frame), type: Self.captureType(type))
        let once = ExactlyOnce<MediaCaptureDecision>(
            "decision handler for the media-capture request \(request.type) from \(request.origin)",
            fallback: MediaCaptureDecision(.prompt), report: report
        ) { [report] decided in
            guard let decision = Self.decisions[decided.decision] else {
                report(WebKitAdapterIssue(
                    .unsupportedValue, "WebKit has no permission decision '\(decided.decision.rawValue)'; denied the request"))
                return performOnMainActor { decisionHandler(.deny) }
            }
            performOnMainActor { decisionHandler(decision) }
        }
        delegate.requestMediaCapturePermission(request, in: seen(webView)) { once.call($0) }
    }

    /// The seam's name for WebKit's media-capture type.
    package static func captureType(_ type: WKMediaCaptureType) -> MediaCaptureType {
        switch type {
        case .camera: .camera
        case .microphone: .microphone
        case .cameraAndMicrophone: .cameraAndMicrophone
        @unknown default: MediaCaptureType(rawValue: "unknown-\(type.rawValue)")
        }
    }

    /// WebKit's decision for each of the seam's.
    package nonisolated static let decisions: [PermissionDecision: WKPermissionDecision] = [.prompt: .prompt, .grant: .grant, .deny: .deny]
}
