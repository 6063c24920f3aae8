import Dispatch
import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Signs in on a global queue: stores the token the server sent, and hops to
/// the main queue to load the profile with it.
@MainActor final class SignInHopBridge: ScriptMessageHandler {
    enum Shape: Sendable {
        /// Stores the token, then hops: correct.
        case storesThenHops
        /// Hops, then stores: the main-queue block may read no token (the race).
        case hopsThenStores
        /// Stores, hops, and the main-queue block waits for the global block to
        /// signal after the hop: the main block waits for the block that waits for it.
        case mainBlockWaitsForTheHopper
    }

    let webView: any WebView
    let shape: Shape
    let token = Locked<String?>(nil)

    init(platform: Platform, shape: Shape) {
        webView = platform.webView
        self.shape = shape
        webView.add(self, name: "signIn")
    }

    func didReceive(_ message: ScriptMessage) {
        let webView = webView
        let token = token
        let shape = shape
        let loadProfile: @Sendable () -> Void = {
            MainActor.assumeIsolated {
                webView.evaluateJavaScript("profile('\(token.withLock { $0 } ?? "")')", completionHandler: nil)
            }
        }
        DispatchQueue.global().async {
            switch shape {
            case .storesThenHops:
                token.withLock { $0 = "t1" }
                DispatchQueue.main.async { loadProfile() }
            case .hopsThenStores:
                DispatchQueue.main.async { loadProfile() }
                token.withLock { $0 = "t1" }
            case .mainBlockWaitsForTheHopper:
                token.withLock { $0 = "t1" }
                let signalled = DispatchSemaphore(value: 0)
                DispatchQueue.main.async {
                    signalled.wait()
                    loadProfile()
                }
                signalled.signal()
            }
        }
    }
}

/// A block that the replay's work on another queue hands to the main queue
/// runs before that work goes on (Linux, under the runtime watch): a hop made
/// before the state the main-queue block reads is stored reads nothing, every
/// run, however busy the main queue is; code that stores first cannot tell.
@Suite("A hop to the main queue runs before the work that hopped goes on")
struct MainQueueHopOrderTests {
    #if os(Linux)
    static let orders = true
    #else
    static let orders = false
    #endif

    /// The page signs in; the bridge loads the profile with the stored token.
    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "signIn", body: ["user": "ada"])),
        Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "profile('t1')")),
        Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(.null))),
    ])

    static func replay(_ shape: SignInHopBridge.Shape) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(60))).replay { platform in
                await SignInHopBridge(platform: platform, shape: shape)
            }
        }
    }

    @Test(
        "a hop made before the token is stored reads no token in every run, beside busy main-queue work too",
        .enabled(if: orders, "the watch orders hops to the main queue on Linux only"))
    func hopBeforeStoringFails() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        for run in 1...5 {
            for busy in [false, true] {
                // A busy main queue lets the global thread store first: the order the whole test binary gave most runs.
                let report = busy ? await MainQueueFlood.beside { await Self.replay(.hopsThenStores) } : await Self.replay(.hopsThenStores)
                let issue = try #require(report.issues.first, "run \(run), busy \(busy): the replay passed")
                #expect(issue.eventID == 2, "run \(run), busy \(busy): \(issue.message)")
                #expect("\(report)".contains("profile('')"), "run \(run), busy \(busy): \(report)")
            }
        }
    }

    @Test(
        "code that stores the token before it hops passes in every run, beside busy main-queue work too",
        .enabled(if: orders, "the watch orders hops to the main queue on Linux only"))
    func storeBeforeHopPasses() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        for run in 1...5 {
            for busy in [false, true] {
                let report = busy ? await MainQueueFlood.beside { await Self.replay(.storesThenHops) } : await Self.replay(.storesThenHops)
                #expect(report.passed, "run \(run), busy \(busy): \(report)")
            }
        }
    }

    @Test(
        "a main-queue block that waits for the block that hopped gets it after the bound, and the replay passes",
        .enabled(if: orders, "the watch orders hops to the main queue on Linux only"))
    func mainBlockWaitingForTheHopperIsLetGo() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cutShort = RuntimeWatchInstallation.mainHopWaitsCutShort
        // Without the bound each block waits for the other for good, and the test never ends.
        let report = await Self.replay(.mainBlockWaitsForTheHopper)
        #expect(report.passed, "\(report)")
        #expect(RuntimeWatchInstallation.mainHopWaitsCutShort > cutShort, "the hop's wait was not cut short")
    }
}
