import Foundation
import HybridReplayTesting

/// The trip page's bridge of docs/simulated-platform.md: a `trip` message
/// fetches the flights and the hotel side by side (`async let`) and shows
/// both once both came.
struct TripBridge: ScriptMessageHandler {
    static func flights(_ trip: String) -> String { "https://api.trips.example/flights/\(trip)" }
    static func hotel(_ trip: String) -> String { "https://api.trips.example/hotel/\(trip)" }

    let platform: Platform

    init(platform: Platform) {
        self.platform = platform
        platform.webView.add(self, name: "trip")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let trip) = body["trip"] else { return }
        let platform = platform
        Task {
            async let flights = Self.text(of: HTTPRequest(url: Self.flights(trip)), on: platform)
            async let hotel = Self.text(of: HTTPRequest(url: Self.hotel(trip)), on: platform)
            let shown = await [flights, hotel].map(JavaScriptLiteral.string).joined(separator: ", ")
            platform.webView.evaluateJavaScript("trips.show(\(shown))", completionHandler: nil)
        }
    }

    /// The text the server answered `request` with; empty when it failed.
    private static func text(of request: HTTPRequest, on platform: Platform) async -> String {
        guard let response = try? await platform.transport.send(request), case .text(let text) = response.body else {
            return ""
        }
        return text
    }
}
