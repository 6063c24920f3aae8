import Foundation
import HybridReplaySeams
import Testing

// The example in docs/writing-app-code-that-replays.md, "URLs, as Apple's API hands them".

/// Opens `shop://` links as native screens and keeps other hosts out of the web view.
@MainActor
final class ShopLinks: NavigationDelegate {
    private(set) var screens: [String] = []
    private(set) var external: [URL] = []

    func decidePolicy(for navigationAction: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let url = navigationAction.request.url else { return decisionHandler(.cancel) }
        if url.scheme == "shop", let screen = url.host {
            screens.append(screen)
            decisionHandler(.cancel)
        } else if url.host != "shop.example.com" {
            external.append(url)
            decisionHandler(.cancel)
        } else {
            decisionHandler(.allow)
        }
    }
}

/// Signs an API request the way code written against `URLRequest` does.
func signed(_ url: URL, token: String) -> HTTPRequest {
    var request = HTTPRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.addValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    return request
}

private final class Policies: @unchecked Sendable {
    var decided: [NavigationPolicy] = []
}

@Suite("URL examples")
@MainActor
struct URLValuesExamplesTests {
    @Test("the documented delegate reads the action's URL as WKNavigationAction.request.url")
    func shopLinks() {
        let links = ShopLinks()
        let policies = Policies()
        for text in ["shop://cart", "https://shop.example.com/a", "https://elsewhere.example.org/"] {
            links.decidePolicy(for: NavigationAction(url: text, navigationType: .linkActivated, targetFrame: .main())) {
                policies.decided.append($0)
            }
        }
        #expect(policies.decided == [.cancel, .allow, .cancel])
        #expect(links.screens == ["cart"])
        #expect(links.external.map(\.absoluteString) == ["https://elsewhere.example.org/"])
    }

    @Test("the documented request is recorded with the URL's text and its headers in order")
    func signedRequest() throws {
        let request = signed(try #require(URL(string: "https://api.example.com/orders")), token: "t")
        #expect(request == HTTPRequest(
            method: "POST", url: "https://api.example.com/orders",
            headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Authorization", "Bearer t")]))
    }
}
