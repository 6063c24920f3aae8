import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("HeldHTTPTransport")
struct HeldHTTPTransportTests {
    @Test("holds each request until it is answered, in whatever order")
    func outOfOrder() async throws {
        let transport = HeldHTTPTransport()
        async let first = transport.send(HTTPRequest(url: "https://a.example.com/1"))
        let one = try await transport.nextRequest()
        async let second = transport.send(HTTPRequest(url: "https://a.example.com/2"))
        let two = try await transport.nextRequest()
        #expect(one.number == 1 && one.request.urlString == "https://a.example.com/1")
        #expect(two.number == 2 && two.request.urlString == "https://a.example.com/2")
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
        let post = try await transport.nextRequest()
        transport.answer(post, with: HTTPResponse(status: 303, headers: [HTTPHeader("Location", "/done")]))
        let get = try await transport.nextRequest()
        #expect(get.request == HTTPRequest(url: "https://a.example.com/done"))
        transport.answer(get, with: HTTPResponse(status: 200))
        #expect(try await response.status == 200)
    }

    @Test("fails what is still waiting when told to")
    func failAll() async throws {
        let transport = HeldHTTPTransport()
        async let response = transport.send(HTTPRequest(url: "https://a.example.com/"))
        _ = try await transport.nextRequest()
        transport.failAll(with: HTTPTransportError("over"))
        do {
            _ = try await response
            Issue.record("the request was answered; expected it to fail")
        } catch {
            #expect(error as? HTTPTransportError == HTTPTransportError("over"))
        }
        #expect(transport.unanswered.isEmpty)
    }

    @Test("gives up waiting for a request that never comes, naming what it waited for and what it holds")
    func nextRequestTimesOut() async throws {
        let transport = HeldHTTPTransport()
        async let response = transport.send(HTTPRequest(url: "https://a.example.com/first"))
        _ = try await transport.nextRequest()

        let error = await #expect(throws: WaitTimeout.self) { try await transport.nextRequest(patience: .milliseconds(5)) }

        #expect(error?.awaited == "the next request")
        #expect(error?.description == "waited 0.005 seconds for the next request, in vain; unanswered: GET https://a.example.com/first")
        transport.failAll(with: HTTPTransportError("over"))
        _ = try? await response
    }

    @Test("waits until the requests sent together are all in flight, then lets the drive answer them in its own order")
    func waitsForUnanswered() async throws {
        let transport = HeldHTTPTransport()
        async let first = transport.send(HTTPRequest(url: "https://a.example.com/1"))
        async let second = transport.send(HTTPRequest(url: "https://a.example.com/2"))

        let held = try await transport.waitForUnanswered(count: 2)

        #expect(Set(held.map(\.request.urlString)) == ["https://a.example.com/1", "https://a.example.com/2"])
        for request in held.reversed() { #expect(transport.answer(request, with: HTTPResponse(status: 200 + request.number))) }
        let statuses = try await [first.status, second.status]
        #expect(Set(statuses) == [201, 202])
    }

    @Test("fails a wait for more unanswered requests than were sent, saying how many it waited for")
    func waitForUnansweredTimesOut() async throws {
        let transport = HeldHTTPTransport()
        let error = await #expect(throws: WaitTimeout.self) {
            try await transport.waitForUnanswered(count: 1, patience: .milliseconds(5))
        }
        #expect(error?.description == "waited 0.005 seconds for 1 unanswered request, in vain; unanswered: none")
    }

    @Test("a wait whose task is cancelled ends with CancellationError instead of waiting out its patience")
    func cancelledWait() async throws {
        let transport = HeldHTTPTransport()
        let wait = Task { try await transport.nextRequest(patience: .seconds(3600)) }
        wait.cancel()
        await #expect(throws: CancellationError.self) { try await wait.value }
    }

    @Test("hands each request out once, to one of two drives waiting for it")
    func handsOutOnce() async throws {
        let transport = HeldHTTPTransport()
        async let one = transport.nextRequest()
        async let two = transport.nextRequest()
        async let first = transport.send(HTTPRequest(url: "https://a.example.com/1"))
        async let second = transport.send(HTTPRequest(url: "https://a.example.com/2"))

        let numbers = try await [one.number, two.number]

        #expect(Set(numbers) == [1, 2])
        transport.failAll(with: HTTPTransportError("over"))
        _ = try? await [first, second]
    }
}
