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
        let pending = PendingGTKRequest(OpaquePointer(decision), page: self)
        performOnMainActor { [owner] in
            // Asked under WebKit's name, whose default asks the seam's; the owner holds this page.
            guard let owner else { return delegate.decidePolicy(for: action) { policy in Self.answer(pending, policy) } }
            delegate.webView(owner, decidePolicyFor: action) { policy in Self.answer(pending, policy) }
        }
        return true
    }

    /// Uses, downloads or ignores the decision, with the first answer.
    private static func answer(_ pending: PendingGTKRequest, _ policy: NavigationPolicy) {
        pending.settle { request in
            let decision = UnsafeMutablePointer<WebKitPolicyDecision>(request)
            switch policy {
            case .allow: webkit_policy_decision_use(decision)
            case .download: webkit_policy_decision_download(decision)
            // `.cancel`, and any policy this engine does not know, stop the navigation.
            default: webkit_policy_decision_ignore(decision)
            }
        }
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

extension WebKitGTKPage {
    /// Handles `authenticate`: asks the navigation delegate, on the main
    /// actor, to answer the challenge as `webView(_:didReceive:completionHandler:)`
    /// does, and answers WebKit when it calls back. Without a navigation
    /// delegate WebKit's own handler runs (`false`).
    func authenticate(_ request: OpaquePointer) -> Bool {
        guard let delegate = navigationDelegate else { return false }
        let pending = PendingGTKRequest(request, page: self)
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
        performOnMainActor { [owner] in
            // The owner holds this page: it is there while the page asks.
            guard let owner else { return Self.answer(pending, .performDefaultHandling) }
            delegate.webView(owner, didReceive: challenge) { answer in Self.answer(pending, answer) }
        }
        return true
    }

    /// Answers the request with the first answer.
    ///
    /// A password goes to WebKit as a credential for the session; trusting
    /// the server, letting WebKit handle the challenge, and rejecting the
    /// protection space all continue without a credential (WebKitGTK's way to
    /// go on), and cancelling cancels the load.
    private static func answer(_ pending: PendingGTKRequest, _ answer: AuthenticationAnswer) {
        pending.settle { request in
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
