import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A batch upload in a task group: the first photo's `500` fails its child,
/// the group cancels the other two on its way out, and each cancelled
/// request fails with URLSession's `-999` when its task resumes, in whatever
/// order the runtime runs them. Re-recording gives the same bytes: the
/// cancellations are written in the order of their requests' text, each
/// request right before its own, and that cassette replays green.
@Suite("Recording the siblings a task group cancels", .enabled(if: watchSeesTasks))
struct CancelledSiblingsRecordingTests {
    struct UploadFailed: Error {}

    static let photos = 3

    @MainActor
    final class BatchUploader: ScriptMessageHandler {
        private let platform: Platform

        /// Whether the first failure ends the batch (`next()`), or the group waits for every upload (`waitForAll()`).
        private let stopsAtFirstFailure: Bool

        init(platform: Platform, stopsAtFirstFailure: Bool = true) {
            self.platform = platform
            self.stopsAtFirstFailure = stopsAtFirstFailure
            platform.webView.add(self, contentWorld: .page, name: "upload")
        }

        func didReceive(_ message: ScriptMessage) {
            let transport = platform.transport
            let webView = platform.webView
            let stopsAtFirstFailure = stopsAtFirstFailure
            Task {
                do {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for index in 1...CancelledSiblingsRecordingTests.photos {
                            group.addTask {
                                let request = HTTPRequest(method: "POST", url: "https://api.example/photos/\(index)")
                                let response = try await transport.send(request)
                                if response.status >= 400 { throw UploadFailed() }
                            }
                        }
                        if stopsAtFirstFailure {
                            while try await group.next() != nil {}
                        } else {
                            try await group.waitForAll()
                        }
                    }
                    _ = try? await webView.evaluateJavaScript("uploaded()")
                } catch {
                    _ = try? await webView.evaluateJavaScript("uploadFailed()")
                }
            }
        }
    }

    /// Records one upload: every request held, then the first answered `500`.
    static func record() async throws -> Cassette {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let server = HeldHTTPTransport()
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
        return try await RuntimeWatchInstallation.during {
            let uploader = await RecordedJobs.followingSetUp(of: recorder) {
                await MainActor.run { BatchUploader(platform: platform) }
            }
            try page.postMessage(["op": "upload"], to: "upload")
            let held = try await server.waitForUnanswered(count: photos)
            let first = try #require(held.first { $0.request.urlString.hasSuffix("/photos/1") })
            #expect(server.answer(first, with: HTTPResponse(status: 500)))
            try await recorder.waitForEvents(JavaScriptResult.eventKind)
            withExtendedLifetime(uploader) {}
            return recorder.cassette()
        }
    }

    @Test("the cancelled uploads are written in one order, in each of 30 recordings")
    func oneOrder() async throws {
        var forms: [String: Int] = [:]
        var first: Cassette?
        for _ in 0..<30 {
            let cassette = try await Self.record()
            first = first ?? cassette
            forms[String(decoding: try Recorder.canonicalBytes(of: cassette, file: "upload.json"), as: UTF8.self), default: 0] += 1
        }
        let events = try #require(first).events
        #expect(events.count(where: { $0.payload(as: HTTPTransportFailure.self)?.code == HTTPTransportError.Code.cancelled }) == 2)
        #expect(forms.count == 1, "\(forms.count) forms in 30 recordings:\n\(forms.keys.sorted().joined(separator: "\n---\n"))")
    }

    /// Replays `cassette` against an uploader, with the runtime watch in
    /// (as the testing glue replays) or without (as on Apple platforms and
    /// for a `Replayer` called directly).
    /// The uploader that cancels nothing is judged after a short stall timeout where no watch runs; the
    /// correct one keeps the default, so a slow machine never fails it.
    static func replay(_ cassette: Cassette, watched: Bool, stopsAtFirstFailure: Bool) async -> ReplayReport {
        var options = fastReplay
        if !stopsAtFirstFailure { options.stallTimeout = .milliseconds(300) }
        let replayer = Replayer(cassette: cassette, options: options)
        let setUp: @MainActor (Platform) -> BatchUploader = { BatchUploader(platform: $0, stopsAtFirstFailure: stopsAtFirstFailure) }
        guard watched else { return await replayer.replay(setUp) }
        return await RuntimeWatchInstallation.during { await replayer.replay(setUp) }
    }

    /// With the watch in, the failed child's parent runs and cancels the
    /// others before the replay looks for the first recorded cancellation's
    /// task to be cancelled; without it, the replay waits for that within the
    /// stall timeout, since a lease the children share counts as waiting
    /// before the parent has run.
    @Test(
        "that cassette replays green, and an uploader that cancels nothing fails at the first cancellation, with and without the runtime watch",
        arguments: [true, false])
    func replays(watched: Bool) async throws {
        let cassette = try CassetteReader().read(Recorder.canonicalBytes(of: await Self.record(), file: "upload.json"), path: "upload.json")
        for _ in 0..<10 {
            let report = await Self.replay(cassette, watched: watched, stopsAtFirstFailure: true)
            #expect(report.passed, "\(report)")
        }
        let waitsForAll = await Self.replay(cassette, watched: watched, stopsAtFirstFailure: false)
        let issue = try #require(waitsForAll.issues.first, "an uploader that cancels nothing passed")
        #expect(issue.eventID == 5, "\(waitsForAll)")
        #expect(issue.message.hasSuffix("nothing in this run has cancelled the task awaiting it: the app never cancelled that request"))
    }
}

/// Whether the runtime watch sees tasks handed to executors here, and tasks are numbered.
private let watchSeesTasks = RuntimeWatchInstallation.seesTasks && CurrentTask.isNumberedByRuntime
