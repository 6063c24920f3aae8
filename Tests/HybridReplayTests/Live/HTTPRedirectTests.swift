import Testing

@testable import HybridReplay

@Suite("HTTPRedirect")
struct HTTPRedirectTests {
    private let post = HTTPRequest(
        method: "POST", url: "https://app.example/login",
        headers: [
            HTTPHeader("Content-Type", "application/json"), HTTPHeader("Authorization", "Bearer t"),
            HTTPHeader("Cookie", "sid=1"), HTTPHeader("Accept", "text/html"),
        ],
        body: .json(["user": "ada"]))

    private func redirect(_ status: Int, to location: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Location", location)])
    }

    @Test("301 and 302 turn a POST into a GET without its body or content headers", arguments: [301, 302])
    func postBecomesGet(status: Int) throws {
        let next = try #require(HTTPRedirect.proposedRequest(after: redirect(status, to: "/home"), to: post))
        #expect(next.method == "GET")
        #expect(next.body == nil)
        #expect(next.headers.values(named: "Content-Type").isEmpty)
        #expect(next.headers.values(named: "Accept") == ["text/html"])
    }

    @Test("301 and 302 keep a PUT with its body", arguments: [301, 302])
    func putStays(status: Int) throws {
        var put = post
        put.method = "PUT"
        let next = try #require(HTTPRedirect.proposedRequest(after: redirect(status, to: "/home"), to: put))
        #expect(next.method == "PUT")
        #expect(next.body == put.body)
    }

    @Test("303 turns every method but GET and HEAD into a GET", arguments: ["POST", "PUT", "DELETE", "GET", "HEAD"])
    func seeOther(method: String) throws {
        var request = post
        request.method = method
        let next = try #require(HTTPRedirect.proposedRequest(after: redirect(303, to: "/done"), to: request))
        #expect(next.method == (method == "HEAD" ? "HEAD" : "GET"))
        if method != "GET" && method != "HEAD" { #expect(next.body == nil) }
    }

    @Test("307 and 308 keep the method, the body and the content headers", arguments: [307, 308])
    func keepMethod(status: Int) throws {
        let next = try #require(HTTPRedirect.proposedRequest(after: redirect(status, to: "/again"), to: post))
        #expect(next.method == "POST")
        #expect(next.body == post.body)
        #expect(next.headers.values(named: "Content-Type") == ["application/json"])
    }

    @Test("a hop to another origin drops Authorization and a same-origin hop keeps it")
    func authorization() throws {
        let crossOrigin = try #require(
            HTTPRedirect.proposedRequest(after: redirect(307, to: "https://sso.example/start"), to: post))
        #expect(crossOrigin.headers.values(named: "Authorization").isEmpty)
        let otherPort = try #require(
            HTTPRedirect.proposedRequest(after: redirect(307, to: "https://app.example:8443/"), to: post))
        #expect(otherPort.headers.values(named: "Authorization").isEmpty)
        let sameOrigin = try #require(HTTPRedirect.proposedRequest(after: redirect(307, to: "/next"), to: post))
        #expect(sameOrigin.headers.values(named: "Authorization") == ["Bearer t"])
    }

    @Test(
        "the Cookie header is always dropped, since the jar rebuilds it on every hop",
        arguments: [301, 302, 303, 307, 308])
    func cookieDropped(status: Int) throws {
        let next = try #require(HTTPRedirect.proposedRequest(after: redirect(status, to: "/next"), to: post))
        #expect(next.headers.values(named: "Cookie").isEmpty)
    }

    @Test("a relative Location resolves against the request URL")
    func relativeLocation() throws {
        let request = HTTPRequest(url: "https://app.example/sso/start?x=1")
        let sibling = try #require(HTTPRedirect.proposedRequest(after: redirect(302, to: "step2"), to: request))
        #expect(sibling.urlString == "https://app.example/sso/step2")
        let rooted = try #require(HTTPRedirect.proposedRequest(after: redirect(302, to: "/home?a=b"), to: request))
        #expect(rooted.urlString == "https://app.example/home?a=b")
        let schemeRelative = try #require(
            HTTPRedirect.proposedRequest(after: redirect(302, to: "//cdn.example/x"), to: request))
        #expect(schemeRelative.urlString == "https://cdn.example/x")
    }

    @Test("a response that is not a followable redirect proposes nothing")
    func notARedirect() {
        let request = HTTPRequest(url: "https://app.example/")
        #expect(HTTPRedirect.proposedRequest(after: HTTPResponse(status: 200), to: request) == nil)
        #expect(HTTPRedirect.proposedRequest(after: redirect(200, to: "/elsewhere"), to: request) == nil)
        #expect(HTTPRedirect.proposedRequest(after: redirect(300, to: "/choices"), to: request) == nil)
        #expect(HTTPRedirect.proposedRequest(after: redirect(304, to: "/cached"), to: request) == nil)
        #expect(HTTPRedirect.proposedRequest(after: HTTPResponse(status: 302), to: request) == nil)
    }

    @Test("only 301, 302, 303, 307 and 308 are followed, at most 20 times")
    func constants() {
        #expect((300...399).filter(HTTPRedirect.isRedirect) == [301, 302, 303, 307, 308])
        #expect(HTTPRedirect.maximumHops == 20)
    }
}
