import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayTesting
import Testing

/// A scheme handler shaped as hybrid apps write one to serve their bundle:
/// it reads the file on `DispatchQueue.global()` and answers on
/// `DispatchQueue.main`, and drops the answer to a task the page stopped
/// meanwhile. The planted bug answers the stopped task anyway, which WebKit
/// raises an exception for.
@MainActor final class DispatchBundleServer: URLSchemeHandler {
    nonisolated static let dataURL = "app://bundle/data/sections.json"
    nonisolated static let contents = Data(#"{"sections":["world","science"]}"#.utf8)
    /// The bundle on disk, as an app's resources are.
    nonisolated static let root: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dispatch-bundle-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try? contents.write(to: folder.appendingPathComponent("data/sections.json"))
        return folder
    }()

    let honoursStop: Bool
    private var stopped: Set<ObjectIdentifier> = []

    init(platform: Platform, honoursStop: Bool) {
        self.honoursStop = honoursStop
        platform.webView.setURLSchemeHandler(self, forURLScheme: "app")
    }

    func start(_ task: any URLSchemeTask) {
        let file = Self.root.appendingPathComponent(String((task.request.url?.path ?? "/").dropFirst()))
        let url = task.request.urlString
        DispatchQueue.global().async {
            let contents = try? Data(contentsOf: file)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.answer(task, url: url, contents: contents) }
            }
        }
    }

    private func answer(_ task: any URLSchemeTask, url: String, contents: Data?) {
        if stopped.remove(ObjectIdentifier(task)) != nil, honoursStop { return }
        guard let contents else { return task.didFailWithError(URLError(.fileDoesNotExist)) }
        task.didReceive(URLSchemeResponse(url: url, status: 200, mimeType: "application/json"))
        task.didReceive(contents)
        task.didFinish()
    }

    func stop(_ task: any URLSchemeTask) {
        stopped.insert(ObjectIdentifier(task))
    }

    /// Writes `events` as a cassette in a folder of its own and returns its URL.
    nonisolated static func written(_ name: String, _ events: [Event]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dispatch-scheme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name).json")
        let cassette = Cassette(header: CassetteHeader(name: name, contract: "dispatch-bundle"), events: events)
        try Data(CassetteWriter.canonicalText(of: cassette).utf8).write(to: file)
        return file
    }

    /// The page asks for the data file and gets it.
    nonisolated static func happyPath() throws -> URL {
        try written(
            "dispatch-bundle",
            [
                Event(id: 1, at: 0, payload: URLSchemeRequest(url: dataURL)),
                Event(id: 2, at: 0, cause: 1, payload: URLSchemeResponse(url: dataURL, status: 200, mimeType: "application/json")),
                Event(id: 3, at: 0, cause: 1, payload: URLSchemeData(contents)),
                Event(id: 4, at: 0, cause: 1, payload: URLSchemeCompletion.finished),
            ])
    }

    /// The page asks for the data file and navigates away before the app answers.
    nonisolated static func stoppedBeforeAnswer() throws -> URL {
        try written(
            "dispatch-bundle-stopped",
            [
                Event(id: 1, at: 0, payload: URLSchemeRequest(url: dataURL)),
                Event(id: 2, at: 0, cause: 1, payload: URLSchemeStop(url: dataURL)),
            ])
    }
}

@Suite("A scheme handler that answers through Dispatch, stopped before its answer")
struct DispatchSchemeStopTests {
    static let runs = 20

    @Test("the stopped:before-answer variant catches a handler that answers a stopped task every time")
    func variantCatchesTheBug() async throws {
        let variant = try #require(
            try VariantCase.all(of: DispatchBundleServer.happyPath()).first { $0.id.variantClass == "stopped" && $0.id.argument == "before-answer" })
        var caught = 0
        for _ in 0..<Self.runs {
            var exploration: Exploration?
            await withKnownIssue(isIntermittent: true) {
                exploration = await exploreVariant(variant) { await DispatchBundleServer(platform: $0, honoursStop: false) }
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("was called after the page stopped the task")
            }
            let violations = exploration?.failures.flatMap(\.violations) ?? []
            if violations.contains(where: { $0.rule == .schemeTaskAnsweredInOrder }) { caught += 1 }
        }
        #expect(caught >= Self.runs, "caught \(caught) of \(Self.runs)")
    }

    @Test("the stopped:before-answer variant passes a handler that drops the answer to a stopped task every time")
    func variantPassesTheFix() async throws {
        let variant = try #require(
            try VariantCase.all(of: DispatchBundleServer.happyPath()).first { $0.id.variantClass == "stopped" && $0.id.argument == "before-answer" })
        for _ in 0..<Self.runs {
            let exploration = await exploreVariant(variant) { await DispatchBundleServer(platform: $0, honoursStop: true) }
            #expect(exploration?.passed == true)
        }
    }

    @Test("a replay of a request the page stopped before the answer fails a handler that answers it every time")
    func replayCatchesTheBug() async throws {
        let cassette = CassetteCase(url: try DispatchBundleServer.stoppedBeforeAnswer(), relativePath: "dispatch-bundle-stopped.json")
        var caught = 0
        for _ in 0..<Self.runs {
            var report: ReplayReport?
            await withKnownIssue(isIntermittent: true) {
                report = await replayCassette(cassette) { await DispatchBundleServer(platform: $0, honoursStop: false) }
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("after the page stopped the task")
            }
            if report?.issues.contains(where: { $0.message.contains("after the page stopped the task") }) == true { caught += 1 }
        }
        #expect(caught >= Self.runs, "caught \(caught) of \(Self.runs)")
    }

    @Test("a replay of a request the page stopped before the answer passes a handler that drops the answer every time")
    func replayPassesTheFix() async throws {
        let cassette = CassetteCase(url: try DispatchBundleServer.stoppedBeforeAnswer(), relativePath: "dispatch-bundle-stopped.json")
        for _ in 0..<Self.runs {
            let report = await replayCassette(cassette) { await DispatchBundleServer(platform: $0, honoursStop: true) }
            #expect(report?.passed == true)
        }
    }

    /// Records the page asking for the data file and navigating away in the same turn.
    @MainActor static func recordStopBeforeAnswer(honoursStop: Bool) async throws -> (Cassette, SimulatedWebView) {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "dispatch-bundle-stopped", contract: "dispatch-bundle")
        let handler = DispatchBundleServer(platform: recorder.platform(wrapping: .simulated(webView: page)), honoursStop: honoursStop)
        // The example in docs/app-served-schemes.md, "Stopping before the answer":
        let leaving = try await page.startAndStopURLSchemeTask(URLSchemeRequest(url: "app://bundle/data/sections.json"))
        #expect(leaving.answerSoFar.response == nil)
        #expect(leaving.answerSoFar.stopped)
        withExtendedLifetime(handler) {}
        return (recorder.cassette(), page)
    }

    @Test("a recording that starts and stops a request in one turn holds the request and its stop, before any answer")
    func recordsTheStopBeforeTheAnswer() async throws {
        for _ in 0..<Self.runs {
            let (cassette, page) = try await Self.recordStopBeforeAnswer(honoursStop: true)
            #expect(cassette.events.map(\.kind) == [URLSchemeRequest.eventKind, URLSchemeStop.eventKind])
            #expect(cassette.events.last?.cause == cassette.events.first?.id)
            #expect(page.schemeTaskMisuses == [])
        }
        // The planted bug's answer comes after the stop, whenever it comes.
        let (buggy, _) = try await Self.recordStopBeforeAnswer(honoursStop: false)
        #expect(buggy.events.prefix(2).map(\.kind) == [URLSchemeRequest.eventKind, URLSchemeStop.eventKind])
    }

    @Test("stopping a task whose answer ended says so, and records no stop")
    func stopAfterTheAnswerThrows() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "late-stop")
        let handler = await DispatchBundleServer(platform: recorder.platform(wrapping: .simulated(webView: page)), honoursStop: true)
        let task = try await page.startURLSchemeTask(URLSchemeRequest(url: DispatchBundleServer.dataURL))
        #expect(try await task.answer().completion == .finished)
        let error = await #expect(throws: SimulationError.self) { try await task.stop() }
        #expect(error?.description.contains("the app already ended its answer (finished)") == true, "\(String(describing: error))")
        #expect(error?.description.contains("startAndStopURLSchemeTask(_:)") == true)
        #expect(!recorder.events.contains { $0.kind == URLSchemeStop.eventKind })
        withExtendedLifetime(handler) {}
    }
}
