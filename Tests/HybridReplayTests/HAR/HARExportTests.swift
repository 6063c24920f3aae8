import Foundation
import Testing

@testable import HybridReplay

@Suite("HAR export")
struct HARExportTests {
    @Test("every redirect hop is an entry: the 302 with its Location and Set-Cookie, the next request with its Cookie")
    func redirectHops() throws {
        let log = try HARFixtures.json(HAR.export(try HARFixtures.cassette(HARFixtures.example("cookies/redirect-302.json"))))
        let entries = try #require(log[path: "log.entries"]?.arrayValue)
        #expect(entries.count == 2)
        let redirect = try #require(entries.first)
        #expect(redirect[path: "response.status"] == 302)
        #expect(redirect[path: "response.statusText"] == "Found")
        #expect(redirect[path: "response.redirectURL"] == "https://app.example.com/home")
        #expect(redirect[path: "response.cookies.0.name"] == "session_id")
        #expect(redirect[path: "response.cookies.0.value"] == "fake-session-7f3a")
        #expect(redirect[path: "response.cookies.0.httpOnly"] == true)
        #expect(redirect[path: "response.headers.1"] == ["name": "Set-Cookie", "value": "session_id=fake-session-7f3a; Path=/; Secure; HttpOnly; SameSite=Lax"])
        let hop = try #require(entries.last)
        #expect(hop[path: "request.url"] == "https://app.example.com/home")
        #expect(hop[path: "request.cookies"] == [
            ["name": "auth_token", "value": "fake-auth-token-0001"], ["name": "session_id", "value": "fake-session-7f3a"],
        ])
        #expect(hop[path: "_cassette"] == ["request": 3, "answer": 4, "cause": 2])
        #expect(hop[path: "startedDateTime"] == "2000-01-01T00:00:00.143Z")
        #expect(hop[path: "time"] == 148)
    }

    @Test("every field HAR 1.2 requires is present, and time is the sum of the timings")
    func requiredFields() throws {
        let cassette = Cassette(header: CassetteHeader(name: "kinds"), events: [
            Event(id: 1, at: 0, payload: HTTPRequest(method: "POST", url: "https://api.example.com/items?page=2&q=a%20b",
                headers: [HTTPHeader("Content-Type", "application/json")], body: .json(["qty": 2]))),
            Event(id: 2, at: 0.25, answers: 1, payload: HTTPResponse(status: 201, body: .bytes(Data([0, 255])))),
            Event(id: 3, at: 0.5, payload: HTTPRequest(url: "https://api.example.com/slow")),
            Event(id: 4, at: 1.5, answers: 3, payload: HTTPTransportFailure(code: -1001, message: "timed out after 1 s")),
            Event(id: 5, at: 2, payload: HTTPRequest(url: "https://api.example.com/pending")),
        ])
        let log = try HARFixtures.json(HAR.export(cassette))
        #expect(log[path: "log.version"] == "1.2")
        #expect(log[path: "log.creator"] == ["name": "HybridReplay", "version": .string(RecordingTool.hybridReplayVersion)])
        let entries = try #require(log[path: "log.entries"]?.arrayValue)
        #expect(entries.count == 3)
        for entry in entries {
            for key in ["startedDateTime", "time", "request", "response", "cache", "timings"] { #expect(entry[path: key] != nil, "\(key)") }
            for key in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"] {
                #expect(entry[path: "request.\(key)"] != nil, "request.\(key)")
            }
            for key in ["status", "statusText", "httpVersion", "cookies", "headers", "content.size", "content.mimeType", "redirectURL", "headersSize", "bodySize"] {
                #expect(entry[path: "response.\(key)"] != nil, "response.\(key)")
            }
            let timings = ["send", "wait", "receive"].compactMap { entry[path: "timings.\($0)"]?.numberValue }
            #expect(timings.count == 3 && timings.allSatisfy { $0 >= 0 })
            #expect(entry[path: "time"]?.numberValue == timings.reduce(0, +))
        }
        #expect(entries[0][path: "request.queryString"] == [["name": "page", "value": "2"], ["name": "q", "value": "a b"]])
        #expect(entries[0][path: "request.postData"] == ["mimeType": "application/json", "text": "{\"qty\":2}"])
        #expect(entries[0][path: "request.bodySize"] == 9)
        #expect(entries[0][path: "response.content"] == [
            "size": 2, "mimeType": "application/octet-stream", "text": "AP8=", "encoding": "base64",
        ])
        #expect(entries[0][path: "time"] == 250)
    }

    @Test("a failed request is status 0 with _error; a request the cassette never answers is status 0 alone")
    func failures() throws {
        let cassette = Cassette(header: CassetteHeader(name: "failures"), events: [
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://api.example.com/slow")),
            Event(id: 2, at: 1, answers: 1, payload: HTTPTransportFailure(code: -1001, message: "timed out after 1 s")),
            Event(id: 3, at: 2, payload: HTTPRequest(url: "https://api.example.com/pending")),
        ])
        let entries = try #require(try HARFixtures.json(HAR.export(cassette))[path: "log.entries"]?.arrayValue)
        #expect(entries[0][path: "response.status"] == 0)
        #expect(entries[0][path: "response._error"] == "timed out after 1 s")
        #expect(entries[0][path: "response._errorCode"] == -1001)
        #expect(entries[0][path: "response._errorDomain"] == "NSURLErrorDomain")
        #expect(entries[0][path: "time"] == 1000)
        #expect(entries[1][path: "response.status"] == 0)
        #expect(entries[1][path: "response._error"] == nil)
        #expect(entries[1][path: "_cassette"] == ["request": 3])
    }

    @Test("exporting twice gives the same bytes, and the origin moves every startedDateTime")
    func deterministic() throws {
        let cassette = try HARFixtures.cassette(HARFixtures.suite("cookies/redirect-302-302-200.json"))
        #expect(HAR.export(cassette) == HAR.export(cassette))
        let origin = try #require(RFC3339.dateTime("2026-11-30T09:00:00Z").flatMap(RFC3339.instant))
        let moved = try HARFixtures.json(HAR.export(cassette, origin: origin))
        #expect(moved[path: "log._origin"] == "2026-11-30T09:00:00Z")
        #expect(moved[path: "log.entries.0.startedDateTime"] == "2026-11-30T09:00:00.35Z")
    }

    @Test("other channels and the cookie store are left out")
    func onlyExchanges() throws {
        let cassette = try HARFixtures.cassette(HARFixtures.example("cookies/cookie-store.json"))
        let requests = cassette.events.filter { $0.kind == HTTPRequest.eventKind }
        let entries = try #require(try HARFixtures.json(HAR.export(cassette))[path: "log.entries"]?.arrayValue)
        #expect(entries.count == requests.count)
        #expect(cassette.events.count > requests.count * 2)
    }
}
