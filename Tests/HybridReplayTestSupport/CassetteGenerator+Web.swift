import Foundation
import HybridReplay

/// The web events format version 2 adds, for the generated cassettes.
extension CassetteGenerator {
    typealias Add = (any EventPayload, Int?, Int?, inout CassetteGenerator) -> Int

    mutating func navigationError() -> NavigationError {
        NavigationError(domain: pick(["NSURLErrorDomain", "WebKitErrorDomain", string() + "x"]), code: int(-2000...2000), message: string())
    }

    /// One scene of web events, of one of the web features version 2 adds,
    /// so a generated cassette stays as long as a version 1 one.
    mutating func webScene(add: Add) {
        switch int(0...4) {
        case 0: lifecycleScene(add: add)
        case 1: policyScene(add: add)
        case 2: dialogScene(add: add)
        case 3: schemeScene(add: add)
        default: windowScene(add: add)
        }
    }

    /// A request to an app-served scheme and the app's answer: a failure
    /// before any head, or a head, one to three pieces of data (never empty:
    /// an empty piece leaves nothing to miss) and an end or a stop.
    mutating func schemeScene(add: Add) {
        let url = "app://localhost/" + pick(["index.html", "app.js", "logo.png", "api/items"])
        let request = add(
            URLSchemeRequest(
                url: url, method: pick(["GET", "POST"]), headers: bool() ? [HTTPHeader("Accept", "*/*")] : [],
                frame: optional { $0.frame() }),
            nil, nil, &self)
        if int(0...5) == 0 {
            _ = add(URLSchemeCompletion(error: string() + "!"), request, nil, &self)
            return
        }
        _ = add(
            URLSchemeResponse(
                url: url, status: optional { $0.int(100...599) }, mimeType: optional { $0.pick(["text/html", "image/png"]) },
                headers: bool() ? [HTTPHeader("Cache-Control", "no-cache")] : []),
            request, nil, &self)
        for _ in 0..<int(1...3) { _ = add(URLSchemeData(Data((string() + "x").utf8)), request, nil, &self) }
        switch int(0...3) {
        case 0: _ = add(URLSchemeStop(url: url), request, nil, &self)
        case 1: _ = add(URLSchemeCompletion(error: string() + "!"), request, nil, &self)
        default: _ = add(URLSchemeCompletion.finished, request, nil, &self)
        }
    }

    mutating func lifecycleScene(add: Add) {
        _ = add(NavigationStart(url: optional { $0.url() }), nil, nil, &self)
        let commit = add(NavigationCommit(url: optional { $0.url() }), nil, nil, &self)
        if bool() { _ = add(NavigationLoad(url: url()), commit, nil, &self) }
        _ = add(NavigationFinish(url: optional { $0.url() }), nil, nil, &self)
        _ = add(
            NavigationFailure(url: optional { $0.url() }, phase: pick(NavigationPhase.known), error: navigationError()),
            nil, nil, &self)
        _ = add(WebContentProcessTermination(), nil, nil, &self)
        _ = add(WindowClose(), nil, nil, &self)
    }

    mutating func policyScene(add: Add) {
        let response = add(
            NavigationResponse(
                url: url(), status: optional { $0.int(100...599) }, mimeType: optional { $0.pick(["text/html", "application/pdf"]) },
                isForMainFrame: bool(), canShowMIMEType: bool()),
            nil, nil, &self)
        _ = add(NavigationResponseDecision(pick(NavigationResponsePolicy.known)), response, nil, &self)
        let offered = preferences()
        let action = add(
            NavigationAction(url: url(), navigationType: pick(NavigationType.known), targetFrame: optional { $0.frame() }, preferences: offered),
            nil, nil, &self)
        _ = add(NavigationDecision(pick(NavigationPolicy.known), preferences: preferences()), action, nil, &self)
        if int(0...2) == 0 { authenticationScene(add: add) }
    }

    /// A challenge the navigation delegate answers: a password (always
    /// redacted, as a recorder writes it), trust in the server, or a disposition alone.
    mutating func authenticationScene(add: Add) {
        let method = pick(AuthenticationMethod.known)
        let challenge = add(
            AuthenticationChallenge(
                host: pick(["intranet.example", "cdn.example"]), port: pick([443, 8443]), protocol: optional { $0.pick(["https", "http"]) },
                realm: optional { $0.string() }, method: method, previousFailureCount: int(0...2)),
            nil, nil, &self)
        let answer: AuthenticationAnswer
        switch int(0...3) {
        case 0: answer = AuthenticationAnswer(.useCredential, credential: .password(user: string(), password: "[REDACTED:1]"))
        case 1: answer = AuthenticationAnswer(.useCredential, credential: .serverTrust)
        default: answer = AuthenticationAnswer(pick(AuthenticationDisposition.known))
        }
        _ = add(answer, challenge, nil, &self)
    }

    mutating func windowScene(add: Add) {
        let window = add(
            NewWindowRequest(
                action: NavigationAction(url: url(), navigationType: pick(NavigationType.known), sourceFrame: optional { $0.frame() }, targetFrame: nil),
                windowFeatures: WindowFeatures(
                    x: optional { $0.number() }, y: optional { $0.number() }, width: optional { $0.number() },
                    height: optional { $0.number() }, menuBarVisibility: optional { $0.bool() },
                    statusBarVisibility: optional { $0.bool() }, toolbarsVisibility: optional { $0.bool() },
                    allowsResizing: optional { $0.bool() })),
            nil, nil, &self)
        _ = add(NewWindowResult(returnedWebView: bool()), window, nil, &self)
        if bool() { mediaCaptureScene(add: add) }
    }

    /// A confirm or a prompt and the answer its completion handler can give.
    /// Alerts are left to the round-trip tests: their one answer cannot be
    /// altered through the seam, which the oracle's faults need.
    mutating func dialogScene(add: Add) {
        let prompt = bool()
        let dialog = add(
            JavaScriptDialog(
                kind: prompt ? .prompt : .confirm, message: string(), defaultText: prompt ? optional { $0.string() } : nil,
                frame: frame()),
            nil, nil, &self)
        let answer: JavaScriptDialogAnswer = prompt ? .prompt(optional { $0.string() }) : bool() ? .ok : .cancel
        _ = add(answer, dialog, nil, &self)
    }

    /// The page asks for the camera or microphone twice and the UI delegate
    /// decides each time, differently, so every cassette with the scene holds two decisions.
    mutating func mediaCaptureScene(add: Add) {
        let first = int(0...2)
        for decision in [PermissionDecision.known[first], PermissionDecision.known[(first + 1) % 3]] {
            let request = add(
                MediaCaptureRequest(origin: securityOrigin(), frame: frame(), type: pick(MediaCaptureType.known)), nil, nil, &self)
            _ = add(MediaCaptureDecision(decision), request, nil, &self)
        }
    }

    /// Mostly the page's world, which the format leaves out, so version 1 shapes stay common.
    mutating func contentWorld() -> ContentWorld {
        switch int(0...3) {
        case 0: .defaultClient
        case 1: .world(name: string())
        default: .page
        }
    }

    mutating func securityOrigin() -> SecurityOrigin {
        SecurityOrigin(protocol: pick(["https", "http", "file"]), host: pick(["app.example.com", "", "évil.example"]), port: pick([0, 443, 8080]))
    }

    mutating func preferences() -> WebpagePreferences {
        WebpagePreferences(preferredContentMode: pick(ContentMode.known), allowsContentJavaScript: bool())
    }
}
