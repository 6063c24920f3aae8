import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// Navigation responses and actions decided with page preferences, recorded
/// against the simulated web view, written, read back and replayed.
@Suite("Navigation policies: record, write, read, replay")
struct NavigationPolicyRoundTripTests {
    static let page = NavigationResponse(
        url: "https://app.example.com/", status: 200, mimeType: "text/html", isForMainFrame: true, canShowMIMEType: true)
    static let statement = NavigationResponse(
        url: "https://app.example.com/statement.zip", status: 200, mimeType: "application/zip", isForMainFrame: true,
        canShowMIMEType: false)
    static let missing = NavigationResponse(
        url: "https://app.example.com/gone", status: 404, mimeType: "text/html", isForMainFrame: true, canShowMIMEType: true)
    static let desktop = NavigationAction(
        url: "https://desktop.example.com/", navigationType: .linkActivated, targetFrame: .main(ExampleWebShell.home))

    /// Three responses and one action offered with preferences.
    func recordSession() async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "policies", platform: .simulated(webView: page), setUp: { ExampleWebShell(platform: $0) },
            drive: { _ in
                #expect(try await page.receive(Self.page) == .allow)
                #expect(try await page.receive(Self.statement) == .download)
                #expect(try await page.receive(Self.missing) == .cancel)
                let (policy, preferences) = try await page.navigate(Self.desktop, preferences: WebpagePreferences())
                #expect(policy == .allow)
                #expect(preferences.preferredContentMode == .desktop)
            })
    }

    func replay(_ cassette: Cassette, _ fault: ExampleWebShell.Fault) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { ExampleWebShell(platform: $0, fault: fault) }
    }

    @Test("responses and their decisions are recorded, each decision caused by its response")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.response", "navigation.responseDecision", "navigation.response", "navigation.responseDecision",
            "navigation.response", "navigation.load", "navigation.responseDecision", "navigation.action",
            "navigation.decision",
        ])
        #expect(cassette.events[6].cause == cassette.events[4].id)
        #expect(cassette.events[4].payload(as: NavigationResponse.self) == Self.missing)
        #expect(cassette.events[7].payload(as: NavigationAction.self)?.preferences == WebpagePreferences())
        #expect(cassette.events[8].payload(as: NavigationDecision.self)
            == NavigationDecision(.allow, preferences: WebpagePreferences(preferredContentMode: .desktop)))
    }

    @Test("the recorded policies replay against the same shell")
    func replays() async throws {
        let report = await replay(try await recordSession(), .none)
        #expect(report.passed, "\(report)")
    }

    @Test("the bundled policies example replays against the shell, and fails against a shell that downloads everything")
    func bundledExample() async throws {
        let report = try await replayExample("web/shell-policies.json") { ExampleWebShell(platform: $0) }
        #expect(report.passed, "\(report)")
        let failing = try await replayExample("web/shell-policies.json") {
            ExampleWebShell(platform: $0, fault: .downloadsEverything)
        }
        #expect(failing.issues.first?.kind == .unexpectedEffect)
    }

    @Test("a wrong response decision names the response and both policies")
    func wrongDecision() async throws {
        let report = await replay(try await recordSession(), .downloadsEverything)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        #expect(issue.cause?.id == 1 && issue.cause?.summary == "200 text/html https://app.example.com/", "\(issue)")
        #expect(issue.expected == "allow" && issue.found == "download", "\(issue)")
    }

    @Test("a response decided twice is reported with both policies")
    func decidedTwice() async throws {
        let report = await replay(try await recordSession(), .decidesResponsesTwice)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .decisionRepeated, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.eventKind == NavigationResponse.eventKind)
        #expect(issue.expected == "allow" && issue.found == "cancel", "\(issue)")
        #expect(issue.hint == "call decisionHandler exactly once")
    }

    @Test("a response never decided is reported as the completion handler not being called, without hanging")
    func neverDecided() async throws {
        let report = await replay(try await recordSession(), .neverDecidesResponses)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .decisionMissing, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.cause?.summary == "200 text/html https://app.example.com/", "\(issue)")
        #expect(issue.expected == "allow", "the recorded decision is named: \(issue)")
    }

    @Test("preferences that differ from the recording are shown field by field")
    func wrongPreferences() async throws {
        let report = await replay(try await recordSession(), .ignoresDesktopSites)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        #expect(issue.differences.map(\.path) == ["preferences.preferredContentMode"], "\(issue)")
    }

    @Test("an async delegate that does not decide responses allows them, and keeps the offered preferences")
    func asyncDefaults() async throws {
        struct Allowing: AsyncNavigationDelegate {
            func decidePolicy(for action: NavigationAction) async -> NavigationPolicy { .cancel }
        }
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: Self.page),
            Event(id: 2, at: 0, cause: 1, payload: NavigationResponseDecision(.allow)),
            Event(id: 3, at: 0, payload: { var action = Self.desktop; action.preferences = WebpagePreferences(); return action }()),
            Event(id: 4, at: 0, cause: 3, payload: NavigationDecision(.cancel, preferences: WebpagePreferences())),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { $0.webView.setNavigationDelegate(Allowing()) }
        #expect(report.passed, "\(report)")
    }

    @Test("the simulated web view reports a response decided twice as a misuse")
    func simulatedMisuse() async throws {
        let page = SimulatedWebView()
        _ = ExampleWebShell(platform: .simulated(webView: page), fault: .decidesResponsesTwice)
        #expect(try await page.receive(Self.page) == .allow)
        #expect(page.decisionMisuses.count == 1)
        #expect(page.decisionMisuses.first?.contains("called with cancel after it was decided") == true)
    }

    @Test("the simulated web view stops waiting for a response nobody decides")
    func simulatedTimeout() async {
        let page = SimulatedWebView()
        _ = ExampleWebShell(platform: .simulated(webView: page), fault: .neverDecidesResponses)
        await #expect(throws: SimulationError.self) { try await page.receive(Self.page, timeout: .milliseconds(20)) }
    }
}
