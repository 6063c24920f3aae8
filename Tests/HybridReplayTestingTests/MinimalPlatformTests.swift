import Foundation
import HybridReplay
import HybridReplaySimulation
@testable import HybridReplayTesting
import Testing

@Suite("replayCassette on a platform of only the seams a test needs")
struct MinimalPlatformTests {
    let folder = TemporaryDirectory()

    /// Calls `replayCassette("echo", …)` with the echo router, as if the environment held only `environment`.
    @discardableResult
    func replayEcho(_ environment: [String: String], recording: RecordingSession? = nil) async -> ReplayReport? {
        await RecordEnvironment.$override.withValue(environment) {
            await replayCassette("echo", directory: folder.path, options: Echo.fast, recording: recording) {
                EchoRouter.install(on: $0)
            }
        }
    }

    /// Records the echo router on `platform`, the page posting one word; returns what the test was told.
    func recordEcho(on platform: Platform, page: SimulatedWebView) async -> [String] {
        let session = RecordingSession(platform: platform) { try page.postMessage("hello", to: "echo", frame: nil) }
        let comments = Locked<[String]>([])
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], recording: session)
        } matching: { issue in
            comments.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        return comments.current
    }

    @Test("a session recorded on just a web view and routes is written, and replays")
    func minimalPlatformRecordsAndReplays() async throws {
        let page = SimulatedWebView()
        let comments = await recordEcho(on: Platform(webView: page, routes: CollectingRoutePresenter()), page: page)
        #expect(comments.count == 1 && comments.first?.hasPrefix("recorded ") == true, "\(comments)")
        let report = await replayEcho([:])
        #expect(report?.passed == true)
    }

    @Test("a session that touched a seam its platform lacks is not written, and the failure names the seam")
    func missingSeamFailsTheRecording() async {
        let page = SimulatedWebView()
        let comments = await recordEcho(on: Platform(webView: page), page: page)
        #expect(comments.count == 1, "\(comments)")
        #expect(
            comments.first?.contains(
                "this Platform has no routes (routes.show(_:) was called): pass one to Platform(routes:…)") == true,
            "\(comments)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("echo").path))
    }
}
