import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// New-window requests to the UI delegate, recorded against the simulated
/// web view, written, read back and replayed.
@Suite("New windows: record, write, read, replay")
struct NewWindowRoundTripTests {
    static let link = NavigationAction(
        url: "https://app.example.com/terms", navigationType: .linkActivated, sourceFrame: .main(ExampleWebShell.home),
        targetFrame: nil)
    static let signIn = NavigationAction(url: "https://login.example.com/oauth", navigationType: .other, targetFrame: nil)
    static let advert = NavigationAction(url: "https://ads.example.com/popup", navigationType: .other, targetFrame: nil)
    static let signInFeatures = WindowFeatures(width: 480, height: 640, toolbarsVisibility: false)

    func recordSession() async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "windows", platform: .simulated(webView: page), setUp: { ExampleWindowOpener(platform: $0) },
            drive: { _ in
                let inPlace = try page.openWindow(for: Self.link)
                let signIn = try page.openWindow(for: Self.signIn, windowFeatures: Self.signInFeatures)
                let advert = try page.openWindow(for: Self.advert)
                #expect(inPlace == nil)
                #expect(signIn != nil)
                #expect(advert == nil)
            })
    }

    @Test("each request is recorded with its features, and what the delegate returned is caused by it")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.newWindow", "navigation.load", "navigation.newWindowResult",
            "navigation.newWindow", "navigation.newWindowResult", "navigation.newWindow", "navigation.newWindowResult",
        ])
        #expect(cassette.events[3].payload(as: NewWindowRequest.self)
            == NewWindowRequest(action: Self.signIn, windowFeatures: Self.signInFeatures))
        #expect(cassette.events.compactMap { $0.payload(as: NewWindowResult.self)?.returnedWebView } == [false, true, false])
        #expect(cassette.events[4].cause == cassette.events[3].id)
        #expect(cassette.events[1].cause == cassette.events[0].id)
    }

    @Test("the recorded windows replay against the same opener")
    func replays() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleWindowOpener(platform: $0)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("an opener that returns a web view the recording did not is reported at that result")
    func wrongResult() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleWindowOpener(platform: $0, fault: .opensEveryWindow)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        #expect(issue.eventID == 3)
        #expect(issue.differences == [FieldDifference(path: "returnedWebView", expected: "false", actual: "true", note: nil)])
        #expect(issue.actual == "navigation.newWindowResult web view", "\(issue)")
    }

    @Test("a new-window request with no UI delegate set cannot be delivered")
    func noDelegate() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: NewWindowRequest(action: Self.advert))])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message == "could not be delivered: the web view has no UI delegate")
    }

    @Test("the bundled windows example replays against the opener")
    func bundledExample() async throws {
        let report = try await replayExample("web/shell-windows.json") { ExampleWindowOpener(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("the simulated web view refuses a new window without a UI delegate")
    func simulationWithoutDelegate() {
        #expect(throws: SimulationError.self) { try SimulatedWebView().openWindow(for: Self.advert) }
    }
}
