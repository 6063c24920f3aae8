import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A second script message handler under a name its world already has, which
/// `WKUserContentController` raises `NSInvalidArgumentException` for: the
/// replay reports it, the simulation keeps it as misuse, in the same words.
@Suite("ScriptHandlerAddition")
struct ScriptHandlerAdditionTests {
    /// The echo bridge, then `extra` added as the app's set-up does.
    func replayEcho(_ extra: @escaping @Sendable (any WebView) -> Void) async throws -> ReplayReport {
        try await replayExample("bridge/echo.json") { platform in
            let bridge = ExampleEchoBridge(platform: platform)
            extra(platform.webView)
            return bridge
        }
    }

    static let ignoring = SimulatedApp.MessageHandler { _ in }
    static let replying = SimulatedApp.ReplyHandler { _, reply in reply(.value(.null)) }

    @Test("a replay reports a second handler added under the same name, and keeps the first")
    func replayReportsSecondAdd() async throws {
        let report = try await replayEcho { $0.add(Self.ignoring, name: "nativeProcess") }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .scriptHandlerAddedTwice)
        #expect(issue.eventID == nil && issue.eventKind == nil, "no recorded event is about it: \(issue)")
        #expect(issue.actual == "add(_:contentWorld:name:) 'nativeProcess' in page")
        #expect(issue.hint?.hasPrefix("remove it first") == true, "\(issue)")
        #expect(report.issues.count == 1, "\(report)")
    }

    @Test("a replay reports a handler with reply added under the name of one without, as WebKit raises on it")
    func replayReportsReplyBesidePlain() async throws {
        let report = try await replayEcho { $0.add(Self.replying, name: "nativeProcess") }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .scriptHandlerAddedTwice)
        #expect(issue.actual == "addScriptMessageHandler(_:contentWorld:name:) 'nativeProcess' in page")
    }

    @Test("a replay lets the same name be used in another world, and after the first handler is removed")
    func replayAllowsOtherWorldsAndRemoval() async throws {
        let otherWorld = try await replayEcho { $0.add(Self.replying, contentWorld: .defaultClient, name: "nativeProcess") }
        #expect(otherWorld.passed, "\(otherWorld)")
        let removedFirst = try await replayExample("bridge/echo.json") { platform in
            platform.webView.add(Self.ignoring, name: "nativeProcess")
            platform.webView.removeScriptMessageHandler(forName: "nativeProcess")
            return ExampleEchoBridge(platform: platform)
        }
        // The cassette does not record the removal, so that alone is reported.
        #expect(removedFirst.issues.map(\.kind) == [.unexpectedEffect], "\(removedFirst)")
        #expect(removedFirst.issues.first?.eventKind == ScriptHandlerRemoval.eventKind, "\(removedFirst)")
    }

    @Test("the simulation keeps the first of a handler without reply and one with, as misuse in the replay's words")
    func simulationSameWords() throws {
        let webView = SimulatedWebView()
        webView.add(Self.ignoring, contentWorld: .world(name: "tools"), name: "log")
        webView.add(Self.replying, contentWorld: .world(name: "tools"), name: "log")
        webView.add(Self.replying, contentWorld: .page, name: "log")
        #expect(webView.handlerNames == ["log", "log"])
        let addition = ScriptHandlerAddition(name: "log", contentWorld: .world(name: "tools"), withReply: true)
        #expect(webView.misuses == [ConsoleIssueRenderer.sentence(of: addition)])
        #expect(addition.issue().message.hasPrefix(ConsoleIssueRenderer.sentence(of: addition)))
    }

    /// Set up again when the content process ends (a reload), without removing
    /// the first: the issue names what the app was reacting to.
    @Test("a second handler added in reaction to a stimulus names that stimulus")
    func namesTheStimulus() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: WebContentProcessTermination()),
            Event(id: 2, at: 0, cause: 1, payload: NavigationLoad(url: "https://app.example.com/")),
        ])
        @MainActor final class Shell: NavigationDelegate {
            let webView: any WebView
            init(platform: Platform) {
                webView = platform.webView
                webView.add(ScriptHandlerAdditionTests.ignoring, name: "rider")
                webView.navigationDelegate = self
            }
            func webContentProcessDidTerminate() {
                webView.add(ScriptHandlerAdditionTests.ignoring, name: "rider")
                webView.load(NavigationLoad(url: "https://app.example.com/"))
            }
        }
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { await Shell(platform: $0) }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .scriptHandlerAddedTwice && issue.cause?.id == 1, "\(report)")
        #expect(
            issue.headline.hasPrefix("in reaction to event 1 (navigation.processTerminated): a script message handler named 'rider'"),
            "\(issue.headline)")
    }

    @Test("the issue says what the app did, which name in which world, what WebKit does and what to do")
    func wording() {
        let issue = ScriptHandlerAddition(name: "bridge", contentWorld: .world(name: "tools"), withReply: false).issue()
        #expect(
            issue.headline
                == "a script message handler named 'bridge' is already registered in world \"tools\"; "
                + "WebKit raises NSInvalidArgumentException on this add(_:contentWorld:name:), so the first handler was kept; "
                + "remove it first (removeScriptMessageHandler(forName:contentWorld:)), or add the handler once")
        #expect(issue.description.contains("happened: add(_:contentWorld:name:) 'bridge' in world \"tools\""), "\(issue)")
    }
}
