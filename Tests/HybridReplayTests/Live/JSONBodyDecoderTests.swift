import Foundation
import HybridReplayTesting
import Testing

@testable import HybridReplay

@Suite("JSONBodyDecoder", .hangGuard(minutes: 1))
struct JSONBodyDecoderTests {
    /// Bodies both readers accept, each read to the same value.
    private static let bodies = [
        #"{"count": 1, "ok": true, "off": false, "none": null}"#,
        #"[0, 1, true, false, -0, 2.5, -17, 1e3, 0.1, 1.5e-7, 9007199254740993, 18446744073709551616]"#,
        #"{"user": {"name": "Zoë", "tags": ["a", {"deep": [[], {}]}], "flags": [true, 1, false, 0]}}"#,
        #"{"greeting": "héllo wörld 日本語 \ud83d\ude00 \u00e9", "escaped": "tab\tquote\"slash\/"}"#,
        #"{"$date": "2026-12-02T03:00:00.000Z"}"#,
        #"  "just a string"  "#,
        "true",
        "42",
        "null",
    ]

    /// Bodies neither reader accepts: each becomes text.
    private static let notJSON = ["", "{", "[1 2]", "nul", "{\"a\": 1} trailing", "'single'", "1e400"]

    @Test("the Foundation decoder reads each body as the engine's reader does", arguments: bodies)
    func foundationMatchesEngine(body: String) throws {
        let data = Data(body.utf8)
        let engine = try JSONReader.platformDefault.read([UInt8](data))
        #expect(JSONBodyDecoder.foundation.decode(data) == engine)
        #expect(JSONBodyDecoder(.platformDefault).decode(data) == engine)
    }

    @Test("the Foundation decoder tells booleans from the numbers 0 and 1")
    func booleansStayBooleans() {
        let value = JSONBodyDecoder.foundation.decode(Data("[true, 1, false, 0, 1.0]".utf8))
        #expect(value == .array([.bool(true), .number(1), .bool(false), .number(0), .number(1)]))
    }

    @Test("a body neither reader accepts is no JSON for either", arguments: notJSON)
    func rejectedByBoth(body: String) {
        let data = Data(body.utf8)
        #expect(JSONBodyDecoder.foundation.decode(data) == nil)
        #expect(JSONBodyDecoder(.platformDefault).decode(data) == nil)
    }

    @Test("a duplicate key, and on Linux a trailing comma, are JSON to the Foundation decoder only, as documented")
    func onlyTheEngineRejects() {
        let duplicate = Data(#"{"a": 1, "a": 1}"#.utf8)
        #expect(JSONBodyDecoder.foundation.decode(duplicate) == .object(["a": .number(1)]))
        #expect(JSONBodyDecoder(.platformDefault).decode(duplicate) == nil)

        let trailingComma = Data("[1,]".utf8)
        #expect(JSONBodyDecoder(.platformDefault).decode(trailingComma) == nil)
        #if canImport(FoundationNetworking)
        #expect(JSONBodyDecoder.foundation.decode(trailingComma) == .array([.number(1)]))
        #endif
    }

    @Test("a transport given a decoder reads JSON responses with it, and a body it refuses stays text")
    func transportUsesInjectedDecoder() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/data": { _ in .json(["ok": true, "count": 1]) }
        ])
        let result: Result<(HTTPResponse, HTTPResponse), any Error>
        do {
            let request = HTTPRequest(url: server.baseURL + "/data")
            let foundation = try await URLSessionTransport(bodyDecoder: .foundation).send(request)
            let refusing = try await URLSessionTransport(bodyDecoder: JSONBodyDecoder { _ in nil }).send(request)
            result = .success((foundation, refusing))
        } catch {
            result = .failure(error)
        }
        await server.stop()
        let (foundation, refusing) = try result.get()
        #expect(foundation.body == .json(["count": 1, "ok": true]))
        #expect(refusing.body == .text(#"{"count":1,"ok":true}"#))
    }

    @Test("URLSessionTransport() reads bodies the same wherever it is made; the engine's reader is one argument away")
    func defaultIsTheSameEverywhere() async throws {
        let duplicate = #"{"a":1,"a":1}"#
        let server = try LoopbackHTTPServer(routes: [
            "/duplicate": { _ in
                LoopbackHTTPServer.Response(
                    status: 200, headers: [("Content-Type", "application/json")], body: Data(duplicate.utf8))
            }
        ])
        let result: Result<(HTTPResponse, HTTPResponse), any Error>
        do {
            let request = HTTPRequest(url: server.baseURL + "/duplicate")
            let byDefault = try await URLSessionTransport(timeout: .seconds(10)).send(request)
            let engine = try await URLSessionTransport(timeout: .seconds(10), bodyDecoder: JSONBodyDecoder(.platformDefault))
                .send(request)
            result = .success((byDefault, engine))
        } catch {
            result = .failure(error)
        }
        await server.stop()
        let (byDefault, engine) = try result.get()
        #expect(byDefault.body == .json(["a": 1]))
        #expect(engine.body == .text(duplicate))
    }
}
