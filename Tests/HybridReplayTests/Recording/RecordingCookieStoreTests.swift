import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recording the cookie store")
struct RecordingCookieStoreTests {
    @Test("records writes and queries, each answer the cause of the request built from it")
    func cookieStore() async throws {
        let recorder = stillRecorder(.none)
        let jar = InMemoryCookieStore()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let platform = recorder.platform(wrapping: .simulated(transport: server, cookieStore: jar))
        let cookie = Cookie(name: "theme", value: "dark", domain: "app.example.com", secure: true)

        await platform.cookieStore.setCookie(cookie)
        let cookies = await platform.cookieStore.cookies(for: "https://app.example.com/")
        _ = try await platform.transport.send(
            HTTPRequest(url: "https://app.example.com/", headers: [HTTPHeader("Cookie", "theme=\(cookies[0].value)")]))

        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: CookieStoreWrite(cookie)),
                Event(id: 2, at: 0, payload: CookieStoreQuery(url: "https://app.example.com/")),
                Event(id: 3, at: 0, answers: 2, payload: CookieStoreContents([cookie])),
                Event(id: 4, at: 0, cause: 3, payload: HTTPRequest(url: "https://app.example.com/", headers: [HTTPHeader("Cookie", "theme=dark")])),
                Event(id: 5, at: 0, answers: 4, payload: HTTPResponse(status: 204)),
            ])
        #expect(jar.allCookies == [cookie])
    }
}
