import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// A screen that loads its page at once and becomes the UI delegate from a
/// `Task.detached` that does work of its own first, as one that reads its
/// configuration off the main actor does.
@MainActor final class DetachedDialogScreen: NSObject, UIDelegate {
    init(platform: Platform, setsDelegate: Bool) {
        super.init()
        platform.webView.load(NavigationLoad(url: "https://app.example.com/"))
        Task.detached { [self] in
            let checksum = Self.readConfiguration()
            await MainActor.run {
                if setsDelegate, checksum >= 0 { platform.webView.setUIDelegate(self) }
            }
        }
    }

    /// Work the replay cannot see: a few milliseconds of arithmetic, long after the replay's set-up is idle.
    nonisolated static func readConfiguration() -> Int {
        (0..<300_000).reduce(0) { ($0 &+ $1 &* 31) % 1_000_003 }
    }

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(true)
    }
}

@Suite("A receiver registered from Task.detached")
struct ReceiverFromDetachedTaskTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "detached-delegate"),
        events: [
            Event(id: 1, at: 0, payload: NavigationLoad(url: "https://app.example.com/")),
            Event(id: 2, at: 0, payload: JavaScriptDialog(kind: .confirm, message: "Leave?", frame: .main("https://app.example.com/"))),
            Event(id: 3, at: 0, cause: 2, payload: JavaScriptDialogAnswer.ok),
        ])

    static func replay(setsDelegate: Bool, stallTimeout: Duration) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: ReplayOptions(stallTimeout: stallTimeout)).replay { platform in
                await DetachedDialogScreen(platform: platform, setsDelegate: setsDelegate)
            }
        }
    }

    @Test("a UI delegate set from Task.detached after work of its own answers the dialog recorded after the load, 20 times of 20")
    func delegateSetLateFromDetachedTask() async {
        for run in 1...20 {
            let report = await Self.replay(setsDelegate: true, stallTimeout: .seconds(60))
            #expect(report.passed, "run \(run): \(report)")
            if !report.passed { break }
        }
    }

    @Test("a UI delegate never set while a Task.detached ran is reported after the stall timeout, naming the missing delegate")
    func delegateNeverSet() async throws {
        let report = await Self.replay(setsDelegate: false, stallTimeout: .milliseconds(200))
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus, "\(report)")
        #expect(issue.eventID == 2)
        #expect(issue.message.hasPrefix("could not be delivered: the web view has no UI delegate"), "\(issue.message)")
    }
}
