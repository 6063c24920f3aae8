import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A sign-in sheet as an iOS app writes one: the app shows the provider's
/// page in a sheet; when the page is done it calls `window.close()`, and the
/// app's `@MainActor` UI delegate dismisses the sheet and shows the account
/// screen while it is called, so the recording links the route to the close.
/// (docs/writing-app-code-that-replays.md's example hops to the main queue
/// first; `WindowCloseExamples` replays that.)
@MainActor final class SignInSheet: UIDelegate {
    enum Fault: Sendable { case none, ignoresClose, dismissesTwice, showsWrongScreen }
    nonisolated static let account = NativeRoute(name: "account", parameters: ["signedIn": true])

    let routes: any RoutePresenter
    let fault: Fault

    init(platform: Platform, fault: Fault = .none) {
        routes = platform.routes
        self.fault = fault
        platform.webView.setUIDelegate(self)
    }

    func webViewDidClose() {
        guard fault != .ignoresClose else { return }
        routes.show(fault == .showsWrongScreen ? NativeRoute(name: "home") : Self.account)
        if fault == .dismissesTwice { routes.show(Self.account) }
    }
}

/// Returns once the main queue has run what was handed to it before this
/// call: the delegate hands its route there, and the queue runs in order.
func mainQueuePassed() async {
    await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
}

@Suite("Window closes: record, write, read, replay")
struct WindowCloseRoundTripTests {
    func recordSession() async throws -> Cassette {
        let web = SimulatedWebView()
        return try await recordWrittenAndRead(
            "sign-in-sheet", platform: .simulated(webView: web), setUp: { platform in await SignInSheet(platform: platform) },
            drive: { _ in
                try web.closeWindow()
                await mainQueuePassed()
            })
    }

    func replay(_ fault: SignInSheet.Fault) async throws -> ReplayReport {
        await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await SignInSheet(platform: platform, fault: fault)
        }
    }

    @Test("the page's window.close() is a stimulus, and what the delegate does is caused by it")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == ["navigation.windowClose", "navigation.route"])
        #expect(cassette.events[1].cause == cassette.events[0].id)
        #expect(cassette.events[1].payload(as: NativeRoute.self) == SignInSheet.account)
        #expect(CassetteWriter.canonicalText(of: cassette).contains(#""kind" : "windowClose""#)
            || CassetteWriter.canonicalText(of: cassette).contains(#""kind": "windowClose""#))
    }

    @Test("the recorded close replays against the same delegate")
    func replays() async throws {
        let report = try await replay(.none)
        #expect(report.passed, "\(report)")
    }

    @Test("a delegate that ignores the close fails: the screen it showed is missing")
    func ignoresClose() async throws {
        let report = try await replay(.ignoresClose)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .missingEffect, "\(issue)")
        #expect(issue.eventID == 2)
        #expect(!report.passed)
    }

    @Test("a delegate that shows another screen fails at that route, showing both")
    func showsWrongScreen() async throws {
        let report = try await replay(.showsWrongScreen)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 2, "\(issue)")
        #expect(!report.passed)
    }

    @Test("a delegate that dismisses twice fails at the second route")
    func dismissesTwice() async throws {
        let report = try await replay(.dismissesTwice)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .unexpectedEffect, "\(issue)")
        #expect(!report.passed)
    }

    @Test("the bundled sign-in-sheet example replays against the same delegate, and not against one that ignores the close")
    func bundledExample() async throws {
        let report = try await replayExample("web/sign-in-sheet.json") { platform in await SignInSheet(platform: platform) }
        #expect(report.passed, "\(report)")
        let ignoring = try await replayExample("web/sign-in-sheet.json") { platform in
            await SignInSheet(platform: platform, fault: .ignoresClose)
        }
        #expect(ignoring.issues.map(\.kind) == [.missingEffect], "\(ignoring)")
    }

    @Test("a close with no UI delegate cannot be delivered, and says so")
    func noDelegate() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: WindowClose())])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message.contains("no UI delegate to hear the page close its window"), "\(issue)")
    }

    @Test("a delegate without the method hears nothing, as with WebKit; the simulation needs a delegate to tell")
    func defaultDoesNothing() async throws {
        struct DialogsOnly: UIDelegate {}
        let web = SimulatedWebView()
        web.setUIDelegate(DialogsOnly())
        try web.closeWindow()
        #expect(throws: SimulationError.self) { try SimulatedWebView().closeWindow() }
        // Against a delegate without the method, the recorded route is missing.
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            platform.webView.setUIDelegate(DialogsOnly())
        }
        #expect(report.issues.map(\.kind) == [.missingEffect], "\(report)")
    }

    @Test("the reader takes an empty payload and refuses a field the kind does not have")
    func readerErrors() throws {
        let close = #"{"id": 1, "at": 0, "channel": "navigation", "kind": "windowClose", "direction": "stimulus", "payload": "#
        #expect(diagnostics(of: cassetteText([close + "{}}"])) == [])
        #expect(diagnostics(of: cassetteText([close + #"{"url": "https://login.example/"}}"#])).contains { $0.contains("url") })
    }
}
