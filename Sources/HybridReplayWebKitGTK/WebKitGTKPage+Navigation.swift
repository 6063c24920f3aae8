#if WebKitGTK
import CWebKitGTK
import HybridReplaySeams

extension WebKitGTKPage {
    /// Handles `decide-policy`: asks the navigation delegate about navigation
    /// and new-window actions, and lets WebKit decide responses itself.
    ///
    /// - Returns: Whether the decision was taken over (`TRUE` to WebKit).
    func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, type: WebKitPolicyDecisionType) -> Bool {
        guard let delegate = navigationDelegate,
            type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION
                || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION,
            let navigation = webkit_navigation_policy_decision_get_navigation_action(
                hr_navigation_policy_decision(decision))
        else { return false }
        let action = navigationAction(navigation, newWindow: type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION)
        // WebKit waits until the decision is used, ignored or downloaded; the
        // reference keeps it alive until the delegate answers. A delegate that
        // never answers leaves the navigation pending, as WKWebView would.
        let pending = PendingDecision(decision, page: self)
        performOnMainActor { delegate.decidePolicy(for: action) { policy in pending.answer(policy) } }
        return true
    }

    private func navigationAction(_ navigation: OpaquePointer, newWindow: Bool) -> NavigationAction {
        let request = webkit_navigation_action_get_request(navigation)
        let url = request.flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
        let method = request.flatMap { webkit_uri_request_get_http_method($0) }.map { String(cString: $0) } ?? "GET"
        // WebKitGTK names neither the source frame nor the target frame of a
        // navigation; it only tells a new window apart. An existing frame is
        // reported as the main frame at the page's current URL.
        let current = webkit_web_view_get_uri(view).map { String(cString: $0) }
        return NavigationAction(
            url: url, method: method,
            navigationType: Self.navigationType(webkit_navigation_action_get_navigation_type(navigation)),
            sourceFrame: nil,
            targetFrame: newWindow ? nil : .main(current))
    }

    private static func navigationType(_ type: WebKitNavigationType) -> NavigationType {
        switch type {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: .linkActivated
        case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: .formSubmitted
        case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: .backForward
        case WEBKIT_NAVIGATION_TYPE_RELOAD: .reload
        case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: .formResubmitted
        default: .other
        }
    }
}

/// A policy decision WebKit waits on, answered once from any thread.
private final class PendingDecision: @unchecked Sendable {
    // Touched only on the GTK thread: set to nil once answered.
    private var decision: UnsafeMutablePointer<WebKitPolicyDecision>?
    private let page: WebKitGTKPage

    init(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, page: WebKitGTKPage) {
        g_object_ref(UnsafeMutableRawPointer(decision))
        self.decision = decision
        self.page = page
    }

    /// Applies the first answer; later ones are ignored, as the decision is spent.
    func answer(_ policy: NavigationPolicy) {
        page.thread.perform { [self] in
            guard let decision else { return }
            self.decision = nil
            defer { g_object_unref(UnsafeMutableRawPointer(decision)) }
            guard !page.isClosed else { return }
            switch policy {
            case .allow: webkit_policy_decision_use(decision)
            case .download: webkit_policy_decision_download(decision)
            // `.cancel`, and any policy this engine does not know, stop the navigation.
            default: webkit_policy_decision_ignore(decision)
            }
        }
    }
}
#endif
