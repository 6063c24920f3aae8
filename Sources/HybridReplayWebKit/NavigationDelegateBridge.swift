import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKNavigationDelegate` WebKit holds for a seam NavigationDelegate.
///
/// WebKit calls it on the main actor; the seam delegate may answer from any
/// thread, later, or (wrongly) twice or never: ExactlyOnce delivers the
/// first answer to WebKit on the main actor, drops and reports repeats, and
/// answers `.cancel` and reports when the handler is dropped uncalled.
///
/// It implements the `preferences:` variant of `decidePolicyFor` only
/// (WebKit calls that one when a delegate has both): the seam delegate gets
/// WebKit's `WKWebpagePreferences` as WebpagePreferences, and the content
/// mode and JavaScript switch it answers are set on that same object before
/// WebKit gets it back. The frames of every action are remembered in
/// WebKitFrames, so that JavaScript can later be evaluated in them.
@MainActor package final class NavigationDelegateBridge: NSObject, WKNavigationDelegate {
    private let delegate: any NavigationDelegate
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    private let frames: WebKitFrames
    /// The seam web view the delegate was set on, handed to its callbacks; weak, as it owns this bridge.
    private weak var owner: WebKitWebView?

    package init(
        _ delegate: any NavigationDelegate, owner: WebKitWebView? = nil, frames: WebKitFrames = WebKitFrames(),
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
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
        let offered = NavigationConversion.preferences(preferences)
        var converted = frames.action(navigationAction)
        converted.preferences = offered
        let (action, report) = (converted, self.report)
        let once = ExactlyOnce<(NavigationPolicy, WebpagePreferences)>(
            "decision handler for \(action.method) \(action.urlString)", fallback: (.cancel, offered), report: report
        ) { policy, answered in
            let webKitPolicy = NavigationConversion.actionPolicy(policy)
            if webKitPolicy == nil {
                report(WebKitAdapterIssue(.unsupportedValue, "WebKit has no navigation policy '\(policy.rawValue)'; cancelled \(action.urlString)"))
            }
            performOnMainActor {
                if let issue = NavigationConversion.apply(answered, to: preferences) { report(issue) }
                decisionHandler(webKitPolicy ?? .cancel, preferences)
            }
        }
        delegate.webView(seen(webView), decidePolicyFor: action, preferences: offered) { once.call(($0, $1)) }
    }
}

extension NavigationDelegateBridge {
    package func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) {
        let response = NavigationConversion.response(navigationResponse)
        let report = self.report
        let once = ExactlyOnce<NavigationResponsePolicy>(
            "response decision handler for \(response.urlString)", fallback: .cancel, report: report
        ) { policy in
            let webKitPolicy = NavigationConversion.responsePolicy(policy)
            if webKitPolicy == nil {
                report(WebKitAdapterIssue(.unsupportedValue, "WebKit has no response policy '\(policy.rawValue)'; cancelled \(response.urlString)"))
            }
            performOnMainActor { decisionHandler(webKitPolicy ?? .cancel) }
        }
        delegate.webView(seen(webView), decidePolicyFor: response) { once.call($0) }
    }

    package func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        delegate.webView(seen(webView), didStartProvisionalNavigation: NavigationStart(url: webView.url?.absoluteString))
    }

    package func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        delegate.webView(seen(webView), didCommit: NavigationCommit(url: webView.url?.absoluteString))
    }

    package func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        delegate.webView(seen(webView), didFinish: NavigationFinish(url: webView.url?.absoluteString))
    }

    package func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        let failure = NavigationFailure(
            url: webView.url?.absoluteString, phase: .provisional, error: NavigationConversion.error(error))
        delegate.webView(seen(webView), didFailProvisionalNavigation: failure, withError: failure.error)
    }

    package func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        let failure = NavigationFailure(
            url: webView.url?.absoluteString, phase: .committed, error: NavigationConversion.error(error))
        delegate.webView(seen(webView), didFail: failure, withError: failure.error)
    }

    package func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        delegate.webViewWebContentProcessDidTerminate(seen(webView))
    }

    /// Hands the seam delegate the challenge as an AuthenticationChallenge
    /// and WebKit its first answer, on the main actor; a dropped handler
    /// cancels the challenge, as a load that is never answered would hang.
    package func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let converted = NavigationConversion.challenge(challenge)
        let trust = NavigationConversion.serverTrustCredential(challenge)
        let report = self.report
        let once = ExactlyOnce<AuthenticationAnswer>(
            "completion handler for the authentication challenge from \(converted.host):\(converted.port) (\(converted.method))",
            fallback: AuthenticationAnswer(.cancelAuthenticationChallenge), report: report
        ) { answer in
            let (disposition, credential, issue) = NavigationConversion.answer(answer, serverTrust: trust)
            if let issue { report(issue) }
            performOnMainActor { completionHandler(disposition, credential) }
        }
        delegate.webView(seen(webView), didReceive: converted) { once.call($0) }
    }
}

/// Converting authentication challenges and their answers.
extension NavigationConversion {
    /// What a seam delegate reads of `challenge`.
    @MainActor package static func challenge(_ challenge: URLAuthenticationChallenge) -> AuthenticationChallenge {
        let space = challenge.protectionSpace
        return AuthenticationChallenge(
            host: space.host, port: space.port, protocol: space.protocol, realm: space.realm,
            method: method(space.authenticationMethod), previousFailureCount: challenge.previousFailureCount)
    }

    /// The seam's name for one of Foundation's `NSURLAuthenticationMethod…` strings.
    package static func method(_ method: String) -> AuthenticationMethod {
        let methods: [String: AuthenticationMethod] = [
            NSURLAuthenticationMethodDefault: .default, NSURLAuthenticationMethodHTTPBasic: .httpBasic,
            NSURLAuthenticationMethodHTTPDigest: .httpDigest, NSURLAuthenticationMethodHTMLForm: .htmlForm,
            NSURLAuthenticationMethodNTLM: .ntlm, NSURLAuthenticationMethodNegotiate: .negotiate,
            // Each constant's value is its own name; swift-corelibs-foundation marks these two unavailable.
            "NSURLAuthenticationMethodClientCertificate": .clientCertificate, "NSURLAuthenticationMethodServerTrust": .serverTrust,
        ]
        return methods[method] ?? AuthenticationMethod(rawValue: method)
    }

    /// The credential that trusts the challenge's server certificate chain, made
    /// where WebKit called (the main actor) and only handed back there.
    package struct ServerTrust: @unchecked Sendable {
        let credential: URLCredential?
    }

    @MainActor package static func serverTrustCredential(_ challenge: URLAuthenticationChallenge) -> ServerTrust {
        #if canImport(Security)
        ServerTrust(credential: challenge.protectionSpace.serverTrust.map { URLCredential(trust: $0) })
        #else
        // FoundationNetworking has no server trust (no Security framework): the mirror cannot make one.
        ServerTrust(credential: nil)
        #endif
    }

    /// WebKit's disposition and credential for `answer`, and an issue when the answer cannot be given as is.
    package static func answer(_ answer: AuthenticationAnswer, serverTrust: ServerTrust)
        -> (URLSession.AuthChallengeDisposition, URLCredential?, WebKitAdapterIssue?)
    {
        let dispositions: [AuthenticationDisposition: URLSession.AuthChallengeDisposition] = [
            .useCredential: .useCredential, .performDefaultHandling: .performDefaultHandling,
            .cancelAuthenticationChallenge: .cancelAuthenticationChallenge, .rejectProtectionSpace: .rejectProtectionSpace,
        ]
        guard let disposition = dispositions[answer.disposition] else {
            return (.cancelAuthenticationChallenge, nil, WebKitAdapterIssue(
                .unsupportedValue, "WebKit has no authentication disposition '\(answer.disposition.rawValue)'; cancelled the challenge"))
        }
        guard let given = answer.credential else { return (disposition, nil, nil) }
        if given.trustsServer {
            guard let trust = serverTrust.credential else {
                return (.cancelAuthenticationChallenge, nil, WebKitAdapterIssue(
                    .unsupportedValue, "the challenge has no server trust to answer with; cancelled it"))
            }
            return (disposition, trust, nil)
        }
        return (disposition, URLCredential(user: given.user ?? "", password: given.password ?? "", persistence: .forSession), nil)
    }
}
