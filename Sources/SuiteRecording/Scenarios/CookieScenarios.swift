import HybridReplay
import HybridReplayReference

/// The cookie redirect loader's sessions: the host app asks for a page, the
/// loader follows the redirects with the jar's cookies on every hop, and the
/// final response is loaded into the web view.
///
/// The jar starts with the authentication cookie stored at login. Every
/// cookie value is redacted by the recorder's default rules, and so are the
/// `Cookie` and `Authorization` headers the host app puts on its own request
/// (``redaction``): the placeholders still show which hop carries which cookie.
enum CookieScenarios {
    static let origin = "https://app.example.com"

    /// The cookie the user's login left in the jar.
    static let authCookie = Cookie(
        name: "auth", value: "fake-auth-7f3a9c", domain: "app.example.com", path: "/", secure: true, httpOnly: true,
        sameSite: .lax)
    static let loggedIn = Scenario.Setting(cookies: [authCookie])

    /// The default rules, and the same rules for the headers of the host app's `custom.load`.
    static let redaction = Redaction.default + LoadRequestHandler.headerRedaction()

    static let all: [Scenario] = [
        redirects, postThen303, postThen307, pathMismatch, domainMismatch, secureOverHTTP, crossOriginAuthorization,
        maxAge, callerCookie, noRedirect, headerNameCase, finalClientError, perHopOrigins, callerCookieClasses,
        malformedLoads, postThen308,
    ]

    static let headerNameCase = Scenario(
        "cookies/header-name-case.json", contract: .cookieRedirectLoader,
        description: "HTTP header names are case-insensitive: the host app's lowercase cookie header is kept, "
            + "beside its accept header; the "
            + "302's lowercase location and set-cookie are followed and stored, and the page's CONTENT-TYPE is "
            + "loaded with it.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(
            stage,
            HTTPRequest(
                url: "\(origin)/start",
                headers: [HTTPHeader("cookie", "locale=en-GB"), HTTPHeader("accept", "text/html")]))
        let start = try await stage.request("GET", "\(origin)/start")
        try stage.respond(
            to: start, after: .milliseconds(91),
            with: HTTPResponse(
                status: 302,
                headers: [
                    HTTPHeader("location", "/home"), HTTPHeader("set-cookie", "visit=fake-visit-2b7e; Path=/"),
                    HTTPHeader("content-length", "0"),
                ]))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(
            to: home, after: .milliseconds(102),
            with: HTTPResponse(
                status: 200, headers: [HTTPHeader("CONTENT-TYPE", "text/html; charset=utf-8")],
                body: .text("<!doctype html>\n<h1>Home</h1>\n")))
        try await waitForLoad(stage)
    }

    static let finalClientError = Scenario(
        "cookies/final-client-error.json", contract: .cookieRedirectLoader,
        description: "The redirect chain ends in 404 Not Found, not a 2xx: the cookie the 404 sets is stored like "
            + "any other and the error page is loaded with its Content-Type, as a browser shows it.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/old-link"))
        let old = try await stage.request("GET", "\(origin)/old-link")
        try stage.respond(
            to: old, after: .milliseconds(77), with: redirect(to: "/gone", status: 301, setting: []))
        let gone = try await stage.request("GET", "\(origin)/gone")
        try stage.respond(
            to: gone, after: .milliseconds(64),
            with: HTTPResponse(
                status: 404,
                headers: [
                    HTTPHeader("Content-Type", "text/html; charset=utf-8"),
                    HTTPHeader("Set-Cookie", "last_error=fake-404-c3; Path=/"),
                ],
                body: .text("<!doctype html>\n<h1>Not found</h1>\n")))
        try await waitForLoad(stage)
    }

    static let redirects = Scenario(
        "cookies/redirect-302-302-200.json", contract: .cookieRedirectLoader,
        description: "GET /sso/start redirects twice before /home answers 200; each hop sets a cookie, and each "
            + "next request carries every cookie set so far with the auth cookie, as WKWebView alone would not.",
        setting: loggedIn, redaction: redaction
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
        setting: loggedIn, redaction: redaction
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
        description: "The redirect from /admin/login sets a cookie with Path=/admin; for /home, where it "
            + "redirects, the jar answers only the auth cookie, since the admin cookie's path does not match, "
            + "and the request carries what the jar answered.",
        setting: loggedIn, redaction: redaction
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
            + "cookie on app.example.com; for the other host the jar answers only the Domain cookie, and the "
            + "request carries it alone: the host-only cookies, auth included, stay behind.",
        setting: loggedIn, redaction: redaction
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

    static let postThen307 = Scenario(
        "cookies/post-307.json", contract: .cookieRedirectLoader,
        description: "A form POST to /checkout/confirm is answered 307 Temporary Redirect; the loader repeats the "
            + "POST at /v2/checkout/confirm with the same body and Content-Type, and the auth cookie.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        let form = HTTPRequest(
            method: "POST", url: "\(origin)/checkout/confirm",
            headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: .text("order=A-20261130-042&terms=accepted"))
        try load(stage, form)
        let confirm = try await stage.request("POST", "\(origin)/checkout/confirm")
        try stage.respond(
            to: confirm, after: .milliseconds(88), with: redirect(to: "/v2/checkout/confirm", status: 307, setting: []))
        let moved = try await stage.request("POST", "\(origin)/v2/checkout/confirm")
        try stage.respond(to: moved, after: .milliseconds(236), with: page("Order A-20261130-042 confirmed"))
        try await waitForLoad(stage)
    }

    static let postThen308 = Scenario(
        "cookies/post-308.json", contract: .cookieRedirectLoader,
        description: "A POST with a JSON body is answered 308 Permanent Redirect, which sets a cookie for /api; "
            + "the loader repeats the POST at /api/v2/orders with the same body and Content-Type, carrying that "
            + "cookie and the auth cookie.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        let order = HTTPRequest(
            method: "POST", url: "\(origin)/api/orders",
            headers: [HTTPHeader("Content-Type", "application/json")], body: .text("{\"item\":\"A-17\",\"quantity\":2}"))
        try load(stage, order)
        let first = try await stage.request("POST", "\(origin)/api/orders")
        try stage.respond(
            to: first, after: .milliseconds(93),
            with: redirect(to: "/api/v2/orders", status: 308, setting: ["api_version=2; Path=/api"]))
        let moved = try await stage.request("POST", "\(origin)/api/v2/orders")
        try stage.respond(to: moved, after: .milliseconds(141), with: page("Order placed"))
        try await waitForLoad(stage)
    }

    static let secureOverHTTP = Scenario(
        "cookies/secure-over-http.json", contract: .cookieRedirectLoader,
        description: "/legacy/report redirects from https to an http URL on the same host and sets a cookie "
            + "without Secure; for the http URL the jar answers only that cookie, so the Secure auth cookie is "
            + "not sent in the clear.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/legacy/report"))
        let report = try await stage.request("GET", "\(origin)/legacy/report")
        try stage.respond(
            to: report, after: .milliseconds(102),
            with: redirect(
                to: "http://app.example.com/legacy/report.html", setting: ["report_range=last-30-days; Path=/legacy"]))
        let plain = try await stage.request("GET", "http://app.example.com/legacy/report.html")
        try stage.respond(to: plain, after: .milliseconds(154), with: page("Monthly report"))
        try await waitForLoad(stage)
    }

    static let crossOriginAuthorization = Scenario(
        "cookies/cross-origin-authorization.json", contract: .cookieRedirectLoader,
        description: "The host app asks for /reports/latest with a bearer token; the same-origin redirect keeps "
            + "the Authorization header, the redirect to files.example.net drops it along with the host-only "
            + "auth cookie, and the CSV is loaded with its Content-Type.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        let latest = HTTPRequest(
            url: "\(origin)/reports/latest",
            headers: [HTTPHeader("Accept", "text/csv"), HTTPHeader("Authorization", "Bearer fake-token-8c2d41e7")])
        try load(stage, latest)
        let first = try await stage.request("GET", "\(origin)/reports/latest")
        try stage.respond(to: first, after: .milliseconds(91), with: redirect(to: "/reports/2026-11", setting: []))
        let month = try await stage.request("GET", "\(origin)/reports/2026-11")
        try stage.respond(
            to: month, after: .milliseconds(133),
            with: redirect(to: "https://files.example.net/exports/2026-11.csv", setting: []))
        let file = try await stage.request("GET", "https://files.example.net/exports/2026-11.csv")
        try stage.respond(
            to: file, after: .milliseconds(187),
            with: HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/csv; charset=utf-8")],
                body: .text("date,visits\n2026-11-01,412\n2026-11-02,398\n")))
        try await waitForLoad(stage)
    }

    static let maxAge = Scenario(
        "cookies/max-age.json", contract: .cookieRedirectLoader,
        description: "The redirect from /session/refresh, dated at the contract's date, sets session_id with "
            + "Max-Age=3600 and, for clients that read only Expires, session_hint expiring an hour after that date; "
            + "both are stored expiring at 2026-11-30T01:00:00Z, as Max-Age counts from the contract's date, not "
            + "the wall clock's, and the request to /home carries them with the auth cookie.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/session/refresh"))
        let refresh = try await stage.request("GET", "\(origin)/session/refresh")
        var refreshed = redirect(
            to: "/home",
            setting: [
                "session_id=fake-session-3e81c0; Max-Age=3600; Path=/; Secure; HttpOnly",
                "session_hint=1; Expires=Mon, 30 Nov 2026 01:00:00 GMT; Path=/; Secure",
            ])
        // The same instant twice binds one value on replay: a Max-Age counted from another clock breaks it.
        refreshed.headers.insert(HTTPHeader("Date", "Mon, 30 Nov 2026 00:00:00 GMT"), at: 0)
        try stage.respond(to: refresh, after: .milliseconds(97), with: refreshed)
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(112), with: page("Home"))
        try await waitForLoad(stage)
    }

    static let callerCookie = Scenario(
        "cookies/caller-cookie.json", contract: .cookieRedirectLoader,
        description: "The host app puts its own Cookie header, locale=en-GB, on the request, while the jar still "
            + "holds locale=fr-FR: the first request carries the app's locale and then the jar's auth cookie, "
            + "not the jar's locale; the redirect, which stores the app's locale, carries the jar's cookies only.",
        setting: Scenario.Setting(
            cookies: [authCookie, Cookie(name: "locale", value: "fr-FR", domain: "app.example.com", path: "/")]),
        redaction: redaction
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/", headers: [HTTPHeader("Cookie", "locale=en-GB")]))
        let start = try await stage.request("GET", "\(origin)/")
        try stage.respond(
            to: start, after: .milliseconds(84), with: redirect(to: "/home", setting: ["locale=en-GB; Path=/"]))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(119), with: page("Home"))
        try await waitForLoad(stage)
    }

    static let noRedirect = Scenario(
        "cookies/no-redirect.json", contract: .cookieRedirectLoader,
        description: "A page that answers 200 at once: one request with the auth cookie, and the response loaded "
            + "into the web view with its URL as base.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/home"))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(121), with: page("Home"))
        try await waitForLoad(stage)
    }

    static let perHopOrigins = Scenario(
        "cookies/per-hop-origins.json", contract: .cookieRedirectLoader,
        description: "/start on app.example.com redirects to accounts.example.com/sso/login, which redirects to "
            + "files.example.net/exports/latest/report.html; the second hop and the last one set a cookie "
            + "without Domain or Path, so each is stored for the host and directory of the URL that set it, not "
            + "the first request's; the jar then answers for each hop's own URL.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(stage, HTTPRequest(url: "\(origin)/start"))
        let start = try await stage.request("GET", "\(origin)/start")
        try stage.respond(
            to: start, after: .milliseconds(83),
            with: redirect(to: "https://accounts.example.com/sso/login", setting: ["app_seen=1"]))
        let login = try await stage.request("GET", "https://accounts.example.com/sso/login")
        try stage.respond(
            to: login, after: .milliseconds(97),
            with: redirect(
                to: "https://files.example.net/exports/latest/report.html", setting: ["sso_ticket=fake-ticket-0c4d"]))
        let report = try await stage.request("GET", "https://files.example.net/exports/latest/report.html")
        try stage.respond(
            to: report, after: .milliseconds(151), with: page("Latest report", setting: ["download_token=fake-dl-7a2e"]))
        try await waitForLoad(stage)
    }

    static let callerCookieClasses = Scenario(
        "cookies/caller-cookie-empty-repeated.json", contract: .cookieRedirectLoader,
        description: "The host app puts four Cookie headers on the request: an empty one, a whitespace-only one, "
            + "locale=en-GB and a nameless consent: the first request carries one Cookie header in the first "
            + "one's place, with the two non-empty ones and then the jar's auth cookie, and no empty pair.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        try load(
            stage,
            HTTPRequest(
                url: "\(origin)/home",
                headers: [
                    HTTPHeader("Accept", "text/html"), HTTPHeader("Cookie", ""), HTTPHeader("Cookie", "   "),
                    HTTPHeader("Cookie", "locale=en-GB"), HTTPHeader("Cookie", "consent"),
                ]))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(118), with: page("Home"))
        try await waitForLoad(stage)
    }

    static let malformedLoads = Scenario(
        "cookies/malformed-load-ignored.json", contract: .cookieRedirectLoader,
        description: "custom.load events whose url is missing, null or a number, whose method is a number, whose "
            + "headers are a string or hold a header with an empty name, or whose body is a number, are malformed: "
            + "nothing is read from the jar or requested for them; the well-formed load after them is made.",
        setting: loggedIn, redaction: redaction
    ) { stage in
        let url = JSONValue.string("\(origin)/home")
        let malformed: [[String: JSONValue]] = [
            [:], ["url": .null], ["url": .number(1)], ["url": url, "method": .number(2)],
            ["url": url, "headers": .string("Accept: text/html")],
            ["url": url, "headers": .array([.object(["name": .string(""), "value": .string("x")])])],
            ["url": url, "method": .string("POST"), "body": .number(3)],
        ]
        for fields in malformed {
            stage.advance(by: .milliseconds(200))
            try stage.custom.deliver(CustomEvent(name: LoadRequestHandler.eventName, direction: .stimulus, fields: fields))
        }
        try load(stage, HTTPRequest(url: "\(origin)/home"))
        let home = try await stage.request("GET", "\(origin)/home")
        try stage.respond(to: home, after: .milliseconds(104), with: page("Home"))
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
