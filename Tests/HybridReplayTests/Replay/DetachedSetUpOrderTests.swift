import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A screen that removes and adds its script handler again from
/// `Task.detached` in `init`, while it loads its page on the main actor: the
/// order of the two is the detached task's. Recorded, it is whichever came
/// first; replayed under the watch, the set-up's turn holds the detached task,
/// so the load comes first in every replay.
@Suite("Effects of a detached task in a set-up", .enabled(if: RuntimeWatchInstallation.seesDispatch))
struct DetachedSetUpOrderTests {
    @MainActor final class Greeter: ScriptMessageHandler {
        init(platform: Platform) {
            let webView = platform.webView
            Task.detached { [self] in
                webView.removeScriptMessageHandler(forName: "greeter")
                webView.add(self, name: "greeter")
            }
            webView.load(NavigationLoad(url: "https://app.example.com/"))
        }

        func didReceive(_ message: ScriptMessage) {}
    }

    static func record() async throws -> [Event] {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        var greeter: Greeter?
        try await RuntimeWatchInstallation.during {
            greeter = await Greeter(platform: platform)
            try await recorder.waitForEvents(ScriptHandlerRemoval.eventKind)
            try await recorder.waitForEvents(NavigationLoad.eventKind)
        }
        withExtendedLifetime(greeter) {}
        return recorder.cassette().events
    }

    @Test("each of 20 recordings replays the same way in all of its 10 replays, and those that recorded the load first pass")
    func replaysAsRecorded() async throws {
        var loadFirst = 0
        var verdicts: [String] = []
        for _ in 0..<20 {
            let events = try await Self.record()
            let recordedLoadFirst = events.first?.kind == NavigationLoad.eventKind
            if recordedLoadFirst { loadFirst += 1 }
            let cassette = Cassette(header: CassetteHeader(name: "greeter"), events: events)
            var passed = 0
            for _ in 0..<10 {
                let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
                await RuntimeWatchInstallation.during {
                    await Replayer.run(engine) { platform in await Greeter(platform: platform) }
                }
                if engine.issues.isEmpty { passed += 1 }
            }
            verdicts.append("\(recordedLoadFirst ? "load-first" : "removal-first") \(passed)/10")
        }
        #expect(verdicts.allSatisfy { $0.hasSuffix(" 10/10") || $0.hasSuffix(" 0/10") }, "\(verdicts)")
        #expect(verdicts.filter { $0.hasPrefix("load-first") }.allSatisfy { $0.hasSuffix(" 10/10") }, "\(verdicts)")
        #expect(loadFirst > 0, "no recording had the load first: \(verdicts)")
    }
}
