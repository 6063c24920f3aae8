import Foundation
import HybridReplaySimulation
import HybridReplayTestSupport
import Testing

@testable import HybridReplay

extension SecretCorpus.Shape: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// Sends one exchange's request, as an app's API client does when a page asks it to.
private struct Client: ScriptMessageHandler {
    let transport: any HTTPTransport
    let request: HTTPRequest

    func didReceive(_ message: ScriptMessage) {
        let (transport, request) = (transport, request)
        Task { _ = try? await transport.send(request) }
    }
}

/// Signs a user in from the page's message by posting a form into the web view.
private struct FormPoster: ScriptMessageHandler {
    let webView: any WebView
    let password: String

    func didReceive(_ message: ScriptMessage) {
        webView.load(
            NavigationLoad(
                url: "https://bank.test/session", method: "POST",
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                body: .bytes(Data("user=ada&password=\(password)".utf8))))
    }
}

@Suite("Secrets in every shape")
struct SecretCorpusTests {
    static let corpus = SecretCorpus()
    /// The same shapes with other credentials: what an app sends when it diverges.
    static let other = SecretCorpus(seed: 21)

    /// A recording of `shapes`, each request sent by the app and answered by the server with its response.
    static func record(_ shapes: [SecretCorpus.Shape]) async throws -> Recorder {
        let recorder = stillRecorder()
        let responses = Dictionary(shapes.map { ($0.request.urlString + $0.request.method, $0.response) }, uniquingKeysWith: { a, _ in a })
        let server = ScriptedHTTPTransport { request in responses[request.urlString + request.method] ?? HTTPResponse(status: 404) }
        let platform = recorder.platform(wrapping: .simulated(transport: server))
        for shape in shapes { _ = try await platform.transport.send(shape.request) }
        #expect(server.requests == shapes.map(\.request), "the server sees the real values")
        return recorder
    }

    @Test("a recording writes no credential into the cassette, and lint finds nothing left", arguments: corpus.shapes)
    func recorded(_ shape: SecretCorpus.Shape) async throws {
        let bytes = try await Self.record([shape]).canonicalBytes(file: "corpus.json")

        #expect(Self.corpus.exposed(in: String(decoding: bytes, as: UTF8.self)) == [])
        #expect(CassetteReader().lint(bytes, path: "corpus.json").map(\.description) == [])
    }

    @Test("a recording of every shape at once writes none of their credentials")
    func recordedTogether() async throws {
        let bytes = try await Self.record(Self.corpus.shapes).canonicalBytes(file: "corpus.json")

        #expect(Self.corpus.exposed(in: String(decoding: bytes, as: UTF8.self)) == [])
        #expect(CassetteReader().lint(bytes, path: "corpus.json").map(\.description) == [])
    }

    @Test("a page's message and a form the app posts into the web view keep no credential once recorded")
    func pageShapes() async throws {
        let password = "pw-Q7mZ4kR9vT2xW8nB"
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJRN21aNGsifQ.S1gN4tUr3V4lU3xYz"
        let posted = "pw-H3jK8pL2sD5fG9qW"
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.add(FormPoster(webView: platform.webView, password: posted), name: "login")

        try page.postMessage(
            ["password": .string(password), "state": .string(#"{"id_token":"\#(jwt)"}"#)], to: "login", frame: nil)
        _ = try await recorder.waitForEvents(NavigationLoad.eventKind)
        let text = String(decoding: try recorder.canonicalBytes(file: "page.json"), as: UTF8.self)

        for secret in [password, jwt, posted] { #expect(!text.contains(secret), "\(text)") }
        #expect(text.contains("password=[REDACTED:"), "\(text)")
        #expect(SecretScanner.findings(in: recorder.cassette()).isEmpty)
    }

    @Test("a HAR log of every shape imports without any of their credentials")
    func harImport() throws {
        let log = try HAR.read(Data(Self.corpus.har().utf8), path: "corpus.har")
        let cassette = log.cassette(name: "corpus", source: "corpus.har")
        let bytes = try Recorder.canonicalBytes(of: cassette, file: "corpus.json")

        #expect(cassette.events.count == Self.corpus.shapes.count * 2)
        #expect(Self.corpus.exposed(in: String(decoding: bytes, as: UTF8.self)) == [])
        #expect(CassetteReader().lint(bytes, path: "corpus.json").map(\.description) == [])
    }

    @Test("a redacted recording exported to HAR and imported again keeps its placeholders and their numbers")
    func harRoundTrip() async throws {
        let cassette = try await Self.record(Self.corpus.shapes).cassette()
        let exported = HAR.export(cassette)
        let imported = try HAR.read(Data(exported), path: "corpus.har").cassette(name: "corpus", source: "corpus.har")

        #expect(imported.events.map(\.payload.kind) == cassette.events.map(\.payload.kind))
        for (before, after) in zip(cassette.events, imported.events) {
            #expect(PayloadComparison.tree(of: after.payload) == PayloadComparison.tree(of: before.payload), "event \(before.id)")
        }
    }

    @Test("a hand-made unredacted copy of each shape gets a lint warning at a line and column", arguments: corpus.shapes)
    func unredactedCopy(_ shape: SecretCorpus.Shape) throws {
        let bytes = CassetteWriter.canonicalBytes(of: SecretCorpus.unredacted(shape))
        let warnings = CassetteReader().lint(bytes, path: "copy.json").map(\.description)

        #expect(!warnings.isEmpty, "\(String(decoding: bytes, as: UTF8.self))")
        #expect(warnings.allSatisfy { $0.hasPrefix("copy.json:") && $0.contains(": warning: ") }, "\(warnings)")
    }

    @Test("a failed replay shows neither the recorded nor the new credential in its report or its trace", arguments: corpus.shapes.indices)
    func failedReport(_ index: Int) async throws {
        let cassette = try await Self.record([Self.corpus.shapes[index]]).cassette()
        var sent = Self.other.shapes[index].request
        sent.headers.append(HTTPHeader("X-Client", "2.0"))
        let events = [Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go")))]
            + cassette.events.map { event in
                Event(id: event.id + 1, at: event.at, cause: event.cause.map { $0 + 1 } ?? (event.answers == nil ? 1 : nil),
                    answers: event.answers.map { $0 + 1 }, payload: event.payload)
            }
        let replayed = Cassette(header: cassette.header, events: events)

        let report = await Replayer(cassette: replayed, options: fastReplay).replay { platform in
            platform.webView.add(Client(transport: platform.transport, request: sent), name: "go")
        }

        #expect(!report.passed)
        let shown = report.description + String(decoding: CassetteWriter.canonicalBytes(of: SecretLeakHuntRecordingTests.timeless(report.trace)), as: UTF8.self)
        #expect(Self.corpus.exposed(in: shown) == [], "\(report)")
        #expect(Self.other.exposed(in: shown) == [], "\(report)")
        #expect(shown.contains("X-Client"), "the difference itself is shown: \(report)")
    }
}
