import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A bundle served through an app-served scheme, recorded against the
/// simulated web view, written, read back and replayed.
@Suite("App-served schemes: record, write, read, replay")
struct URLSchemeRoundTripTests {
    static let index = URLSchemeRequest(url: "app://localhost/index.html", headers: [HTTPHeader("Accept", "text/html")])
    static let script = URLSchemeRequest(url: "app://localhost/app.js")
    static let logo = URLSchemeRequest(url: "app://localhost/logo.png")
    static let missing = URLSchemeRequest(url: "app://localhost/missing.css")
    static let feed = URLSchemeRequest(url: "app://localhost/feed.json")

    /// The page loads its HTML, script and image, asks for a file the bundle
    /// lacks, and stops a held request after its first piece.
    func recordSession(pieceSize: Int = 16, stopping: Bool = true) async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "schemes", platform: .simulated(webView: page),
            setUp: { ExampleBundleServer(platform: $0, pieceSize: pieceSize, held: ["/feed.json"]) },
            drive: { server in
                for request in [Self.index, Self.script, Self.logo] {
                    let answer = try await page.requestURLScheme(request)
                    #expect(answer.completion == .finished)
                    #expect(answer.data == ExampleBundleServer.files[URL(string: request.urlString)?.path ?? ""]?.body)
                }
                guard stopping else { return }
                let failed = try await page.requestURLScheme(Self.missing)
                #expect(failed.completion == URLSchemeCompletion(error: "no file at /missing.css in the bundle"))
                let held = try await page.startURLSchemeTask(Self.feed)
                try await held.stop()
                #expect(held.answerSoFar.stopped && held.answerSoFar.data.count == 16)
                #expect(server.stoppedCount == 1)
                #expect(page.schemeTaskMisuses == [])
            })
    }

    @Test("each request is a stimulus; its head, pieces and end are effects caused by it; a stop is a stimulus caused by it")
    func records() async throws {
        let cassette = try await recordSession()
        let kinds = cassette.events.map(\.kind.name)
        #expect(kinds == [
            "request", "response", "data", "data", "data", "data", "data", "completion",
            "request", "response", "data", "data", "data", "data", "data", "completion",
            "request", "response", "data", "completion",
            "request", "completion",
            "request", "response", "data", "stop",
        ])
        #expect(cassette.events.allSatisfy { $0.channel == .scheme })
        let requests = cassette.events.filter { $0.kind == URLSchemeRequest.eventKind }.map(\.id)
        for event in cassette.events where event.kind != URLSchemeRequest.eventKind {
            #expect(requests.contains(event.cause ?? 0), "event \(event.id) names no request")
        }
        #expect(cassette.events[0].payload(as: URLSchemeRequest.self) == Self.index)
        #expect(cassette.events.map(\.payload.summary).prefix(3) == [
            "GET app://localhost/index.html", "200 text/html", "16 bytes of text",
        ])
        #expect(cassette.events[18].payload(as: URLSchemeData.self)?.data == ExampleBundleServer.files["/logo.png"]?.body)
    }

    @Test("the recorded answer to a request is found by the request's id, its pieces concatenated")
    func answerLookup() async throws {
        let cassette = try await recordSession()
        let requests = cassette.urlSchemeRequests
        #expect(requests.map(\.request.urlString) == [Self.index, Self.script, Self.logo, Self.missing, Self.feed].map(\.urlString))
        let index = try #require(cassette.urlSchemeAnswer(toRequest: requests[0].id))
        #expect(index.data == ExampleBundleServer.files["/index.html"]?.body)
        #expect(index.response?.mimeType == "text/html")
        #expect(index.completion == .finished)
        #expect(cassette.urlSchemeAnswer(toRequest: requests[4].id)?.stopped == true)
        #expect(cassette.urlSchemeAnswer(toRequest: 2) == nil)
    }

    @Test("the recorded session replays against the same server")
    func replays() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleBundleServer(platform: $0, held: ["/feed.json"])
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a server that cuts the same bytes into other pieces still replays: the body is compared as its concatenation")
    func otherPieces() async throws {
        let cassette = try await recordSession(pieceSize: 16, stopping: false)
        for pieceSize in [5, 40] {
            let report = await Replayer(cassette: cassette, options: fastReplay).replay {
                ExampleBundleServer(platform: $0, pieceSize: pieceSize)
            }
            #expect(report.passed, "pieces of \(pieceSize) bytes: \(report)")
        }
    }

    @Test("with served files pinned, a wrong body is reported at the piece that differs")
    func wrongBody() async throws {
        var pinned = fastReplay
        pinned.servedFiles = .pinned
        let report = await Replayer(cassette: try await recordSession(), options: pinned).replay {
            ExampleBundleServer(platform: $0, fault: .wrongBody, held: ["/feed.json"])
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 3, "\(issue)")
        #expect(!report.passed)
    }

    @Test("by default an edited page and script still replay: their heads are checked, not their bytes")
    func editedFilesReplay() async throws {
        let cassette = try await recordSession()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay {
            ExampleBundleServer(platform: $0, fault: .editedFiles, held: ["/feed.json"])
        }
        #expect(report.passed, "\(report)")
        // As docs/app-served-schemes.md shows it:
        var options = ReplayOptions()
        options.servedFiles = .pinned
        var pinned = fastReplay
        pinned.servedFiles = options.servedFiles
        let pinnedReport = await Replayer(cassette: cassette, options: pinned).replay {
            ExampleBundleServer(platform: $0, fault: .editedFiles, held: ["/feed.json"])
        }
        #expect(pinnedReport.issues.first?.eventKind == URLSchemeData.eventKind, "\(pinnedReport)")
    }

    @Test("JSON served through the scheme is checked byte for byte even by default")
    func jsonIsPinned() async throws {
        let cassette = try await recordSession()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay {
            ExampleBundleServer(platform: $0, fault: .wrongBody, held: ["/feed.json"])
        }
        // Every file is served with its first byte changed; only the JSON's piece is checked by default.
        let feed = try #require(cassette.urlSchemeRequests.first { $0.request == Self.feed })
        let feedData = try #require(cassette.events.first { $0.kind == URLSchemeData.eventKind && $0.cause == feed.id })
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventKind == URLSchemeData.eventKind)
        #expect(issue.eventID == feedData.id, "the first issue is at feed.json's piece, not the page's: \(issue)")
        #expect(issue.kind == .unexpectedEffect, "\(issue)")
        #expect(issue.differences.map(\.path) == ["text"], "\(issue)")
        #expect(issue.differences.first?.expected?.hasPrefix(#""{\"items\""#) == true, "\(issue)")
        #expect(!report.passed)
    }

    @Test("a served file without its body fails by default too, at the missing body")
    func missingBody() async throws {
        let report = await Replayer(cassette: try await recordSession(stopping: false), options: fastReplay).replay {
            ExampleBundleServer(platform: $0, fault: .noBody)
        }
        #expect(!report.passed)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .missingEffect && issue.eventKind == URLSchemeData.eventKind, "\(issue)")
        #expect(issue.eventID == 3 && issue.cause?.id == 1 && issue.relatedEvent?.id == 8, "the page's first piece, skipped before its end: \(issue)")
    }

    @Test("an answer that never ends is reported, naming the request and the recorded end")
    func neverFinished() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleBundleServer(platform: $0, fault: .neverFinishes, held: ["/feed.json"])
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .schemeTaskUnfinished, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.cause?.id == 1 && issue.cause?.summary == "GET app://localhost/index.html", "\(issue)")
        #expect(issue.relatedEvent != nil && issue.expected != nil, "the recorded end is named: \(issue)")
    }

    @Test("an answer ended twice is reported at the request")
    func finishedTwice() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleBundleServer(platform: $0, fault: .finishesTwice, held: ["/feed.json"])
        }
        let issue = try #require(report.issues.first { $0.kind == .schemeTaskRepeated }, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.hint == "call didFinish() or didFailWithError(_:) exactly once", "\(issue)")
        #expect(issue.expected != nil && issue.found != nil, "both ends are named: \(issue)")
    }

    @Test("a stopped task answered anyway is reported as misuse")
    func answeredAfterStop() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleBundleServer(platform: $0, fault: .answersAfterStop, held: ["/feed.json"])
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .schemeTaskMisuse, "\(report)")
        #expect(issue.eventID == 23)
        #expect(issue.message.contains("didFinish() was called after the page stopped the task"), "\(issue)")
    }

    @Test("the bundled app-served bundle example replays against the server")
    func bundledExample() async throws {
        let report = try await replayExample("web/app-served-bundle.json") { ExampleBundleServer(platform: $0, held: ["/feed.json"]) }
        #expect(report.passed, "\(report)")
    }

    @Test("a request with no handler registered for its scheme cannot be delivered, and says so")
    func noHandler() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: Self.index)])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message == "could not be delivered: no URL scheme handler is registered for 'app' (none is registered); call setURLSchemeHandler(_:forURLScheme:)")
    }

    @Test("the simulated web view refuses a request without a handler, and keeps answers after the end as misuse")
    func simulation() async throws {
        await #expect(throws: SimulationError.self) { try await SimulatedWebView().requestURLScheme(Self.index) }
        let page = SimulatedWebView()
        _ = ExampleBundleServer(platform: .simulated(webView: page), fault: .finishesTwice)
        let answer = try await page.requestURLScheme(Self.logo)
        #expect(answer.data == ExampleBundleServer.files["/logo.png"]?.body)
        #expect(page.schemeTaskMisuses == ["the scheme task for GET app://localhost/logo.png got finished after the task ended"])
        let stopping = SimulatedWebView()
        _ = ExampleBundleServer(platform: .simulated(webView: stopping), fault: .answersAfterStop, held: ["/feed.json"])
        try await stopping.startURLSchemeTask(Self.feed).stop()
        #expect(stopping.schemeTaskMisuses == ["the scheme task for GET app://localhost/feed.json got finished after the page stopped the task"])
    }

    @Test("a recording whose handler answers after a stop fails validation at the request")
    func recordingAfterStop() async throws {
        let page = SimulatedWebView()
        let error = await #expect(throws: (any Error).self) {
            _ = try await recordWrittenAndRead(
                "after-stop", platform: .simulated(webView: page),
                setUp: { ExampleBundleServer(platform: $0, fault: .answersAfterStop, held: ["/feed.json"]) },
                drive: { _ in try await page.startURLSchemeTask(Self.feed).stop() })
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("scheme.request 1 was stopped in event 4; the app must not answer a stopped task"), "\(String(describing: error))")
    }
}
