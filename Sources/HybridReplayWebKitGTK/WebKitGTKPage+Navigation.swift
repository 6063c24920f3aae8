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

extension WebKitGTKPage {
    /// Handles `authenticate`: asks the navigation delegate, on the main
    /// actor, to answer the challenge as `webView(_:didReceive:completionHandler:)`
    /// does, and answers WebKit when it calls back. Without a navigation
    /// delegate WebKit's own handler runs (`false`).
    func authenticate(_ request: OpaquePointer) -> Bool {
        guard let delegate = navigationDelegate else { return false }
        let pending = PendingChallenge(request, page: self)
        let methods: [WebKitAuthenticationScheme: AuthenticationMethod] = [
            WEBKIT_AUTHENTICATION_SCHEME_DEFAULT: .default, WEBKIT_AUTHENTICATION_SCHEME_HTTP_BASIC: .httpBasic,
            WEBKIT_AUTHENTICATION_SCHEME_HTTP_DIGEST: .httpDigest, WEBKIT_AUTHENTICATION_SCHEME_HTML_FORM: .htmlForm,
            WEBKIT_AUTHENTICATION_SCHEME_NTLM: .ntlm, WEBKIT_AUTHENTICATION_SCHEME_NEGOTIATE: .negotiate,
            WEBKIT_AUTHENTICATION_SCHEME_CLIENT_CERTIFICATE_REQUESTED: .clientCertificate,
            WEBKIT_AUTHENTICATION_SCHEME_SERVER_TRUST_EVALUATION_REQUESTED: .serverTrust,
        ]
        let scheme = webkit_authentication_request_get_scheme(request)
        var origin: String?
        if let security = webkit_authentication_request_get_security_origin(request) {
            origin = webkit_security_origin_get_protocol(security).map { String(cString: $0) }
            webkit_security_origin_unref(security)
        }
        let challenge = AuthenticationChallenge(
            host: webkit_authentication_request_get_host(request).map { String(cString: $0) } ?? "",
            port: Int(webkit_authentication_request_get_port(request)),
            protocol: webkit_authentication_request_is_for_proxy(request) != 0 ? nil : origin,
            realm: webkit_authentication_request_get_realm(request).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 },
            method: methods[scheme] ?? AuthenticationMethod(rawValue: "unknown-\(scheme.rawValue)"),
            previousFailureCount: webkit_authentication_request_is_retry(request) != 0 ? 1 : 0)
        performOnMainActor { delegate.didReceive(challenge) { answer in pending.answer(answer) } }
        return true
    }
}

/// An authentication request WebKit waits on, answered once from any thread.
private final class PendingChallenge: @unchecked Sendable {
    // Touched only on the GTK thread: set to nil once answered.
    private var request: OpaquePointer?
    private let page: WebKitGTKPage

    init(_ request: OpaquePointer, page: WebKitGTKPage) {
        g_object_ref(UnsafeMutableRawPointer(request))
        self.request = request
        self.page = page
    }

    /// Applies the first answer; later ones are ignored, as the request is spent.
    ///
    /// A password goes to WebKit as a credential for the session; trusting
    /// the server, letting WebKit handle the challenge, and rejecting the
    /// protection space all continue without a credential (WebKitGTK's way to
    /// go on), and cancelling cancels the load.
    func answer(_ answer: AuthenticationAnswer) {
        page.thread.perform { [self] in
            guard let request else { return }
            self.request = nil
            defer { g_object_unref(UnsafeMutableRawPointer(request)) }
            guard !page.isClosed else { return }
            if answer.disposition == .cancelAuthenticationChallenge {
                return webkit_authentication_request_cancel(request)
            }
            guard answer.disposition == .useCredential, let given = answer.credential, !given.trustsServer else {
                return webkit_authentication_request_authenticate(request, nil)
            }
            let credential = webkit_credential_new(given.user ?? "", given.password ?? "", WEBKIT_CREDENTIAL_PERSISTENCE_FOR_SESSION)
            webkit_authentication_request_authenticate(request, credential)
            webkit_credential_free(credential)
        }
    }
}
#endif
