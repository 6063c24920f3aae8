import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("ScriptedHTTPTransport")
struct ScriptedHTTPTransportTests {
    /// A server whose `/hop/<n>` redirects to `/hop/<n+1>` with `status`, until `/hop/<last>` answers 200.
    private static func chain(status: Int, last: Int) -> ScriptedHTTPTransport {
        ScriptedHTTPTransport { request in
            guard let number = request.urlString.split(separator: "/").last.flatMap({ Int($0) }), number < last else {
                return HTTPResponse(status: 200, body: .text("done"))
            }
            return HTTPResponse(
                status: status,
                headers: [HTTPHeader("Location", "/hop/\(number + 1)"), HTTPHeader("Set-Cookie", "hop=\(number)")])
        }
    }

    @Test("answers a request with the routed response and records it")
    func noRedirect() async throws {
        let transport = ScriptedHTTPTransport { request in
            HTTPResponse(status: request.urlString.hasSuffix("/ok") ? 200 : 404)
        }
        let request = HTTPRequest(url: "https://api.example.com/ok", headers: [HTTPHeader("Accept", "text/html")])

        #expect(try await transport.send(request).status == 200)
        #expect(try await transport.send(HTTPRequest(url: "https://api.example.com/missing")).status == 404)
        #expect(transport.requests == [request, HTTPRequest(url: "https://api.example.com/missing")])
    }

    @Test("follows a 302 chain, turning a POST into a GET, and records every hop")
    func follows302() async throws {
        let transport = Self.chain(status: 302, last: 2)
        let login = HTTPRequest(
            method: "POST", url: "https://app.example.com/hop/0",
            headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Cookie", "stale=1")],
            body: .json(["user": "u"]))

        let response = try await transport.send(login)

        #expect(response == HTTPResponse(status: 200, body: .text("done")))
        #expect(
            transport.requests == [
                login, HTTPRequest(url: "https://app.example.com/hop/1"), HTTPRequest(url: "https://app.example.com/hop/2"),
            ])
    }

    @Test("keeps the method and body across a 307")
    func keeps307() async throws {
        let transport = Self.chain(status: 307, last: 1)
        let upload = HTTPRequest(method: "PUT", url: "https://app.example.com/hop/0", body: .text("data"))

        _ = try await transport.send(upload)

        #expect(transport.requests.last == HTTPRequest(method: "PUT", url: "https://app.example.com/hop/1", body: .text("data")))
    }

    @Test("lets the redirect delegate see each hop and rewrite the next request, as the cookie workaround does")
    func delegateRewrites() async throws {
        let transport = Self.chain(status: 302, last: 2)
        let seen = SimulatedApp.Log<(response: HTTPResponse, proposed: HTTPRequest, original: HTTPRequest)>()
        let delegate = SimulatedApp.RedirectDelegate { response, proposed, original in
            seen.append((response, proposed, original))
            var next = proposed
            next.headers.append(HTTPHeader("Cookie", response.headers.values(named: "Set-Cookie").joined(separator: "; ")))
            return next
        }

        let response = try await transport.send(HTTPRequest(url: "https://app.example.com/hop/0"), redirectDelegate: delegate)

        #expect(response.status == 200)
        #expect(seen.entries.map(\.response.status) == [302, 302])
        #expect(seen.entries.map(\.proposed.urlString) == ["https://app.example.com/hop/1", "https://app.example.com/hop/2"])
        #expect(seen.entries.map(\.original.urlString) == ["https://app.example.com/hop/0", "https://app.example.com/hop/1"])
        #expect(
            transport.requests.map { $0.headers.values(named: "Cookie") } == [[], ["hop=0"], ["hop=1"]])
    }

    @Test("returns the redirect response when the delegate refuses to follow it")
    func delegateRefuses() async throws {
        let transport = Self.chain(status: 301, last: 5)
        let delegate = SimulatedApp.RedirectDelegate { _, _, _ in nil }

        let response = try await transport.send(HTTPRequest(url: "https://app.example.com/hop/0"), redirectDelegate: delegate)

        #expect(response.status == 301)
        #expect(response.headers.values(named: "Location") == ["/hop/1"])
        #expect(transport.requests.map(\.urlString) == ["https://app.example.com/hop/0"])
    }

    @Test("fails with tooManyRedirects on a redirect loop, after sending 21 requests")
    func redirectLoop() async {
        let transport = ScriptedHTTPTransport { _ in
            HTTPResponse(status: 302, headers: [HTTPHeader("Location", "https://app.example.com/loop")])
        }

        await #expect(throws: HTTPTransportError.tooManyRedirects) {
            try await transport.send(HTTPRequest(url: "https://app.example.com/loop"))
        }
        #expect(transport.requests.count == HTTPRedirect.maximumHops + 1)
    }

    @Test("follows exactly 20 redirects")
    func twentyHops() async throws {
        let transport = Self.chain(status: 302, last: HTTPRedirect.maximumHops)

        #expect(try await transport.send(HTTPRequest(url: "https://app.example.com/hop/0")).status == 200)
        #expect(transport.requests.count == 21)
    }

    @Test("returns a 3xx without a Location header as it is")
    func redirectWithoutLocation() async throws {
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 302) }

        #expect(try await transport.send(HTTPRequest(url: "https://app.example.com/")).status == 302)
        #expect(transport.requests.count == 1)
    }

    @Test("drops Authorization on a hop to another origin")
    func crossOrigin() async throws {
        let transport = ScriptedHTTPTransport { request in
            request.urlString.hasPrefix("https://app.example.com")
                ? HTTPResponse(status: 302, headers: [HTTPHeader("Location", "https://cdn.example.net/file")])
                : HTTPResponse(status: 200)
        }

        _ = try await transport.send(
            HTTPRequest(url: "https://app.example.com/file", headers: [HTTPHeader("Authorization", "Bearer t")]))

        #expect(transport.requests.map { $0.headers.values(named: "Authorization") } == [["Bearer t"], []])
    }
}
