import Foundation
import HybridReplayFoundationAdapters
import HybridReplaySeams
import Testing

/// `URLSessionTransport` as an app target sees it: this test target links the
/// adapters and the seams, not the engine. The loopback tests in
/// `Tests/HybridReplayTests/Live` send real requests.
@Suite("URLSessionTransport without the engine")
struct URLSessionTransportAdapterTests {
    @Test("URLSessionTransport() needs only the adapters product and keeps a 30 s timeout")
    func defaultInitializer() {
        let transport: any HTTPTransport = URLSessionTransport()
        #expect((transport as? URLSessionTransport)?.timeout == .seconds(30))
    }

    @Test("a request that cannot be sent fails before reaching the network, with its URLError code")
    func unsendableRequests() async {
        let transport = URLSessionTransport(timeout: .seconds(5), bodyDecoder: .foundation)
        let withBody = HTTPRequest(method: "GET", url: "http://127.0.0.1:9/", body: .text("x"))
        await #expect(throws: HTTPTransportError("a GET request cannot have a body", code: HTTPTransportError.Code.unknown)) {
            _ = try await transport.send(withBody)
        }
        let notHTTP = HTTPRequest(url: "ftp://example.com/file")
        await #expect(
            throws: HTTPTransportError("not an absolute http or https URL", code: HTTPTransportError.Code.unsupportedURL)
        ) {
            _ = try await transport.send(notHTTP)
        }
    }

    @Test("the default body decoder keeps booleans, numbers, nesting and unicode apart")
    func foundationDecoder() {
        let body = Data(#"{"ok": true, "n": 1, "zero": 0, "list": [false, 2.5, null], "name": "Zoë 😀"}"#.utf8)
        #expect(
            JSONBodyDecoder.foundation.decode(body)
                == .object([
                    "ok": .bool(true), "n": .number(1), "zero": .number(0),
                    "list": .array([.bool(false), .number(2.5), .null]), "name": .string("Zoë 😀"),
                ]))
        #expect(JSONBodyDecoder.foundation.decode(Data("{\"open\": ".utf8)) == nil)
    }
}
