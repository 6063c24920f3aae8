import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A search the page awaits, cancelled when the page starts to navigate
/// away: the task's cancellation handler rejects the page's promise at once,
/// inside `didStartProvisionalNavigation`, the callback that cancelled it.
@MainActor
private final class CancellingSearch: ScriptMessageHandlerWithReply, NavigationDelegate {
    private var search: Task<Void, Never>?
    /// How the search answers its cancellation.
    let repliesInCancellationHandler: Bool

    let locationManager: any LocationManager

    init(platform: Platform, repliesInCancellationHandler: Bool = true) {
        self.repliesInCancellationHandler = repliesInCancellationHandler
        locationManager = platform.locationManager
        platform.webView.add(self, name: "search")
        platform.webView.navigationDelegate = self
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        let inHandler = repliesInCancellationHandler
        let (never, _) = AsyncStream.makeStream(of: Int.self)
        let locationManager = self.locationManager
        search = Task {
            await withTaskCancellationHandler {
                await MainActor.run { locationManager.startUpdatingLocation() }
                for await _ in never {}
                if !inHandler { replyHandler(.error("cancelled")) }
            } onCancel: {
                if inHandler { replyHandler(.error("cancelled")) }
            }
        }
    }

    func didStartProvisionalNavigation(_ navigation: NavigationStart) {
        search?.cancel()
        search = nil
    }
}

/// A reply made while a navigation notification is delivered is that
/// notification's reaction, whatever it answers: the recorder writes it
/// after the notification, where the replay can make it.
@Suite("A reply made inside a navigation callback")
struct ReplyInNavigationCallbackTests {
    static func record(repliesInCancellationHandler: Bool = true) async throws -> Cassette {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "search-cancelled")
        let app = await CancellingSearch(
            platform: recorder.platform(wrapping: .simulated(webView: page)),
            repliesInCancellationHandler: repliesInCancellationHandler)
        // A minute: under ThreadSanitizer on a loaded machine the reply took longer than the default 5 s.
        async let answer = page.postMessageAwaitingReply(["q": "zones"], to: "search", timeout: .seconds(60))
        // The search is under way once it has started the location updates.
        try await recorder.waitForEvents(LocationUpdatesStart.eventKind)
        try page.startProvisionalNavigation(to: "https://app.example.com/history")
        #expect(try await answer == .error("cancelled"))
        try await recorder.waitForEvents(ScriptReply.eventKind)
        withExtendedLifetime(app) {}
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("search-cancelled-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try recorder.write(to: url)
        return try CassetteReader().read(contentsOf: url)
    }

    @Test("is written after the notification it was made in")
    func writtenAfterTheNotification() async throws {
        let cassette = try await Self.record()
        #expect(
            cassette.events.map(\.kind.description)
                == ["script.message", "location.startUpdating", "navigation.started", "script.reply"])
        #expect(cassette.events.last?.cause == 1)
    }

    /// Replays under the runtime watch, as the testing glue does, with a
    /// stall timeout long enough that a run which waited it would be seen.
    static func replay(_ cassette: Cassette, repliesInCancellationHandler: Bool = true) async -> ReplayEngine {
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(30)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { await CancellingSearch(platform: $0, repliesInCancellationHandler: repliesInCancellationHandler) }
        }
        return engine
    }

    /// The search task waits in `for await` on nothing the replay plays and
    /// holds the page's reply handler meanwhile: parked, not busy, so the
    /// navigation is delivered without waiting the stall timeout.
    @Test("replays against the same code, every run", .enabled(if: WatchedJobsTests.watchesJobs))
    func replays() async throws {
        let cassette = try await Self.record()
        for _ in 0..<5 {
            let engine = await Self.replay(cassette)
            #expect(engine.issues.isEmpty, "\(engine.issues)")
            #expect(!engine.isStalled, "the replay waited the stall timeout for a search parked in for await")
        }
    }

    /// The search task, woken by its cancellation, replies once its loop
    /// ends: where the runtime watch follows what a delivery wakes (the
    /// testing glue's recordings and replays, on Linux), that reply is the
    /// notification's reaction too.
    @Test("made by the task the callback cancelled, is written after it too", .enabled(if: WatchedJobsTests.watchesJobs))
    func taskReplyWrittenAfterTheNotification() async throws {
        let cassette = try await RuntimeWatchInstallation.during { try await Self.record(repliesInCancellationHandler: false) }
        #expect(
            cassette.events.map(\.kind.description)
                == ["script.message", "location.startUpdating", "navigation.started", "script.reply"])
        for _ in 0..<5 {
            let engine = await Self.replay(cassette, repliesInCancellationHandler: false)
            #expect(engine.issues.isEmpty, "\(engine.issues)")
            #expect(!engine.isStalled)
        }
    }

    /// Before, the recorder wrote the reply ahead of the notification (it
    /// answers an earlier message, so it looked like work racing the page),
    /// and the replay waited for it before delivering what makes it.
    @Test("a cassette with the reply ahead of the notification names the reply never sent")
    func oldOrderFails() async throws {
        var cassette = try await Self.record()
        let events = cassette.events
        cassette.events = [events[0], events[1], events[3], events[2]].enumerated().map { index, event in
            var moved = event
            moved.id = index + 1
            if moved.cause == 3 { moved.cause = 4 }
            return moved
        }
        cassette.events[3].at = cassette.events[2].at
        let engine = await Self.replay(cassette)
        #expect(engine.issues.map(\.eventID) == [1], "\(engine.issues)")
    }
}
