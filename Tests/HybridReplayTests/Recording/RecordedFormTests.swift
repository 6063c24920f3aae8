import Foundation
@testable import HybridReplay
import HybridReplaySimulation
import Testing

/// What app code sends is written in one form: JSON in scripts with sorted
/// keys, JSON request bodies as `json`, so re-recording gives the same bytes.
@Suite("Recorded form")
struct RecordedFormTests {
    static let jsonHeaders = [HTTPHeader("Content-Type", "application/json; charset=utf-8")]

    /// The body the recorder stores for a request with `body` and `headers`.
    static func recordedBody(_ body: HTTPBody, headers: [HTTPHeader] = jsonHeaders, redaction: Redaction = .default)
        async throws -> HTTPBody?
    {
        let recorder = stillRecorder(redaction)
        let platform = recorder.platform(wrapping: .simulated(transport: ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }))
        _ = try await platform.transport.send(
            HTTPRequest(method: "POST", url: "https://api.example.com/login", headers: headers, body: body))
        return recorder.cassette().events.first?.payload(as: HTTPRequest.self)?.body
    }

    @Test("a JSON request body of bytes is written as json with its keys sorted, whatever order the encoder chose")
    func jsonBytesBecomeJSON() async throws {
        for bytes in [#"{"user":"ada","remember":true,"scopes":["a","b"]}"#, #"{"scopes":["a","b"],"remember":true,"user":"ada"}"#] {
            let body = try await Self.recordedBody(.bytes(Data(bytes.utf8)))
            #expect(body == .json(["user": "ada", "remember": true, "scopes": ["a", "b"]]))
        }
    }

    @Test("a JSON request body of text, and one of a +json type, are written as json too")
    func jsonTextAndPlusJSON() async throws {
        #expect(try await Self.recordedBody(.text(#"{"b":1,"a":2}"#)) == .json(["a": 2, "b": 1]))
        let problem = [HTTPHeader("Content-Type", "application/problem+json")]
        #expect(try await Self.recordedBody(.bytes(Data(#"{"b":1}"#.utf8)), headers: problem) == .json(["b": 1]))
    }

    @Test("a body that is not JSON by its type, not valid JSON, or not exactly a Double's number is kept as sent")
    func otherBodiesAreKept() async throws {
        let json = Data(#"{"b":1,"a":2}"#.utf8)
        #expect(try await Self.recordedBody(.bytes(json), headers: [HTTPHeader("Content-Type", "text/plain")]) == .bytes(json))
        let broken = Data(#"{"b":1,"a":}"#.utf8)
        #expect(try await Self.recordedBody(.bytes(broken)) == .bytes(broken))
        let big = Data(#"{"id":9007199254740993}"#.utf8)
        #expect(try await Self.recordedBody(.bytes(big)) == .bytes(big))
    }

    @Test("a JSON object or array sent as bytes with no Content-Type is written as json in one key order, as plain JSONEncoder output is sent")
    func untypedJSONBytesBecomeJSON() async throws {
        for bytes in [#"{"user":"ada","remember":true}"#, #"{"remember":true,"user":"ada"}"#, "  {\n \"remember\": true, \"user\": \"ada\"}\n"] {
            #expect(try await Self.recordedBody(.bytes(Data(bytes.utf8)), headers: []) == .json(["user": "ada", "remember": true]))
        }
        #expect(try await Self.recordedBody(.text(#"[{"b":1,"a":2}]"#), headers: []) == .json([["a": 2, "b": 1]]))
    }

    @Test("with no Content-Type, a body that is not a JSON object or array is kept as sent")
    func untypedOtherBodiesAreKept() async throws {
        for text in [#""ada""#, "42", "true", #"{"b":1,"a":}"#, "user=ada&remember=1", "[1, 2] trailing"] {
            let bytes = Data(text.utf8)
            #expect(try await Self.recordedBody(.bytes(bytes), headers: []) == .bytes(bytes), "\(text)")
        }
        let binary = Data([0x7B, 0xFF, 0xFE, 0x7D])
        #expect(try await Self.recordedBody(.bytes(binary), headers: []) == .bytes(binary))
    }

    @Test("a password in JSON bytes sent with no Content-Type is redacted as a JSON field, and the same code replays green")
    func untypedCredentialsAreRedactedAndReplay() async throws {
        let recorder = stillRecorder()
        let platform = recorder.platform(wrapping: .simulated(transport: ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }))
        let credentials = Data(#"{"username":"ada","password":"hunter2-correct-horse"}"#.utf8)
        _ = try await platform.transport.send(HTTPRequest(method: "POST", url: "https://api.example.com/login", body: .bytes(credentials)))
        let cassette = recorder.cassette()
        let body = try #require(cassette.events.first?.payload(as: HTTPRequest.self)?.body)
        #expect(body == .json(["username": "ada", "password": "[REDACTED:1]"]))
        #expect(SecretScanner.findings(in: cassette).isEmpty)
        #expect(!String(decoding: try Recorder.canonicalBytes(of: cassette, file: "login.json"), as: UTF8.self).contains("hunter2"))

        // The same code, its encoder ordering the keys the other way, passes; a wrong user name fails at that field.
        let recorded = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "login", direction: .stimulus)),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(method: "POST", url: "https://api.example.com/login", body: body)),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 204)),
        ])
        for (bytes, passes) in [
            (#"{"password":"hunter2-correct-horse","username":"ada"}"#, true), (#"{"username":"bob","password":"x"}"#, false),
        ] {
            let report = await Replayer(cassette: recorded, options: fastReplay).replay { platform in
                let handler = LoginOnEvent(transport: platform.transport, body: Data(bytes.utf8), headers: [])
                platform.custom.setHandler(handler, forEventNamed: "login")
                return handler
            }
            #expect(report.passed == passes, "\(report)")
            if !passes { #expect("\(report)".contains(#"body.json.username: expected "ada", found "bob""#), "\(report)") }
        }
    }

    @Test("a secret in a JSON body of bytes is redacted in the json written, and nothing is left for the scanner")
    func secretsInJSONBytesAreRedacted() async throws {
        let recorder = stillRecorder()
        let platform = recorder.platform(wrapping: .simulated(transport: ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }))
        let credentials = Data(#"{"username":"ada","password":"hunter2-correct-horse"}"#.utf8)
        _ = try await platform.transport.send(
            HTTPRequest(method: "POST", url: "https://api.example.com/login", headers: Self.jsonHeaders, body: .bytes(credentials)))
        let cassette = recorder.cassette()
        #expect(cassette.events.first?.payload(as: HTTPRequest.self)?.body == .json(["username": "ada", "password": "[REDACTED:1]"]))
        #expect(SecretScanner.findings(in: cassette).isEmpty)
        let bytes = try Recorder.canonicalBytes(of: cassette, file: "login.json")
        #expect(!String(decoding: bytes, as: UTF8.self).contains("hunter2"))
    }

    @Test("a response body keeps the form the app was handed, since a replay hands the app what the cassette holds")
    func responsesKeepTheirForm() async throws {
        let recorder = stillRecorder()
        let text = #"{"name":"Ada","email":"ada@example.com"}"#
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, headers: Self.jsonHeaders, body: .text(text)) }
        let platform = recorder.platform(wrapping: .simulated(transport: server))
        _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/me"))
        #expect(recorder.cassette().events.last?.payload(as: HTTPResponse.self)?.body == .text(text))
    }

    @Test("an evaluated script's JSON object is written with sorted keys")
    func scriptsAreSorted() async throws {
        let recorder = stillRecorder()
        let platform = recorder.platform(wrapping: .simulated(webView: SimulatedWebView()))
        _ = try await platform.webView.evaluateJavaScript(#"window.bridge.resolve("g1", {"tier":"gold","miles":120500})"#)
        let evaluation = recorder.cassette().events.first?.payload(as: JavaScriptEvaluation.self)
        #expect(evaluation?.script == #"window.bridge.resolve("g1", {"miles":120500,"tier":"gold"})"#)
    }

    @Test("an app that sends JSON bytes in another key order replays green against the json written")
    func replayMatchesBytes() async throws {
        let recorded = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "login", direction: .stimulus)),
            Event(
                id: 2, at: 0, cause: 1,
                payload: HTTPRequest(
                    method: "POST", url: "https://api.example.com/login", headers: Self.jsonHeaders,
                    body: .json(["user": "ada", "remember": true]))),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 204)),
        ])
        for (bytes, passes) in [(#"{"remember":true,"user":"ada"}"#, true), (#"{"user":"ada","remember":false}"#, false)] {
            let report = await Replayer(cassette: recorded, options: fastReplay).replay { platform in
                let handler = LoginOnEvent(transport: platform.transport, body: Data(bytes.utf8))
                platform.custom.setHandler(handler, forEventNamed: "login")
                return handler
            }
            #expect(report.passed == passes, "\(report)")
        }
    }
}

/// Posts `body` as JSON when the custom `login` event arrives.
private struct LoginOnEvent: CustomEventHandler {
    let transport: any HTTPTransport
    let body: Data
    var headers = RecordedFormTests.jsonHeaders

    func didReceive(_ event: CustomEvent) {
        Task { [transport, body, headers] in
            _ = try? await transport.send(
                HTTPRequest(method: "POST", url: "https://api.example.com/login", headers: headers, body: .bytes(body)))
        }
    }
}
