import Foundation
@testable import HybridReplay
import HybridReplaySimulation
import Testing

/// A JSON answer the app serves through its own scheme, encoded by a plain
/// `JSONEncoder` whose key order changes from one process to the next: written
/// with sorted keys after a JSON head, compared as the value it holds.
@Suite("URLSchemeData: JSON answers")
struct URLSchemeDataTests {
    /// Answers every request with `head` and then each of `pieces`.
    final class PieceServer: URLSchemeHandler {
        let head: URLSchemeResponse
        let pieces: [Data]

        init(platform: Platform, mimeType: String? = "application/json", headers: [HTTPHeader] = [], pieces: [String]) {
            self.head = URLSchemeResponse(url: "app://api/status", mimeType: mimeType, headers: headers)
            self.pieces = pieces.map { Data($0.utf8) }
            platform.webView.setURLSchemeHandler(self, forURLScheme: "app")
        }

        func start(_ task: any URLSchemeTask) {
            task.didReceive(head)
            for piece in pieces { task.didReceive(piece) }
            task.didFinish()
        }

        func stop(_ task: any URLSchemeTask) {}
    }

    /// The cassette of one request answered by a `PieceServer`.
    static func record(mimeType: String? = "application/json", headers: [HTTPHeader] = [], pieces: [String]) async throws -> Cassette {
        let page = SimulatedWebView()
        let recorder = stillRecorder()
        let server = PieceServer(platform: recorder.platform(wrapping: .simulated(webView: page)), mimeType: mimeType, headers: headers, pieces: pieces)
        let answer = try await page.requestURLScheme(URLSchemeRequest(url: "app://api/status"))
        #expect(answer.data == Data(pieces.joined().utf8), "the page gets what the app sent")
        withExtendedLifetime(server) {}
        return recorder.cassette()
    }

    static func writtenPieces(_ cassette: Cassette) -> [String] {
        cassette.events.compactMap { $0.payload(as: URLSchemeData.self) }.map { String(decoding: $0.data, as: UTF8.self) }
    }

    static func replay(_ cassette: Cassette, mimeType: String? = "application/json", pieces: [String]) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            PieceServer(platform: platform, mimeType: mimeType, pieces: pieces)
        }
    }

    static let status = #"{"healthy":true,"service":"trips","version":3}"#

    @Test(
        "a JSON answer sent in one piece is written with sorted keys, whatever order the encoder chose",
        arguments: [
            #"{"healthy":true,"version":3,"service":"trips"}"#, #"{"service":"trips","healthy":true,"version":3}"#,
            "{\n  \"version\" : 3,\n  \"service\" : \"trips\",\n  \"healthy\" : true\n}",
        ])
    func oneJSONPieceIsSorted(_ piece: String) async throws {
        #expect(Self.writtenPieces(try await Self.record(pieces: [piece])) == [Self.status])
    }

    @Test("a +json type given as a Content-Type header, and a JSON array, are sorted too")
    func contentTypeAndArrays() async throws {
        let problem = try await Self.record(
            mimeType: nil, headers: [HTTPHeader("Content-Type", "application/problem+json; charset=utf-8")],
            pieces: [#"{"title":"Bad Gateway","status":502}"#])
        #expect(Self.writtenPieces(problem) == [#"{"status":502,"title":"Bad Gateway"}"#])
        let array = try await Self.record(pieces: [#"[{"b":1,"a":2},3]"#])
        #expect(Self.writtenPieces(array) == [#"[{"a":2,"b":1},3]"#])
    }

    @Test("a piece that is not JSON, not after a JSON head, only part of a JSON answer, not an object or array, or not exactly a Double's number is kept as sent")
    func otherPiecesAreKept() async throws {
        let unsorted = #"{"service":"trips","healthy":true}"#
        #expect(Self.writtenPieces(try await Self.record(mimeType: "text/plain", pieces: [unsorted])) == [unsorted])
        #expect(Self.writtenPieces(try await Self.record(mimeType: nil, pieces: [unsorted])) == [unsorted])
        #expect(Self.writtenPieces(try await Self.record(pieces: [#"{"service":"trips","#])) == [#"{"service":"trips","#])
        #expect(Self.writtenPieces(try await Self.record(pieces: [#"{"b":1,"#, #""a":2}"#])) == [#"{"b":1,"#, #""a":2}"#])
        #expect(Self.writtenPieces(try await Self.record(pieces: [#""text""#, "42"])) == [#""text""#, "42"])
        let big = #"{"id":9007199254740993,"b":1}"#
        #expect(Self.writtenPieces(try await Self.record(pieces: [big])) == [big])
    }

    @Test("a secret in a JSON answer is redacted, and the answer is still sorted")
    func secretsAreRedacted() async throws {
        let cassette = try await Self.record(pieces: [#"{"user":"ada","access_token":"tok-9f8e7d6c5b"}"#])
        #expect(Self.writtenPieces(cassette) == [#"{"access_token":"[REDACTED:1]","user":"ada"}"#])
        #expect(SecretScanner.findings(in: cassette).isEmpty)
    }

    @Test("a replay passes when the app sends the recorded JSON with its keys in another order, or spaced otherwise")
    func otherOrderReplays() async throws {
        let cassette = try await Self.record(pieces: [#"{"healthy":true,"version":3,"service":"trips"}"#])
        for piece in [#"{"version":3,"service":"trips","healthy":true}"#, "{ \"service\" : \"trips\", \"healthy\" : true, \"version\" : 3 }"] {
            let report = await Self.replay(cassette, pieces: [piece])
            #expect(report.passed, "\(report)")
        }
    }

    @Test("a replay fails when a value in the JSON answer differs, naming the piece")
    func otherValueFails() async throws {
        let cassette = try await Self.record(pieces: [Self.status])
        let report = await Self.replay(cassette, pieces: [#"{"version":4,"service":"trips","healthy":true}"#])
        let issue = try #require(report.issues.first)
        #expect(issue.eventKind == URLSchemeData.eventKind, "\(report)")
    }

    @Test("a cassette recorded before JSON answers were sorted still replays against the same app in another key order")
    func unsortedCassetteReplays() async throws {
        let recorded = try await Self.record(pieces: [Self.status])
        let unsorted = Data(#"{"version":3,"healthy":true,"service":"trips"}"#.utf8)
        let old = makeCassette(recorded.events.map { event in
            event.payload(as: URLSchemeData.self) == nil ? event : Event(id: event.id, at: event.at, cause: event.cause, payload: URLSchemeData(unsorted))
        })
        let report = await Self.replay(old, pieces: [#"{"service":"trips","version":3,"healthy":true}"#])
        #expect(report.passed, "\(report)")
    }

    @Test("an answer in several pieces is compared byte for byte: the same bytes replay, other key order does not")
    func severalPiecesAreBytes() async throws {
        let cassette = try await Self.record(pieces: [#"{"healthy":true,"#, #""service":"trips"}"#])
        let same = await Self.replay(cassette, pieces: [#"{"healthy":true,"#, #""service":"trips"}"#])
        #expect(same.passed, "\(same)")
        let reordered = await Self.replay(cassette, pieces: [#"{"service":"trips","#, #""healthy":true}"#])
        #expect(!reordered.passed)
    }

    @Test("a replay compares a piece that is a whole JSON object by value, bytes that are not JSON byte for byte")
    func comparedForm() {
        #expect(URLSchemeData(Data(#" {"b":1,"a":[2]} "#.utf8)).comparedForm().data == Data(#"{"a":[2],"b":1}"#.utf8))
        for bytes in [#"{"b":1,"#, "<p>{}</p>", #""text""#, "42"] {
            #expect(URLSchemeData(Data(bytes.utf8)).comparedForm().data == Data(bytes.utf8))
        }
        let binary = Data([0xFF, 0x7B, 0x00])
        #expect(URLSchemeData(binary).comparedForm().data == binary)
    }
}
