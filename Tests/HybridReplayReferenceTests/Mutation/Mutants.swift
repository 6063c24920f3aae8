import Foundation
import HybridReplay
import HybridReplayReference

// Deliberately broken variants of the reference implementations. Where the
// bug is the seed's own, the variant is the seed's code against the seams;
// otherwise the reference implementation runs unchanged behind a seam
// decorator that introduces exactly one mistake in what it does.

/// The seed's promise callback: `String(format: "executePromise('%@','%@')", guid, data)`,
/// with the data spliced into the script unescaped.
struct SeedPromiseBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport

    init(platform: Platform) {
        webView = platform.webView
        transport = platform.transport
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        let webView = webView
        let transport = transport
        Task {
            guard let response = try? await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint)) else { return }
            let data = RandomUserFetcher.text(of: response.body)
            webView.evaluateJavaScript(String(format: "executePromise('%@','%@')", guid, data), completionHandler: nil)
        }
    }
}

/// The seed's router: malformed `navigate:` URLs return without deciding.
struct SeedRouter: NavigationDelegate {
    let webView: any WebView
    let routes: any RoutePresenter

    init(platform: Platform) {
        webView = platform.webView
        routes = platform.routes
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard action.navigationType == .linkActivated, let url = URLComponents(string: action.urlString) else {
            decisionHandler(.allow)
            return
        }
        if url.scheme == "navigate" {
            guard let host = url.host, ["present", "push"].contains(host) else { return }
            var parameters: [String: JSONValue] = [:]
            for name in ["r", "g", "b"] {
                guard let text = url.queryItems?.first(where: { $0.name == name })?.value, let value = Double(text)
                else { return }
                parameters[name] = .number(value)
            }
            routes.show(NativeRoute(name: host, parameters: parameters))
        } else {
            webView.load(NavigationLoad(url: action.urlString))
        }
        decisionHandler(.cancel)
    }
}

/// The seed's echo: the text spliced into single quotes unescaped.
struct SeedEchoBridge: ScriptMessageHandler {
    let webView: any WebView

    init(platform: Platform) {
        webView = platform.webView
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        webView.evaluateJavaScript("changeEcho('\(text)')", completionHandler: nil)
    }
}

// MARK: Seam decorators: the reference implementation with one mistake

/// A web view that hands the app's handlers and navigation delegate a
/// mistake: messages with a rewritten body, or a decision handler the
/// delegate ends up calling twice.
final class MistakenWebView: WebView {
    enum Mistake: Sendable {
        /// The handler answers with a promise id other than the page's.
        case swapsGUID(String)
        /// The navigation delegate calls its decision handler a second time.
        case decidesTwice
        /// The navigation delegate calls its decision handler again, from a
        /// task of its own, `after` its first decision.
        case decidesAgain(after: Duration)
        /// The navigation delegate calls its decision handler again, from a
        /// task of its own, `after` its first decision on the injected `clock`.
        case decidesAgainOnClock(after: Duration, clock: any Clock<Duration>)
        /// The reply handler ignores a message without a guid, as the plain
        /// bridge may, so the page's promise never settles.
        case ignoresMessagesWithoutGUID
    }

    let base: any WebView
    let mistake: Mistake

    init(_ base: any WebView, _ mistake: Mistake) {
        self.base = base
        self.mistake = mistake
    }

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        base.add(GUIDSwappingHandler(base: handler, mistake: mistake), contentWorld: contentWorld, name: name)
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        guard case .ignoresMessagesWithoutGUID = mistake else {
            return base.add(handler, contentWorld: contentWorld, name: name)
        }
        base.add(IgnoringMessagesWithoutGUID(base: handler), contentWorld: contentWorld, name: name)
    }

    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        base.removeScriptMessageHandler(forName: name, contentWorld: contentWorld)
    }

    func addUserScript(_ script: UserScriptInstallation) { base.addUserScript(script) }

    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        base.evaluateJavaScript(script, in: frame, in: contentWorld, completionHandler: completionHandler)
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        base.callAsyncJavaScript(
            body, arguments: arguments, in: frame, in: contentWorld, completionHandler: completionHandler)
    }

    var navigationDelegate: (any NavigationDelegate)? {
        get { (base.navigationDelegate as? DecidingTwice)?.base ?? base.navigationDelegate }
        set {
            guard let delegate = newValue else { return base.navigationDelegate = nil }
            switch mistake {
            case .decidesTwice: base.navigationDelegate = DecidingTwice(base: delegate, delay: nil)
            case .decidesAgain(let delay): base.navigationDelegate = DecidingTwice(base: delegate, delay: delay)
            case .decidesAgainOnClock(let delay, let clock):
                base.navigationDelegate = DecidingTwice(base: delegate, delay: delay, clock: clock)
            default: base.navigationDelegate = delegate
            }
        }
    }

    var uiDelegate: (any UIDelegate)? {
        get { base.uiDelegate }
        set { base.uiDelegate = newValue }
    }

    @MainActor var url: URL? { base.url }

    func load(_ load: NavigationLoad) { base.load(load) }

    private struct GUIDSwappingHandler: ScriptMessageHandler {
        let base: any ScriptMessageHandler
        let mistake: Mistake

        func didReceive(_ message: ScriptMessage) {
            guard case .swapsGUID(let other) = mistake, case .object(var body) = message.body, body["guid"] != nil else {
                return base.didReceive(message)
            }
            body["guid"] = .string(other)
            var swapped = message
            swapped.body = .object(body)
            base.didReceive(swapped)
        }
    }

    private struct IgnoringMessagesWithoutGUID: ScriptMessageHandlerWithReply {
        let base: any ScriptMessageHandlerWithReply

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            guard case .object(let body) = message.body, body["guid"] != nil else { return }
            base.didReceive(message, replyHandler: replyHandler)
        }
    }

    private struct DecidingTwice: NavigationDelegate {
        let base: any NavigationDelegate
        /// `nil` to decide again at once.
        let delay: Duration?
        /// The clock to wait on; the wall clock when `nil`.
        var clock: (any Clock<Duration>)? = nil

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            base.decidePolicy(for: action) { policy in
                decisionHandler(policy)
                let second: NavigationPolicy = policy == .allow ? .cancel : .allow
                guard let delay else { return decisionHandler(second) }
                Task { [clock] in
                    if let clock { try? await clock.sleep(for: delay) } else { try? await Task.sleep(for: delay) }
                    decisionHandler(second)
                }
            }
        }
    }
}

/// A transport whose redirect hook drops the `Cookie` header the loader
/// put on the redirected request: the seed's bug, cookies not carried across a 302.
struct CookieDroppingTransport: HTTPTransport {
    let base: any HTTPTransport

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        try await base.send(request, redirectDelegate: redirectDelegate.map { DroppingCookies(base: $0) })
    }

    private struct DroppingCookies: HTTPRedirectDelegate {
        let base: any HTTPRedirectDelegate

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            var next = await base.willPerformRedirection(response, newRequest: newRequest, currentRequest: currentRequest)
            next?.headers.removeAll { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }
            return next
        }
    }
}

/// A location manager whose delegate ends up making one mistake.
final class MistakenLocationManager: LocationManager {
    enum Mistake: Sendable {
        /// The service publishes the first fix of a batch instead of the last.
        case publishesFirstFix
        /// The service starts updating even though access is denied or restricted.
        case startsWhileDenied
    }

    let base: any LocationManager
    let mistake: Mistake

    init(_ base: any LocationManager, _ mistake: Mistake) {
        self.base = base
        self.mistake = mistake
    }

    var authorizationStatus: AuthorizationStatus { base.authorizationStatus }

    var accuracyAuthorization: AccuracyAuthorization? { base.accuracyAuthorization }

    var desiredAccuracy: Double {
        get { base.desiredAccuracy }
        set { base.desiredAccuracy = newValue }
    }

    var distanceFilter: Double {
        get { base.distanceFilter }
        set { base.distanceFilter = newValue }
    }

    private let appDelegate = SharedBox<(any LocationManagerDelegate)?>(nil)

    var delegate: (any LocationManagerDelegate)? {
        get { appDelegate.current }
        set {
            appDelegate.update { $0 = newValue }
            base.delegate = newValue.map { Mistaken(base: $0, manager: base, mistake: mistake) }
        }
    }

    func requestWhenInUseAuthorization() { base.requestWhenInUseAuthorization() }
    func requestAlwaysAuthorization() { base.requestAlwaysAuthorization() }
    func startUpdatingLocation() { base.startUpdatingLocation() }
    func stopUpdatingLocation() { base.stopUpdatingLocation() }

    func requestLocation() { base.requestLocation() }

    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        base.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
    }

    private struct Mistaken: LocationManagerDelegate {
        let base: any LocationManagerDelegate
        let manager: any LocationManager
        let mistake: Mistake

        func locationManagerDidChangeAuthorization(_ heardFrom: any LocationManager) {
            base.locationManagerDidChangeAuthorization(heardFrom)
            let status = heardFrom.authorizationStatus
            if case .startsWhileDenied = mistake, status == .denied || status == .restricted {
                manager.startUpdatingLocation()
            }
        }

        func locationManager(_ heardFrom: any LocationManager, didUpdateLocations locations: [LocationFix]) {
            guard case .publishesFirstFix = mistake, let first = locations.first else {
                return base.locationManager(heardFrom, didUpdateLocations: locations)
            }
            base.locationManager(heardFrom, didUpdateLocations: [first])
        }

        func locationManager(_ heardFrom: any LocationManager, didFailWithError error: any Error) {
            base.locationManager(heardFrom, didFailWithError: error)
        }
    }
}

/// A transport whose redirect hook carries the first request's cookies — the
/// caller's own and the jar's for the first URL — on every hop, after the
/// hop's own: the cookies of one URL sent to another host or path.
struct CookieCarryingTransport: HTTPTransport {
    let base: any HTTPTransport

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        let first = request.headers.filter { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }.map(\.value)
        return try await base.send(request, redirectDelegate: redirectDelegate.map { CarryingCookies(base: $0, first: first) })
    }

    private struct CarryingCookies: HTTPRedirectDelegate {
        let base: any HTTPRedirectDelegate
        let first: [String]

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            guard var next = await base.willPerformRedirection(response, newRequest: newRequest, currentRequest: currentRequest)
            else { return nil }
            let isCookie = { (header: HTTPHeader) in header.name.caseInsensitiveCompare("Cookie") == .orderedSame }
            let own = next.headers.filter(isCookie).map(\.value)
            let names = Set(own.flatMap(Self.names))
            let carried = first.flatMap { $0.split(separator: ";") }.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { pair in !pair.isEmpty && !names.contains(Self.names(pair).first ?? pair) }
            let value = (own + carried).joined(separator: "; ")
            next.headers.removeAll(where: isCookie)
            if !value.isEmpty { next.headers.append(HTTPHeader("Cookie", value)) }
            return next
        }

        static func names(_ header: String) -> [String] {
            header.split(separator: ";").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}

/// A reply bridge that keeps one slot for "the reply in flight": each message
/// stores its reply handler there, and the task that answers reads the slot
/// when it starts. Two messages handed over in one main-queue turn leave the
/// first without a reply.
@MainActor final class OneSlotReplyBridge: ScriptMessageHandlerWithReply {
    private let transport: any HTTPTransport
    private var pending: (@Sendable (Outcome) -> Void)?

    init(platform: Platform) {
        transport = platform.transport
        platform.webView.add(self, name: PromiseReplyBridge.handlerName)
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        guard case .object(let fields) = message.body, case .string? = fields["guid"] else {
            return replyHandler(.error("the message has no string guid"))
        }
        pending = replyHandler
        Task { await answer() }
    }

    private func answer() async {
        guard let reply = pending else { return }
        pending = nil
        do {
            let response = try await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint))
            guard (200..<300).contains(response.status) else { return reply(.error("the server answered \(response.status)")) }
            reply(.value(.string(RandomUserFetcher.text(of: response.body))))
        } catch {
            reply(.error("the request failed: \(error.message) (\(error.domain) \(error.code))"))
        }
    }
}
