#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplaySimulation
import HybridReplayTesting
import HybridReplayWebKitGTK
import ReferenceContracts
import Testing

/// The seed pages of `SeedPages/pages/`, each recorded on WebKitGTK with its
/// reference implementation, against the cassettes committed in
/// `SeedPages/webkitgtk/`. `HYBRIDREPLAY_RECORD=all` rewrites them.
// Serialized, so that with HYBRIDREPLAY_RECORD the cassettes are written before they are replayed.
@Suite("Seed pages recorded on WebKitGTK", .serialized)
struct SeedPageRecordingTests {
    static let engine = "WebKitGTK 6.0"

    /// What the random-user API answers: a user whose name holds a quote.
    static let randomUser =
        #"{"results":[{"name":{"first":"Zoë","last":"O'Brien"},"email":"zoe.obrien@example.com"}]}"#

    /// The fields whose values a page draws at random: the promise pages' guids.
    static func volatile(_ page: SeedPage) -> [VolatileField] {
        page.bridge.name.hasPrefix("promise") ? [VolatileField(kind: ScriptMessage.eventKind, path: "body.guid")] : []
    }

    /// The committed cassette of `page`.
    static func cassetteFile(_ page: SeedPage) -> URL {
        SeedPage.folder.appendingPathComponent("webkitgtk/\(page.name).json")
    }

    /// Whether `events` hold the whole of the session `page` drives.
    static func isFinished(_ page: SeedPage, _ events: [Event]) -> Bool {
        func count(_ kind: EventKind) -> Int { events.count { $0.kind == kind } }
        switch page.bridge.name {
        case ReferenceContract.promiseReplyBridge.name:
            return count(ScriptReply.eventKind) == 1
        case ReferenceContract.navigationRouter.name:
            return count(NativeRoute.eventKind) == 2
                && count(NavigationDecision.eventKind) == count(NavigationAction.eventKind)
        default:
            return count(JavaScriptResult.eventKind) == 1
        }
    }

    /// Records `page` on a fresh WebKitGTK web view: the app loads the page
    /// and the page drives the rest. The recorder's clock stands still, so
    /// every `at` is 0 and a re-recording differs only in volatile values.
    static func record(_ page: SeedPage) async throws -> Cassette {
        let webView = try await WebKitGTKWebView()
        let recorder = Recorder(
            name: page.name, description: "SeedPages/pages/\(page.name).html \(page.summary).",
            contract: page.contractName, clock: ManualClock(), engine: engine, volatile: volatile(page))
        let server = ScriptedHTTPTransport { request in
            guard request.urlString == RandomUserFetcher.seedEndpoint else { return HTTPResponse(status: 404) }
            return HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json; charset=utf-8")],
                body: .text(randomUser))
        }
        let live = livePlatform(ObservedWebView(webView), transport: server)
        let app = try await page.contract.setUp(recorder.platform(wrapping: live))
        try await recorder.waitUntil("the session \(page.name).html drives") { isFinished(page, $0) }
        withExtendedLifetime(app) {}
        return recorder.cassette()
    }

    @Test(
        "each seed page records on WebKitGTK what its committed cassette holds, and replays against its contract",
        .timeLimit(.minutes(1)), arguments: SeedPage.all)
    func recordsAsCommitted(_ page: SeedPage) async throws {
        let recorded = try await Self.record(page)
        let replay = await Replayer(cassette: recorded).replay(page.contract.setUp)
        #expect(replay.passed, "\(replay)")

        let file = Self.cassetteFile(page)
        let committed = FileManager.default.fileExists(atPath: file.path)
            ? try CassetteReader().read(contentsOf: file) : nil
        let diff = committed.map { CassetteDiff.between($0, recorded) }
        let mode = try RecordMode.fromEnvironment()
        let rewrite =
            mode == .all || (mode == .missing && committed == nil) || (mode == .failed && diff?.isEmpty != true)
        if rewrite {
            try Recorder.write(recorded, to: file)
            return
        }
        guard let diff else {
            Issue.record("SeedPages/webkitgtk/\(page.name).json is missing; record it with \(SeedPage.recordCommand)")
            return
        }
        #expect(
            diff.isEmpty,
            """
            SeedPages/webkitgtk/\(page.name).json differs from a new recording of \(page.name).html:
            \(diff.eventChanges.map { "\($0.kind) \($0.event.kind) \($0.fields)" }.joined(separator: "\n"))
            \(diff.headerChanges)
            If the change is intended, record it again with \(SeedPage.recordCommand)
            """)
    }

    @Test("the native half of each committed seed-page cassette replays against its contract", arguments: SeedPage.all)
    func committedReplays(_ page: SeedPage) async throws {
        let replayer = try Replayer(contentsOf: Self.cassetteFile(page))
        #expect(replayer.cassette.header.contract == page.contractName)
        #expect(replayer.cassette.header.recordedBy.engine == Self.engine)
        let load = try #require(replayer.cassette.events.first { $0.kind == NavigationLoad.eventKind })
        #expect(load.payload(as: NavigationLoad.self) == (try page.load()), "the cassette holds another page")
        let report = await replayer.replay(page.contract.setUp)
        #expect(report.passed, "\(report)")
    }
}

extension SeedPage: CustomTestStringConvertible {
    package var testDescription: String { name }
}
#endif
