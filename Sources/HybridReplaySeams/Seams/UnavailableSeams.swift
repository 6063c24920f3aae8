import Foundation

// The stand-ins `Platform.init` fills the seams not passed with, one per
// seam protocol: every call is remembered through UnavailableSeam, and fails where it can.
// `@usableFromInline`, with every member a protocol requires, because they
// are the public initialiser's default arguments.

/// The web view of a platform built without one.
@usableFromInline package final class UnavailableWebView: WebView, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("webView")
    @usableFromInline package init() {}

    @usableFromInline package func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        unavailable.touch("add(_:contentWorld:name:)")
    }

    @usableFromInline package func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        unavailable.touch("add(_:contentWorld:name:)")
    }

    @usableFromInline package func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        unavailable.touch("removeScriptMessageHandler(forName:contentWorld:)")
    }

    @usableFromInline package func addUserScript(_ script: UserScriptInstallation) { unavailable.touch("addUserScript(_:)") }

    @usableFromInline package func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        let error = JavaScriptError(unavailable.touch("evaluateJavaScript(_:in:in:completionHandler:)"))
        guard let completionHandler else { return }
        performOnMainActor { completionHandler(.failure(error)) }
    }

    @usableFromInline package func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        let error = JavaScriptError(unavailable.touch("callAsyncJavaScript(_:arguments:in:in:completionHandler:)"))
        guard let completionHandler else { return }
        performOnMainActor { completionHandler(.failure(error)) }
    }

    @usableFromInline package var navigationDelegate: (any NavigationDelegate)? {
        get {
            unavailable.touch("navigationDelegate")
            return nil
        }
        set { unavailable.touch("navigationDelegate") }
    }

    @usableFromInline package var uiDelegate: (any UIDelegate)? {
        get {
            unavailable.touch("uiDelegate")
            return nil
        }
        set { unavailable.touch("uiDelegate") }
    }

    @usableFromInline package var url: URL? {
        unavailable.touch("url")
        return nil
    }

    @usableFromInline package func load(_ load: NavigationLoad) { unavailable.touch("load(_:)") }

    @usableFromInline package func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {
        unavailable.touch("setURLSchemeHandler(_:forURLScheme:)")
    }
}

/// The route presenter of a platform built without one.
@usableFromInline package struct UnavailableRoutePresenter: RoutePresenter, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("routes")
    @usableFromInline package init() {}

    @usableFromInline package func show(_ route: NativeRoute) { unavailable.touch("show(_:)") }
}

/// The HTTP transport of a platform built without one: every request fails.
@usableFromInline package struct UnavailableHTTPTransport: HTTPTransport, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("transport")
    @usableFromInline package init() {}

    @usableFromInline package func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?)
        async throws(HTTPTransportError) -> HTTPResponse
    {
        throw HTTPTransportError(unavailable.touch("send(_:redirectDelegate:)"))
    }
}

/// The cookie store of a platform built without one: it keeps nothing and has nothing.
@usableFromInline package struct UnavailableCookieStore: CookieStore, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("cookieStore")
    @usableFromInline package init() {}

    @usableFromInline package func setCookie(_ cookie: Cookie) async { unavailable.touch("setCookie(_:)") }

    @usableFromInline package func cookies(for url: String) async -> [Cookie] {
        unavailable.touch("cookies(for:)")
        return []
    }
}

/// The location manager of a platform built without one: never authorized, never a fix.
@usableFromInline package final class UnavailableLocationManager: LocationManager, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("locationManager")
    @usableFromInline package init() {}

    @usableFromInline package var authorizationStatus: AuthorizationStatus {
        unavailable.touch("authorizationStatus")
        return .notDetermined
    }

    @usableFromInline package var accuracyAuthorization: AccuracyAuthorization? {
        unavailable.touch("accuracyAuthorization")
        return nil
    }

    @usableFromInline package var desiredAccuracy: Double {
        get {
            unavailable.touch("desiredAccuracy")
            return 0
        }
        set { unavailable.touch("desiredAccuracy") }
    }

    @usableFromInline package var distanceFilter: Double {
        get {
            unavailable.touch("distanceFilter")
            return 0
        }
        set { unavailable.touch("distanceFilter") }
    }

    @usableFromInline package var delegate: (any LocationManagerDelegate)? {
        get {
            unavailable.touch("delegate")
            return nil
        }
        set { unavailable.touch("delegate") }
    }
    @usableFromInline package func requestWhenInUseAuthorization() { unavailable.touch("requestWhenInUseAuthorization()") }
    @usableFromInline package func requestAlwaysAuthorization() { unavailable.touch("requestAlwaysAuthorization()") }
    @usableFromInline package func startUpdatingLocation() { unavailable.touch("startUpdatingLocation()") }
    @usableFromInline package func stopUpdatingLocation() { unavailable.touch("stopUpdatingLocation()") }
    @usableFromInline package func requestLocation() { unavailable.touch("requestLocation()") }

    @usableFromInline package func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        unavailable.touch("requestTemporaryFullAccuracyAuthorization(withPurposeKey:)")
    }
}

/// The location output of a platform built without one.
@usableFromInline package struct UnavailableLocationOutput: LocationServiceOutput, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("locationOutput")
    @usableFromInline package init() {}

    @usableFromInline package func publish(_ value: JSONValue, on stream: String) { unavailable.touch("publish(_:on:)") }
    @usableFromInline package func complete(_ stream: String, error: LocationErrorCode?) { unavailable.touch("complete(_:error:)") }
}

/// The custom seam of a platform built without one.
@usableFromInline package struct UnavailableCustomSeam: CustomSeam, UnavailableSeamStandIn {
    package let unavailable = UnavailableSeam("custom")
    @usableFromInline package init() {}

    @usableFromInline package func send(_ event: CustomEvent) { unavailable.touch("send(_:)") }

    @usableFromInline package func setHandler(_ handler: (any CustomEventHandler)?, forEventNamed name: String) {
        unavailable.touch("setHandler(_:forEventNamed:)")
    }

    @usableFromInline package func setHandler(_ handler: (any CustomEventHandler)?) { unavailable.touch("setHandler(_:)") }
}
