import Foundation
@testable import HybridReplay

/// Small pieces of app code under test, written against the seams only,
/// as a real bridge, router, loader or location service would be.
enum RecordingApps {
    /// Echoes each `echo` message back into the page, then shows an
    /// `echoed` route once the page has run the script.
    struct EchoBridge: ScriptMessageHandler {
        let platform: Platform

        func install() { platform.webView.add(self, name: "echo") }

        func didReceive(_ message: ScriptMessage) {
            let text = message.body.stringValue ?? ""
            platform.webView.evaluateJavaScript("changeEcho(\(JSONValue.string(text)))") { [platform] result in
                if case .success = result { platform.routes.show(NativeRoute(name: "echoed")) }
            }
        }
    }

    /// Answers `appInfo` messages with the app's version, or an error for unknown fields.
    struct AppInfoBridge: ScriptMessageHandlerWithReply {
        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            if message.body == "version" {
                replyHandler(.value(["version": "1.4.2"]))
            } else {
                replyHandler(.error("unknown field \(message.body)"))
            }
        }
    }

    /// Replies to every message twice: the bug WebKit ignores and the validator catches.
    struct DoubleReplyBridge: ScriptMessageHandlerWithReply {
        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            replyHandler(.value(1))
            replyHandler(.value(2))
        }
    }

    /// The seed's promise bridge: a message carries a guid; native code
    /// fetches a user and settles the promise with `executePromise(guid, data)`.
    struct PromiseBridge: ScriptMessageHandler {
        let platform: Platform
        let tasks: AppTasks

        func didReceive(_ message: ScriptMessage) {
            guard let guid = message.body.objectValue?["guid"] else { return }
            tasks.start { [platform] in
                guard let response = try? await platform.transport.send(HTTPRequest(url: "https://randomuser.me/api")),
                    case .text(let data) = response.body
                else { return }
                _ = try? await platform.webView.callAsyncJavaScript(
                    "executePromise(guid, data)", arguments: ["guid": guid, "data": .string(data)])
                platform.routes.show(NativeRoute(name: "settled", parameters: ["guid": guid]))
            }
        }
    }

    /// Takes `navigate://present?...` links over as native screens and allows everything else.
    struct Router: NavigationDelegate {
        let platform: Platform

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            guard let url = URLComponents(string: action.urlString), url.scheme == "navigate" else {
                decisionHandler(.allow)
                return
            }
            var parameters: [String: JSONValue] = [:]
            for item in url.queryItems ?? [] {
                parameters[item.name] = item.value.flatMap(Double.init).map(JSONValue.number) ?? .null
            }
            platform.routes.show(NativeRoute(name: url.host ?? "", parameters: parameters))
            decisionHandler(.cancel)
        }
    }

    /// Decides with `async`/`await`: cancels new windows after loading them in place.
    struct AsyncRouter: AsyncNavigationDelegate {
        let platform: Platform

        func decidePolicy(for action: NavigationAction) async -> NavigationPolicy {
            guard action.targetFrame == nil else { return .allow }
            platform.webView.load(NavigationLoad(url: action.urlString))
            return .cancel
        }
    }

    /// The seed's cookie-aware loader: injects cookies from the jar, stores
    /// each `Set-Cookie` of a redirect and rebuilds `Cookie` for the next hop,
    /// then loads the final page into the web view.
    struct CookieLoader: HTTPRedirectDelegate {
        let platform: Platform

        func load(_ url: String) async throws(HTTPTransportError) {
            let cookies = await platform.cookieStore.cookies(for: url)
            let request = HTTPRequest(url: url, headers: [HTTPHeader("Cookie", Self.header(cookies))])
            let response = try await platform.transport.send(request, redirectDelegate: self)
            platform.webView.load(NavigationLoad(url: url, body: response.body))
        }

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            let host = URL(string: newRequest.urlString)?.host ?? ""
            for setCookie in response.headers.values(named: "Set-Cookie") {
                let pair = setCookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                await platform.cookieStore.setCookie(Cookie(name: String(pair[0]), value: String(pair[1]), domain: host))
            }
            let cookies = await platform.cookieStore.cookies(for: newRequest.urlString)
            var next = newRequest
            next.headers.append(HTTPHeader("Cookie", Self.header(cookies)))
            return next
        }

        static func header(_ cookies: [Cookie]) -> String {
            cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        }
    }

    /// A location service: asks for permission, configures and starts
    /// updates once authorized, publishes the last fix of each batch, and
    /// ends its stream when permission is taken away.
    struct LocationService: LocationManagerDelegate {
        let platform: Platform

        func start() { platform.locationManager.setDelegate(self) }

        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
            let manager = platform.locationManager
            switch status {
            case .notDetermined:
                manager.requestWhenInUseAuthorization()
            case .authorizedWhenInUse, .authorizedAlways:
                manager.desiredAccuracy = 10
                manager.distanceFilter = 5
                manager.startUpdatingLocation()
            default:
                manager.stopUpdatingLocation()
                platform.locationOutput.publish("denied", on: "status")
                platform.locationOutput.complete("coordinates", error: .denied)
            }
        }

        func locationManager(didUpdateLocations locations: [LocationFix]) {
            guard let last = locations.last else { return }
            platform.locationOutput.publish(
                ["latitude": .number(last.latitude), "longitude": .number(last.longitude)], on: "coordinates")
        }

        func locationManager(didFailWithError error: LocationErrorCode) {
            guard !error.isTransient else { return }
            platform.locationOutput.complete("coordinates", error: error)
        }
    }

    /// Asks for a feature flag and reports what it was told.
    struct FeatureFlags: CustomEventHandler {
        let platform: Platform

        func start() {
            platform.custom.setHandler(self)
            platform.custom.send(CustomEvent(name: "flags.fetch", direction: .effect, fields: ["key": "newCheckout"]))
        }

        func didReceive(_ event: CustomEvent) {
            platform.custom.send(
                CustomEvent(
                    name: "analytics.track", direction: .effect,
                    fields: ["flag": event.fields["key"] ?? .null, "enabled": event.fields["enabled"] ?? .null]))
        }
    }

    /// A transport that always fails, as a refused connection does.
    struct FailingTransport: HTTPTransport {
        func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
            -> HTTPResponse
        {
            throw HTTPTransportError("connection refused")
        }
    }
}
