import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

@testable import HybridReplayVariants

/// A scheme handler as a hybrid app writes one to serve `app://localhost/feed.json`
/// from its API: it fetches, then answers the task. The page may stop the task
/// while the fetch is on its way; the reference then drops the answer, the
/// planted bug answers the stopped task anyway, which WebKit raises an exception for.
@MainActor final class FeedSchemeHandler: URLSchemeHandler {
    nonisolated static let feedURL = "app://localhost/feed.json"
    let transport: any HTTPTransport
    let honoursStop: Bool
    private var stopped: Set<ObjectIdentifier> = []

    init(platform: Platform, honoursStop: Bool) {
        transport = platform.transport
        self.honoursStop = honoursStop
        platform.webView.setURLSchemeHandler(self, forURLScheme: "app")
    }

    func start(_ task: any URLSchemeTask) {
        Task { @MainActor in
            let response = try? await transport.send(HTTPRequest(url: "https://api.example.com/feed"))
            if honoursStop, stopped.contains(ObjectIdentifier(task)) { return }
            guard let response else {
                return task.didFailWithError(URLError(.cannotLoadFromNetwork))
            }
            task.didReceive(URLSchemeResponse(url: task.request.urlString, status: 200, mimeType: "application/json"))
            task.didReceive(response.body?.data ?? Data())
            task.didFinish()
        }
    }

    func stop(_ task: any URLSchemeTask) {
        stopped.insert(ObjectIdentifier(task))
    }

    /// The page asks for the feed once and gets it: the happy path, recorded on the simulation.
    static func happyPath() async throws -> Cassette {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: .text(#"{"items":[1,2]}"#))
        }
        let recorder = Recorder(name: "feed-scheme", contract: "feed-scheme-handler")
        let platform = recorder.platform(wrapping: .simulated(webView: webView, transport: transport))
        let handler = FeedSchemeHandler(platform: platform, honoursStop: true)
        let answer = try await webView.requestURLScheme(URLSchemeRequest(url: feedURL))
        #expect(answer.completion == .finished)
        withExtendedLifetime(handler) {}
        return recorder.cassette()
    }
}

@Suite("URLSchemeRequest+Variants")
struct SchemeStopExplorationTests {
    @Test("a scheme request is stopped before the app answers and after each effect it caused before it ended")
    func stopVariants() async throws {
        let cassette = try await FeedSchemeHandler.happyPath()
        let stops = VariantGenerator().variants(of: cassette).filter { $0.id.variantClass == "stopped" }
        // After the fetch the handler makes, the head, the body; not after the end.
        #expect(stops.map { $0.id.argument ?? "" } == ["before-answer", "after-1", "after-2", "after-3"])
        let variant = try #require(stops.first)
        let stop = try #require(variant.cassette.events.first { $0.payload is URLSchemeStop })
        let request = try #require(variant.cassette.events.first { $0.payload is URLSchemeRequest })
        #expect(stop.cause == request.id)
        #expect(stop.id == request.id + 1)
    }

    @Test("a handler that drops the answer to a stopped task breaks no rule in any variant")
    func referencePasses() async throws {
        let exploration = try await Explorer().explore(try await FeedSchemeHandler.happyPath()) { platform in
            await FeedSchemeHandler(platform: platform, honoursStop: true)
        }
        #expect(exploration.total > 0)
        #expect(exploration.passed, "\(exploration.failures.map { "\($0.variant.id): \($0.violations)" })")
    }

    @Test("a handler that answers a task the page stopped is found from the happy path, shrunk to the request and its stop")
    func answeringAStoppedTaskIsFound() async throws {
        let exploration = try await Explorer().explore(try await FeedSchemeHandler.happyPath()) { platform in
            await FeedSchemeHandler(platform: platform, honoursStop: false)
        }
        let failure = try #require(exploration.failures.first { $0.variant.id.variantClass == "stopped" })
        #expect(failure.variant.id.argument == "before-answer")
        let violation = try #require(failure.violations.first)
        #expect(violation.rule == .schemeTaskAnsweredInOrder)
        #expect(violation.message.contains("after the page stopped the task"))
        #expect(failure.shrunkViolations.contains { $0.rule == .schemeTaskAnsweredInOrder })
        let stimuli = failure.shrunk.events.filter { $0.direction == .stimulus && $0.answers == nil }
        #expect(stimuli.map(\.kind) == [URLSchemeRequest.eventKind, URLSchemeStop.eventKind])
        #expect(failure.isDeterministic)
        // Only the stop variants find it: every other one answers a task nobody stopped.
        #expect(exploration.failures.allSatisfy { $0.variant.id.variantClass == "stopped" })
    }

    @Test("a scheme task ended twice or never breaks scheme-task-ended-once")
    func endedOnce() {
        let request = Event(id: 1, at: 0, payload: URLSchemeRequest(url: FeedSchemeHandler.feedURL))
        let head = Event(id: 2, at: 0, cause: 1, payload: URLSchemeResponse(url: FeedSchemeHandler.feedURL))
        let end = Event(id: 3, at: 0, cause: 1, payload: URLSchemeCompletion.finished)
        let again = Event(id: 4, at: 0, cause: 1, payload: URLSchemeCompletion.finished)
        func trace(_ events: [Event]) -> Cassette { Cassette(header: CassetteHeader(name: "t"), events: events) }
        #expect(PlatformRule.schemeTaskEndedOnce.violations(in: trace([request, head, end])).isEmpty)
        #expect(PlatformRule.schemeTaskEndedOnce.violations(in: trace([request, head, end, again])).map(\.eventIDs) == [[1, 3, 4]])
        let never = PlatformRule.schemeTaskEndedOnce.violations(in: trace([request, head]))
        #expect(never.first?.message.contains("never ended") == true)
        let stop = Event(id: 3, at: 0, cause: 1, payload: URLSchemeStop(url: FeedSchemeHandler.feedURL))
        #expect(PlatformRule.schemeTaskEndedOnce.violations(in: trace([request, head, stop])).isEmpty, "a stopped task is not ended")
    }
}
