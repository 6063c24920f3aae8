import Foundation
import HybridReplaySeams

/// A bridge written the way iOS code usually is: a `@MainActor` class that is
/// both the page's message handler and the web view's navigation delegate,
/// posts its query with a body from a plain `JSONEncoder()` (no
/// `.sortedKeys`), and answers the page after a hop with
/// `DispatchQueue.main.async`, splicing the encoder's output into the script.
///
/// Without `.sortedKeys`, `JSONEncoder` orders keys differently in every
/// process on Linux; the recorder writes both the request body and the
/// object in the script in one order, so a re-recording gives the same bytes.
@MainActor
public final class ProfileBridge: ScriptMessageHandler, NavigationDelegate {
    /// What the page asks for.
    struct ProfileQuery: Codable {
        let traveller: String
        let fields: [String]
        let includeMiles: Bool
    }

    /// What the server answers, and the page is given.
    public struct Profile: Codable, Sendable {
        public let name: String
        public let tier: String
        public let miles: Int
        public let seat: String
        public let homeAirport: String

        public init(name: String, tier: String, miles: Int, seat: String, homeAirport: String) {
            self.name = name
            self.tier = tier
            self.miles = miles
            self.seat = seat
            self.homeAirport = homeAirport
        }
    }

    /// Where the profile comes from.
    public nonisolated static let endpoint = "https://api.travel.example/v1/profile"

    private let webView: any WebView
    private let transport: any HTTPTransport
    /// Whether the page has finished loading; read by nothing that races it.
    public private(set) var isLoaded = false

    public init(webView: any WebView, transport: any HTTPTransport) {
        self.webView = webView
        self.transport = transport
        webView.setNavigationDelegate(self)
        webView.add(self, name: "profile")
    }

    public func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"],
            case .string(let traveller)? = body["traveller"]
        else { return }
        let query = ProfileQuery(traveller: traveller, fields: ["tier", "miles", "seat"], includeMiles: true)
        guard let requestBody = try? JSONEncoder().encode(query) else { return }
        let request = HTTPRequest(
            method: "POST", url: Self.endpoint,
            headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json")],
            body: .bytes(requestBody))
        Task {
            let response = try? await transport.send(request)
            guard let data = response?.body?.data,
                let profile = try? JSONDecoder().decode(Profile.self, from: data),
                let encoded = try? JSONEncoder().encode(profile),
                let json = String(data: encoded, encoding: .utf8)
            else {
                DispatchQueue.main.async {
                    self.webView.evaluateJavaScript("window.bridge.reject(\"\(guid)\", \"no profile\")", completionHandler: nil)
                }
                return
            }
            DispatchQueue.main.async {
                self.webView.evaluateJavaScript("window.bridge.resolve(\"\(guid)\", \(json))", completionHandler: nil)
            }
        }
    }

    public func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    public func didFinish(_ navigation: NavigationFinish) {
        isLoaded = true
    }
}
