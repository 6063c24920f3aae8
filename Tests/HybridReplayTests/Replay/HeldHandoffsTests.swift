import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// A flag one task sets and another reads.
final class ThemeWriteFlag: Sendable {
    private let value = Locked(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// Stores the page's theme as a cookie from `Task.detached`, then tells the page.
@MainActor final class ThemeBridge: ScriptMessageHandler {
    enum Shape: Sendable {
        /// Awaits the write in the detached task, then tells the page from the main actor.
        case awaitsTheWrite
        /// Tells the page at once, without awaiting the write: the race.
        case answersAtOnce
        /// As `answersAtOnce`, from a main-actor `Task` the handler starts.
        case answersAtOnceFromATask
        /// Blocks the main thread until the detached write is done, then tells the page.
        case blocksOnTheWrite
    }

    let platform: Platform
    let shape: Shape
    /// Set once the detached write has run.
    let written = ThemeWriteFlag()

    init(platform: Platform, shape: Shape) {
        self.platform = platform
        self.shape = shape
        platform.webView.add(self, name: "theme")
    }

    func didReceive(_ message: ScriptMessage) {
        let store = platform.cookieStore
        let webView = platform.webView
        let written = self.written
        let cookie = Cookie(name: "theme", value: "dark", domain: "app.example.com")
        switch shape {
        case .awaitsTheWrite:
            Task.detached {
                await store.setCookie(cookie)
                await MainActor.run { webView.evaluateJavaScript("themeSaved()", completionHandler: nil) }
            }
        case .answersAtOnce:
            Task.detached {
                await store.setCookie(cookie)
                written.set()
            }
            Self.waitUntilWrittenOrHeld(written)
            webView.evaluateJavaScript("themeSaved()", completionHandler: nil)
        case .answersAtOnceFromATask:
            Task { @MainActor in
                Task.detached {
                    await store.setCookie(cookie)
                    written.set()
                }
                Self.waitUntilWrittenOrHeld(written)
                webView.evaluateJavaScript("themeSaved()", completionHandler: nil)
            }
        case .blocksOnTheWrite:
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                await store.setCookie(cookie)
                done.signal()
            }
            done.wait()
            webView.evaluateJavaScript("themeSaved()", completionHandler: nil)
        }
    }

    /// Keeps the main thread running until the detached write has happened,
    /// or until the replay holds it: the race at its most favourable to the
    /// detached task. A replay that does not hold the task sees the write
    /// first, every time, and passes the wrong code; one that holds it never can.
    static func waitUntilWrittenOrHeld(_ written: ThemeWriteFlag) {
        while !written.isSet, RuntimeWatchInstallation.jobsHeldHere == 0 {}
    }
}

/// The jobs a turn of the main actor hands to the global executor — a
/// `Task.detached` — are held until the turn is done (Linux, under the
/// runtime watch), so an answer sent before detached work it did not await
/// comes first in every run, and correct code that awaits the work cannot
/// tell. Each race here is set at its most favourable to the detached task:
/// the main thread goes on only once the task has run, or the replay holds it.
@Suite("Jobs a turn of the main actor hands on are held until it is done")
struct HeldHandoffsTests {
    #if os(Linux)
    static let holds = true
    #else
    static let holds = false
    #endif

    /// The page saves its theme; the bridge writes the cookie, then tells the page.
    static let cassette = Cassette(
        header: CassetteHeader(name: "theme-cookie"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "theme", body: ["theme": "dark"])),
            Event(id: 2, at: 0, payload: CookieStoreWrite(Cookie(name: "theme", value: "dark", domain: "app.example.com"))),
            Event(id: 3, at: 0, payload: JavaScriptEvaluation(script: "themeSaved()")),
            Event(id: 4, at: 0, answers: 3, payload: JavaScriptResult(.value(.null))),
        ])

    static func replay(_ shape: ThemeBridge.Shape) async -> (ReplayEngine, [ReplayIssue]) {
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in await ThemeBridge(platform: platform, shape: shape) }
        }
        return (engine, engine.issues)
    }

    @Test(
        "an answer sent before a detached write it did not await fails, however fast the detached task runs",
        .enabled(if: holds, "the watch holds jobs handed to Dispatch on Linux only"))
    func answerBeforeTheWriteFails() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        for shape in [ThemeBridge.Shape.answersAtOnce, .answersAtOnceFromATask] {
            let (_, issues) = await Self.replay(shape)
            let issue = try #require(issues.first, "\(shape): the replay passed")
            #expect(issue.kind == .effectOutOfOrder || issue.kind == .effectBeforeCause, "\(shape): \(issue.message)")
            #expect(issue.eventID == 3 && issue.relatedEvent?.id == 2, "\(shape): \(issue.message)")
        }
    }

    @Test(
        "a bridge that awaits its detached write before it answers passes",
        .enabled(if: holds, "the watch holds jobs handed to Dispatch on Linux only"))
    func awaitedWritePasses() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        let (engine, issues) = await Self.replay(.awaitsTheWrite)
        #expect(issues.isEmpty, "\(issues.map(\.message))")
        #expect(engine.holdsReleasedByBound == 0)
    }

    @Test(
        "a main thread that blocks on the detached work it handed on gets it after the bound, and the replay notes it",
        .enabled(if: holds, "the watch holds jobs handed to Dispatch on Linux only"))
    func blockedTurnIsReleased() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        let (engine, issues) = await Self.replay(.blocksOnTheWrite)
        #expect(issues.isEmpty, "\(issues.map(\.message))")
        #expect(engine.holdsReleasedByBound == 1)
        #expect(engine.unseenWorkSummary?.contains("released early because the main thread blocked") == true)
    }

    @Test("a replay outside the watch holds nothing, and outside a turn nothing is held")
    func nothingHeldOutsideATurn() async {
        #expect(RuntimeWatchInstallation.jobsHeldHere == 0)
        let held = await RuntimeWatchInstallation.during {
            await MainActor.run {
                Task.detached {}
                return RuntimeWatchInstallation.jobsHeldHere
            }
        }
        // No replay's turn: the detached task is not the replay's work, and is handed on at once.
        #expect(held == 0)
    }
}

/// Restores the saved session cookie in `init`, then loads the app: the
/// set-up's own turn on the main actor holds a `Task.detached` it starts, as
/// a delivery's turn does.
@MainActor final class SessionRestore {
    enum Shape: Sendable {
        /// Writes the cookie and then loads, in one main-actor `Task`.
        case loadsAfterTheWrite
        /// Writes the cookie from `Task.detached` and loads at once: the race.
        case loadsAtOnce
    }

    let written = ThemeWriteFlag()

    init(platform: Platform, shape: Shape) {
        let store = platform.cookieStore
        let webView = platform.webView
        let cookie = Cookie(name: "sid", value: "s3ss10n", domain: "app.example.com")
        switch shape {
        case .loadsAfterTheWrite:
            Task {
                await store.setCookie(cookie)
                webView.load(NavigationLoad(url: "https://app.example.com/"))
            }
        case .loadsAtOnce:
            let written = self.written
            Task.detached {
                await store.setCookie(cookie)
                written.set()
            }
            ThemeBridge.waitUntilWrittenOrHeld(written)
            webView.load(NavigationLoad(url: "https://app.example.com/"))
        }
    }
}

@Suite("A set-up's turn on the main actor holds what it hands on")
struct HeldSetUpHandoffsTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "session-restore"),
        events: [
            Event(id: 1, at: 0, payload: CookieStoreWrite(Cookie(name: "sid", value: "s3ss10n", domain: "app.example.com"))),
            Event(id: 2, at: 0, payload: NavigationLoad(url: "https://app.example.com/")),
        ])

    static func replay(_ shape: SessionRestore.Shape) async -> [ReplayIssue] {
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in await SessionRestore(platform: platform, shape: shape) }
        }
        return engine.issues
    }

    @Test(
        "a load in init before the detached cookie write it did not await fails, in each of 20 replays",
        .enabled(if: HeldHandoffsTests.holds, "the watch holds jobs handed to Dispatch on Linux only"))
    func loadBeforeTheWriteFails() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        for run in 1...20 {
            let issues = await Self.replay(.loadsAtOnce)
            let issue = try #require(issues.first, "run \(run): the replay passed")
            #expect(issue.eventID == 2 && issue.relatedEvent?.id == 1, "run \(run): \(issue.message)")
        }
    }

    @Test(
        "a set-up that loads after awaiting the write passes, in each of 20 replays",
        .enabled(if: HeldHandoffsTests.holds, "the watch holds jobs handed to Dispatch on Linux only"))
    func loadAfterTheWritePasses() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        for run in 1...20 {
            let issues = await Self.replay(.loadsAfterTheWrite)
            #expect(issues.isEmpty, "run \(run): \(issues.map(\.message))")
        }
    }
}
