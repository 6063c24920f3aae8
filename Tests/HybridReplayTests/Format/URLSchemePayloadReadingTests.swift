import Foundation
import Testing
@testable import HybridReplay

/// Reading the `scheme` channel: its five kinds, the order of a task's
/// answer, version 2 only, and that adding it changed no earlier cassette.
@Suite("Reading app-served schemes")
struct URLSchemePayloadReadingTests {
    func event(_ kind: String, direction: String = "effect", cause: Int? = 1, _ payload: String, id: Int) -> String {
        let causeText = cause.map { #""cause": \#($0), "# } ?? ""
        return #"{"id": \#(id), "channel": "scheme", "direction": "\#(direction)", "kind": "\#(kind)", \#(causeText)"at": 0, "payload": \#(payload)}"#
    }

    var request: String {
        event(
            "request", direction: "stimulus", cause: nil,
            #"{"url": "app://localhost/api", "method": "POST", "headers": [{"name": "Content-Type", "value": "application/json"}], "body": {"json": {"q": 1}}, "frame": {"isMainFrame": true}}"#,
            id: 1)
    }

    var response: String { event("response", #"{"url": "app://localhost/api", "status": 200, "mimeType": "application/json", "headers": []}"#, id: 2) }

    @Test("a request, its head, two pieces (text and base64) and its end read back as written")
    func reads() throws {
        let text = cassetteText([
            request, response,
            event("data", #"{"text": "{\"ok\":"}"#, id: 3),
            event("data", #"{"base64": "dHJ1ZX0="}"#, id: 4),
            event("completion", "{}", id: 5),
        ])
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        #expect(cassette.events[0].payload(as: URLSchemeRequest.self) == URLSchemeRequest(
            url: "app://localhost/api", method: "POST", headers: [HTTPHeader("Content-Type", "application/json")],
            body: .json(["q": 1]), frame: .main()))
        #expect(cassette.urlSchemeAnswer(toRequest: 1) == URLSchemeAnswer(
            response: URLSchemeResponse(url: "app://localhost/api", status: 200, mimeType: "application/json"),
            data: Data(#"{"ok":true}"#.utf8), completion: .finished))
        let written = CassetteWriter.canonicalText(of: cassette)
        #expect(written.contains(#""text": "true}""#), "a piece that is UTF-8 is written as text")
        #expect(try CassetteReader().read(Array(written.utf8), path: "w.json").events == cassette.events)
        let binary = Cassette(header: cassette.header, events: [Event(id: 1, at: 0, cause: nil, payload: URLSchemeData(Data([0xFF, 0x00])))])
        #expect(CassetteWriter.canonicalText(of: binary).contains(#""base64": "/wA=""#))
    }

    @Test("a piece with both or neither encoding, bad base64, a status out of range and a URL without a scheme are reported")
    func badFields() {
        let found = diagnostics(of: cassetteText([
            event("request", direction: "stimulus", cause: nil, #"{"url": "index.html", "method": "GET", "headers": []}"#, id: 1),
            event("data", #"{"text": "a", "base64": "YQ=="}"#, id: 2),
            event("data", #"{"base64": "%%"}"#, id: 3),
            event("response", #"{"url": "app://x/", "status": 42, "headers": []}"#, id: 4),
        ]))
        #expect(found.count == 4, "\(found)")
        #expect(found[0].hasSuffix("error: 'index.html' has no scheme; a scheme request's URL starts with the scheme the app serves"), "\(found)")
        #expect(found[1].hasSuffix("error: a scheme.data piece has exactly one of 'text' or 'base64'"), "\(found)")
        #expect(found[2].hasSuffix("error: not valid base64"), "\(found)")
        #expect(found[3].hasSuffix("error: HTTP status 42 is outside 100...599"), "\(found)")
    }

    @Test("the answer names its request; one head, before any data; nothing after the end or a stop; finishing needs a head")
    func orderRules() {
        #expect(diagnostics(of: cassetteText([event("completion", cause: nil, "{}", id: 1)])) == [
            "t.json:4:1: error: a scheme.completion names the scheme.request it belongs to in 'cause'"
        ])
        let found = diagnostics(of: cassetteText([
            request,
            event("data", #"{"text": "early"}"#, id: 2),
            response,
            event("response", #"{"url": "app://localhost/api", "headers": []}"#, id: 4),
            event("completion", "{}", id: 5),
            event("data", #"{"text": "late"}"#, id: 6),
        ].enumerated().map { index, text in index == 2 ? text.replacingOccurrences(of: #""id": 2"#, with: #""id": 3"#) : text }))
        #expect(found.count == 3, "\(found)")
        #expect(found[0].hasSuffix("error: scheme.data for scheme.request 1 comes before its scheme.response; send the head first"), "\(found)")
        #expect(found[1].hasSuffix("error: scheme.request 1 already has a response head (event 3); it gets exactly one"), "\(found)")
        #expect(found[2].hasSuffix("error: scheme.request 1 already ended in event 5; nothing of its answer comes after scheme.completion"), "\(found)")
        let stopped = diagnostics(of: cassetteText([
            request, response,
            event("stop", direction: "stimulus", #"{"url": "app://localhost/api"}"#, id: 3),
            event("completion", #"{"error": "cancelled"}"#, id: 4),
        ]))
        #expect(stopped.count == 1 && stopped[0].hasSuffix("error: scheme.request 1 was stopped in event 3; the app must not answer a stopped task"), "\(stopped)")
        let headless = diagnostics(of: cassetteText([request, event("completion", "{}", id: 2)]))
        #expect(headless.count == 1 && headless[0].contains("finished without a scheme.response"), "\(headless)")
        #expect(diagnostics(of: cassetteText([request, event("completion", #"{"error": "not found"}"#, id: 2)])) == [])
    }

    @Test("a version-1 cassette may not use the scheme channel")
    func needsVersion2() {
        let found = diagnostics(of: cassetteText(version: "1", [request]))
        #expect(found.contains { $0.hasSuffix("scheme.request needs format version 2; this cassette is version 1; set its 'formatVersion' to 2") }, "\(found)")
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The scheme channel is additive: every version-2 cassette the package
    /// holds reads as before and writes back byte for byte. (The version-1
    /// copies migrate byte for byte too: `FormatMigrationTests`.)
    @Test("every version-2 cassette the package holds reads and writes back unchanged")
    func earlierCassettesUnchanged() throws {
        var checked = 0
        for folder in ["Cassettes", "Tests/HybridReplayTests/Fixtures/examples"] {
            let root = Self.packageRoot.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".json") else { continue }
                let bytes = try Data(contentsOf: root.appendingPathComponent(path))
                guard String(decoding: bytes.prefix(40), as: UTF8.self).contains(#""formatVersion": 2"#) else { continue }
                let cassette = try CassetteReader().read(Array(bytes), path: path)
                #expect(CassetteWriter.canonicalBytes(of: cassette) == Array(bytes), "\(folder)/\(path)")
                checked += 1
            }
        }
        #expect(checked >= 50, "\(checked) cassettes checked")
    }
}
