import Foundation
@testable import HybridReplay
import Testing

/// The task a replay hands a scheme handler checks each recorded
/// `scheme.data` piece where it stands in the body: a changed byte fails at
/// the piece that holds it, the same bytes cut otherwise pass, and a piece of
/// one of the app's own files is checked only for having come unless served
/// files are pinned (docs/app-served-schemes.md).
@Suite("A replay's scheme task: each piece of an answer")
struct ReplayURLSchemeTaskTests {
    static let recordedPieces = ["alpha-", "bravo-", "charlie"]

    /// The cassette of one request answered with `mimeType` in `pieces`
    /// (the server of the JSON answers' tests).
    static func record(mimeType: String, pieces: [String] = recordedPieces) async throws -> Cassette {
        try await URLSchemeDataTests.record(mimeType: mimeType, pieces: pieces)
    }

    static func replay(
        _ cassette: Cassette, mimeType: String, pieces: [String], servedFiles: ServedFilesPolicy = .shapeOnly
    ) async -> ReplayReport {
        var options = fastReplay
        options.servedFiles = servedFiles
        return await Replayer(cassette: cassette, options: options).replay { platform in
            URLSchemeDataTests.PieceServer(platform: platform, mimeType: mimeType, pieces: pieces)
        }
    }

    /// Each difference's path, recorded value and value that came.
    static func fields(_ issue: ReplayIssue) -> [[String?]] {
        issue.differences.map { [$0.path, $0.expected, $0.actual] }
    }

    /// The ids of the recorded pieces, in order.
    static func pieceIDs(_ cassette: Cassette) -> [Int] {
        cassette.events.filter { $0.kind == URLSchemeData.eventKind }.map(\.id)
    }

    @Test("a changed piece of an answer that is not a file fails at that piece, with what was recorded and what came", arguments: ["text/plain", "application/octet-stream"])
    func changedPieceFails(mimeType: String) async throws {
        let cassette = try await Self.record(mimeType: mimeType)
        let report = await Self.replay(cassette, mimeType: mimeType, pieces: ["alpha-", "brXvo-", "charlie"])
        #expect(report.issues.count == 1, "\(report)")
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect && issue.statement == .differs, "\(issue)")
        #expect(issue.eventID == Self.pieceIDs(cassette)[1], "\(issue)")
        #expect(issue.eventKind == URLSchemeData.eventKind)
        #expect(Self.fields(issue) == [["text", #""bravo-""#, #""brXvo-""#]], "\(issue)")
    }

    @Test("a change in the first of two like pieces fails at the first, not as a piece the recording lacks before it")
    func changedLikePiece() async throws {
        let cassette = try await Self.record(mimeType: "text/plain", pieces: ["x", "x", "tail"])
        let report = await Self.replay(cassette, mimeType: "text/plain", pieces: ["~", "x", "tail"])
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .unexpectedEffect && issue.statement == .differs, "\(issue)")
        #expect(issue.eventID == Self.pieceIDs(cassette)[0], "\(issue)")
        #expect(Self.fields(issue) == [["text", #""x""#, #""~""#]], "\(issue)")
    }

    @Test("the same bytes coalesced into one piece, or cut elsewhere, still replay", arguments: [
        ["alpha-bravo-charlie"], ["alpha-bravo-", "charlie"], ["al", "pha-bravo-ch", "arlie"],
    ])
    func sameBytesOtherPieces(pieces: [String]) async throws {
        let cassette = try await Self.record(mimeType: "text/plain")
        let report = await Self.replay(cassette, mimeType: "text/plain", pieces: pieces)
        #expect(report.passed, "\(report)")
    }

    @Test("a changed byte in pieces cut otherwise fails at the recorded piece that holds it")
    func changedByteOtherPieces() async throws {
        let cassette = try await Self.record(mimeType: "text/plain")
        let report = await Self.replay(cassette, mimeType: "text/plain", pieces: ["alpha-brXvo-charlie"])
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == Self.pieceIDs(cassette)[1], "\(issue)")
        #expect(issue.differences.map(\.path) == ["text"], "\(issue)")
    }

    @Test("a piece with a byte added fails at the first recorded piece whose bytes then differ")
    func longerPiece() async throws {
        let cassette = try await Self.record(mimeType: "text/plain")
        let report = await Self.replay(cassette, mimeType: "text/plain", pieces: ["alpha-", "bravo-!", "charlie"])
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == Self.pieceIDs(cassette)[2], "\(issue)")
        #expect(Self.fields(issue) == [["text", #""charlie""#, #""!charli""#]], "\(issue)")
    }

    @Test("a changed piece of one of the app's own files replays by default, and fails at that piece with served files pinned", arguments: ["text/javascript", "text/html", "image/png"])
    func servedFilePiece(mimeType: String) async throws {
        let cassette = try await Self.record(mimeType: mimeType)
        let changed = ["alpha-", "brXvo-", "charlie"]
        let byDefault = await Self.replay(cassette, mimeType: mimeType, pieces: changed)
        #expect(byDefault.passed, "\(byDefault)")
        let pinned = await Self.replay(cassette, mimeType: mimeType, pieces: changed, servedFiles: .pinned)
        let issue = try #require(pinned.issues.first, "\(pinned)")
        #expect(issue.eventID == Self.pieceIDs(cassette)[1], "\(issue)")
        #expect(Self.fields(issue) == [["text", #""bravo-""#, #""brXvo-""#]], "\(issue)")
    }
}
