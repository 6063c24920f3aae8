import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// The navigation lifecycle of format version 2, recorded against the
/// simulated web view, written, read back and replayed.
@Suite("Navigation lifecycle: record, write, read, replay")
struct NavigationLifecycleRoundTripTests {
    /// A session: a page that fails offline, one that loads, one that fails
    /// after committing, and a content process that ends.
    func recordSession(provisionalError: NavigationError = ExampleWebShell.notConnected) async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "lifecycle", platform: .simulated(webView: page), setUp: { ExampleWebShell(platform: $0) },
            drive: { _ in
                try page.startProvisionalNavigation(to: "https://app.example.com/news")
                try page.failNavigation(to: "https://app.example.com/news", phase: .provisional, error: provisionalError)
                try page.startProvisionalNavigation(to: ExampleWebShell.home)
                try page.commitNavigation(to: ExampleWebShell.home)
                try page.finishNavigation(at: ExampleWebShell.home)
                try page.failNavigation(
                    to: ExampleWebShell.home, phase: .committed,
                    error: NavigationError(domain: "WebKitErrorDomain", code: 102, message: "Frame load interrupted"))
                try page.terminateWebContentProcess()
            })
    }

    @Test("every lifecycle callback is recorded as a stimulus and causes what the app did")
    func recordsTheLifecycle() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.started", "navigation.failed", "navigation.load",
            "navigation.started", "navigation.committed", "navigation.finished", "javascript.evaluate",
            "javascript.result", "navigation.failed", "javascript.evaluate", "javascript.result",
            "navigation.processTerminated", "navigation.load",
        ])
        let failure = try #require(cassette.events[1].payload(as: NavigationFailure.self))
        #expect(failure == NavigationFailure(url: "https://app.example.com/news", phase: .provisional, error: ExampleWebShell.notConnected))
        #expect(cassette.events[2].cause == cassette.events[1].id)
        #expect(cassette.events[12].cause == cassette.events[11].id)
        #expect(cassette.events[8].payload(as: NavigationFailure.self)?.phase == .committed)
    }

    @Test("the recorded lifecycle replays against the same shell")
    func replays() async throws {
        let cassette = try await recordSession()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleWebShell(platform: $0) }
        #expect(report.passed, "\(report)")
        #expect(report.trace.events.map(\.kind) == cassette.events.map(\.kind))
    }

    @Test("a shell that takes a timeout for being offline fails on the wrong error code")
    func wrongErrorCode() async throws {
        let cassette = try await recordSession(provisionalError: ExampleWebShell.timedOut)
        #expect(!cassette.events.map(\.kind).prefix(3).contains(NavigationLoad.eventKind))
        let report = await Replayer(cassette: cassette, options: fastReplay).replay {
            ExampleWebShell(platform: $0, fault: .offlineForEveryError)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        // The nearest recorded load is the reload after the process ends, so the URL is what differs.
        #expect(issue.actual == "navigation.load GET app://offline", "\(issue)")
        #expect(issue.differences.map(\.path) == ["url"], "\(issue)")
    }

    @Test("a shell that ignores the end of the content process misses the reload")
    func ignoresTermination() async throws {
        let cassette = try await recordSession()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay {
            ExampleWebShell(platform: $0, fault: .ignoresTermination)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect, "\(report)")
        #expect(issue.cause?.id == 12 && issue.cause?.kind == WebContentProcessTermination.eventKind, "\(issue)")
    }

    @Test("the bundled lifecycle example replays against the shell")
    func bundledExample() async throws {
        let report = try await replayExample("web/shell-lifecycle.json") { ExampleWebShell(platform: $0) }
        #expect(report.passed, "\(report)")
        let failing = try await replayExample("web/shell-lifecycle.json") {
            ExampleWebShell(platform: $0, fault: .ignoresTermination)
        }
        #expect(failing.issues.first?.kind == .missingEffect)
    }

    @Test("a lifecycle callback with no navigation delegate set cannot be delivered")
    func noDelegate() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: NavigationStart(url: "https://app.example.com/"))
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message == "could not be delivered: the web view has no navigation delegate")
    }

    @Test("the simulated web view refuses lifecycle callbacks without a delegate")
    func simulationWithoutDelegate() {
        let page = SimulatedWebView()
        #expect(throws: SimulationError.self) { try page.finishNavigation(at: "https://app.example.com/") }
    }
}
