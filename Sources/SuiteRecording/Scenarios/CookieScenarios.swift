import HybridReplay
import HybridReplayReference

/// The cookie redirect loader's sessions: the host app asks for a page, the
/// loader follows the redirects with the jar's cookies on every hop, and the
/// final response is loaded into the web view.
///
/// The jar starts with the authentication cookie stored at login. Every
/// cookie value is redacted by the recorder's default rules, as intended:
/// the placeholders still show which hop carries which cookie.
enum CookieScenarios {
    static let origin = "https://app.example.com"

    /// The cookie the user's login left in the jar.
    static let authCookie = Cookie(
        name: "auth", value: "fake-auth-7f3a9c", domain: "app.example.com", path: "/", secure: true, httpOnly: true,
        sameSite: .lax)
    static let loggedIn = Scenario.Setting(cookies: [authCookie])

    static let all: [Scenario] = [redirects, postThen303, pathMismatch, domainMismatch, noRedirect]

    static let redirects = Scenario(
        "cookies/redirect-302-302-200.json", contract: .cookieRedirectLoader,
        description: "GET /sso/start redirects twice before /home answers 200; each hop sets a cookie, and each "
            + "next request carries every cookie set so far with the auth cookie, as WKWebView alone would not.",
        setting: loggedIn
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/sso/start"))
        let start = try await stage.request("GET", "\(origin)/sso/start")
        try stage.respond(
            to: start, after: .milliseconds(120),
            with: redirect(to: "/sso/session", setting: ["sso_state=fake-state-51c2; Path=/; Secure; HttpOnly"]))
        let session = try await stage.request("GET", "\(origin)/sso/session")
        try stage.respond(
            to: session, after: .milliseconds(94),
            with: redirect(
                to: "\(origin)/home",
                setting: ["session_id=fake-session-9d04e7; Path=/; Secure; HttpOnly; SameSite=Lax"]))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(
            to: home, after: .milliseconds(143),
            with: page(
                "Welcome back, Avery",
                setting: ["theme=light; Path=/; Expires=Tue, 01 Jan 2036 00:00:00 GMT"]))
        try await waitForLoad(stage)
    }

    static let postThen303 = Scenario(
        "cookies/post-303.json", contract: .cookieRedirectLoader,
        description: "A form POST with a body is answered 303 See Other; the loader follows with a GET without "
            + "the body, carrying the auth cookie and the cookie the 303 set for /account.",
        setting: loggedIn
    ) { stage in
        let form = HTTPRequest(
            method: "POST", url: "\(origin)/account/preferences", body: .text("theme=dark&language=en-GB"))
        try load(stage, form)
        let post = try await stage.request("POST", "\(origin)/account/preferences")
        try stage.respond(
            to: post, after: .milliseconds(168),
            with: redirect(to: "/account?saved=1", status: 303, setting: ["flash=preferences-saved; Path=/account"]))
        let account = try await stage.request("GET", "\(origin)/account?saved=1")
        try stage.respond(to: account, after: .milliseconds(131), with: page("Your preferences were saved"))
        try await waitForLoad(stage)
    }

    static let pathMismatch = Scenario(
        "cookies/path-mismatch.json", contract: .cookieRedirectLoader,
        description: "The redirect from /admin/login sets a cookie with Path=/admin; the request to /home it "
            + "redirects to carries only the auth cookie, because the admin cookie's path does not match.",
        setting: loggedIn
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/admin/login"))
        let login = try await stage.request("GET", "\(origin)/admin/login")
        try stage.respond(
            to: login, after: .milliseconds(109),
            with: redirect(to: "/home", setting: ["admin_session=fake-admin-2b8e; Path=/admin; Secure; HttpOnly"]))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(126), with: page("Home"))
        try await waitForLoad(stage)
    }

    static let domainMismatch = Scenario(
        "cookies/domain-mismatch.json", contract: .cookieRedirectLoader,
        description: "A redirect to accounts.example.com sets a host-only cookie and a Domain=.example.com "
            + "cookie on app.example.com; only the Domain cookie follows to the other host, and the host-only "
            + "cookies, auth included, stay behind.",
        setting: loggedIn
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/sso/handoff"))
        let handoff = try await stage.request("GET", "\(origin)/sso/handoff")
        try stage.respond(
            to: handoff, after: .milliseconds(117),
            with: redirect(
                to: "https://accounts.example.com/continue",
                setting: [
                    "app_pref=compact; Path=/",
                    "sso_id=fake-sso-6e1f; Domain=.example.com; Path=/; Secure; HttpOnly",
                ]))
        let accounts = try await stage.request("GET", "https://accounts.example.com/continue")
        try stage.respond(to: accounts, after: .milliseconds(205), with: page("Continue as Avery"))
        try await waitForLoad(stage)
    }

    static let noRedirect = Scenario(
        "cookies/no-redirect.json", contract: .cookieRedirectLoader,
        description: "A page that answers 200 at once: one request with the auth cookie, and the response loaded "
            + "into the web view with its URL as base.",
        setting: loggedIn
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/home"))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(121), with: page("Home"))
        try await waitForLoad(stage)
    }

    /// The host app asks for `request`, a moment after the web view appears.
    static func load(_ stage: ScenarioStage, _ request: HTTPRequest) throws {
        stage.advance(by: .milliseconds(350))
        try stage.custom.deliver(LoadRequestHandler.event(for: request))
    }

    /// Waits for the final response to reach the web view: the last thing the loader does.
    static func waitForLoad(_ stage: ScenarioStage) async throws {
        try await stage.waitForEvents(NavigationLoad.eventKind, count: 1)
    }

    static func redirect(to location: String, status: Int = 302, setting cookies: [String]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [HTTPHeader("Location", location)] + cookies.map { HTTPHeader("Set-Cookie", $0) }
                + [HTTPHeader("Content-Length", "0")])
    }

    static func page(_ heading: String, setting cookies: [String] = []) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")]
                + cookies.map { HTTPHeader("Set-Cookie", $0) },
            body: .text(
                "<!doctype html>\n<html><head><title>\(heading)</title></head>"
                    + "<body><h1>\(heading)</h1></body></html>\n"))
    }
}
