import HybridReplay
import SuiteRecording
import Testing

@Suite("HeldHTTPTransport")
struct HeldHTTPTransportTests {
    @Test("holds each request until it is answered, in whatever order")
    func outOfOrder() async throws {
        let transport = HeldHTTPTransport()
        async let first = transport.send(HTTPRequest(url: "https://a.example.com/1"))
        let one = try #require(await transport.nextRequest())
        async let second = transport.send(HTTPRequest(url: "https://a.example.com/2"))
        let two = try #require(await transport.nextRequest())
        #expect(one.number == 1 && one.request.url == "https://a.example.com/1")
        #expect(two.number == 2 && two.request.url == "https://a.example.com/2")
        #expect(transport.unanswered == [one, two])

        #expect(transport.answer(two, with: HTTPResponse(status: 201)))
        #expect(try await second.status == 201)
        #expect(transport.unanswered == [one])
        #expect(transport.answer(one, with: HTTPResponse(status: 200)))
        #expect(try await first.status == 200)
        #expect(!transport.answer(one, with: HTTPResponse(status: 500)))
    }

    @Test("follows a redirect, holding the proposed request in turn")
    func redirect() async throws {
        let transport = HeldHTTPTransport()
        let form = HTTPRequest(method: "POST", url: "https://a.example.com/form", body: .text("a=1"))
        async let response = transport.send(form)
        let post = try #require(await transport.nextRequest())
        transport.answer(post, with: HTTPResponse(status: 303, headers: [HTTPHeader("Location", "/done")]))
        let get = try #require(await transport.nextRequest())
        #expect(get.request == HTTPRequest(url: "https://a.example.com/done"))
        transport.answer(get, with: HTTPResponse(status: 200))
        #expect(try await response.status == 200)
    }

    @Test("fails what is still waiting when told to, and gives up waiting for a request that never comes")
    func failAll() async throws {
        let transport = HeldHTTPTransport()
        async let response = transport.send(HTTPRequest(url: "https://a.example.com/"))
        _ = try #require(await transport.nextRequest())
        transport.failAll(with: HTTPTransportError("over"))
        do {
            _ = try await response
            Issue.record("the request was answered; expected it to fail")
        } catch {
            #expect(error as? HTTPTransportError == HTTPTransportError("over"))
        }
        #expect(await transport.nextRequest(timeout: .milliseconds(5)) == nil)
    }
}
