@testable import HybridReplay

/// The web events format version 2 adds, for the generated cassettes.
extension CassetteGenerator {
    typealias Add = (any EventPayload, Int?, Int?, inout CassetteGenerator) -> Int

    mutating func navigationError() -> NavigationError {
        NavigationError(domain: pick(["NSURLErrorDomain", "WebKitErrorDomain", string() + "x"]), code: int(-2000...2000), message: string())
    }

    /// One scene of web events: the navigation lifecycle.
    mutating func webScene(add: Add) {
        _ = add(NavigationStart(url: optional { $0.url() }), nil, nil, &self)
        let commit = add(NavigationCommit(url: optional { $0.url() }), nil, nil, &self)
        if bool() { _ = add(NavigationLoad(url: url()), commit, nil, &self) }
        _ = add(NavigationFinish(url: optional { $0.url() }), nil, nil, &self)
        _ = add(
            NavigationFailure(url: optional { $0.url() }, phase: pick(NavigationPhase.known), error: navigationError()),
            nil, nil, &self)
        _ = add(WebContentProcessTermination(), nil, nil, &self)
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
    }

    mutating func preferences() -> WebpagePreferences {
        WebpagePreferences(preferredContentMode: pick(ContentMode.known), allowsContentJavaScript: bool())
    }
}
