import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Code ported from Apple's API reads cookies and script messages by the names it used there.
@Suite("Apple's names on cookies and script messages")
struct AppleNamesTests {
    @Test("a cookie answers HTTPCookie's names with its own fields")
    func cookie() throws {
        let persistent = Cookie(
            name: "sso", value: "v", domain: "crew.example", expires: "2026-12-31T23:00:00Z", secure: true, httpOnly: true,
            sameSite: .lax)
        #expect(persistent.isSecure && persistent.isHTTPOnly && !persistent.isSessionOnly)
        #expect(persistent.sameSitePolicy == .lax)
        let expiry = try #require(persistent.expiresDate)
        #expect(expiry == Date(timeIntervalSince1970: 1_798_758_000))

        let session = Cookie(name: "theme", value: "dark", domain: "crew.example")
        #expect(!session.isSecure && !session.isHTTPOnly && session.isSessionOnly)
        #expect(session.expiresDate == nil && session.sameSitePolicy == nil)
        // Text that is no RFC 3339 date (a cassette edited by hand) gives no date rather than a wrong one.
        #expect(Cookie(name: "x", value: "1", domain: "a.example", expires: "Thu, 31 Dec 2026").expiresDate == nil)
    }

    @Test("a script message answers WKScriptMessage's names with its own fields")
    func scriptMessage() {
        let frame = Frame(isMainFrame: false, url: "https://ads.example/frame")
        let message = ScriptMessage(handler: "geolocation", body: ["watch": true], frame: frame, contentWorld: .defaultClient)
        #expect(message.name == "geolocation")
        #expect(message.frameInfo == frame)
        #expect(message.world == .defaultClient)
        #expect(ScriptMessage(handler: "h", body: .null).frameInfo == nil)
    }

    /// A handler that takes plain messages and ones awaiting a reply, as one
    /// class often does; `add(self, name:)` is ambiguous for it.
    final class BothKinds: ScriptMessageHandler, ScriptMessageHandlerWithReply {
        func didReceive(_ message: ScriptMessage) {}

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            replyHandler(.value(["echo": message.body]))
        }
    }

    @Test("a reply handler registers by WebKit's name, addScriptMessageHandler(_:contentWorld:name:), and replies")
    func addScriptMessageHandler() async throws {
        let page = SimulatedWebView()
        let handler = BothKinds()
        page.addScriptMessageHandler(handler, contentWorld: .defaultClient, name: "echo")
        let outcome = try await page.postMessageAwaitingReply("hi", to: "echo", contentWorld: .defaultClient)
        #expect(outcome == .value(["echo": "hi"]))
        // Registered in the world named, and as a handler that replies: not in the page's world.
        #expect(throws: SimulationError.self) { try page.postMessage("hi", to: "echo") }
    }

    @Test("add(_:name:) registers a handler of both kinds as the plain one, as WebKit's add does")
    func addTakesThePlainKind() async throws {
        let page = SimulatedWebView()
        page.add(BothKinds(), name: "plain")
        try page.postMessage("hi", to: "plain")
        await #expect(throws: SimulationError.self) { _ = try await page.postMessageAwaitingReply("hi", to: "plain") }
        page.add(BothKinds(), contentWorld: .defaultClient, name: "plain")
        try page.postMessage("hi", to: "plain", contentWorld: .defaultClient)
    }
}
