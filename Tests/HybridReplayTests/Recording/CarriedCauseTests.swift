import Dispatch
import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// What app code calls after a hop through Dispatch has the stimulus it was
/// reacting to as its cause: the recorder's scope goes with the block (see
/// ``CarriedWork``), so two messages whose hops finish in either order replay
/// green, each render after its own message's answer.
@Suite("Causes carried through Dispatch hops")
struct CarriedCauseTests {
    /// How a statement screen decodes off the main queue before it renders.
    enum Hop: String, CaseIterable, Sendable {
        /// A serial `OperationQueue`, then `OperationQueue.main`.
        case operationQueue
        /// A serial `DispatchQueue`, then `DispatchQueue.main.async`.
        case dispatchQueue
    }

    @MainActor final class StatementScreen: NSObject, ScriptMessageHandler {
        let platform: Platform
        let hop: Hop
        let rendersFirstMonth: Bool
        let decoding: OperationQueue = {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            return queue
        }()
        let background = DispatchQueue(label: "statement.decoding")
        private var firstMonth: String?

        init(platform: Platform, hop: Hop, rendersFirstMonth: Bool = false) {
            self.platform = platform
            self.hop = hop
            self.rendersFirstMonth = rendersFirstMonth
            super.init()
            platform.webView.add(self, name: "statement")
        }

        func didReceive(_ message: ScriptMessage) {
            let requested = message.body.objectValue?["month"]?.stringValue ?? "?"
            if firstMonth == nil { firstMonth = requested }
            // The planted bug: every render names the month asked for first.
            let month = rendersFirstMonth ? firstMonth ?? requested : requested
            let webView = platform.webView
            let (hop, decoding, background) = (hop, decoding, background)
            webView.evaluateJavaScript("statement.lines('\(requested)')") { result in
                let lines = (try? result.get())?.stringValue ?? "none"
                let render: @Sendable (String) -> Void = { decoded in
                    MainActor.assumeIsolated {
                        webView.evaluateJavaScript("render('\(month)', '\(decoded)')", completionHandler: nil)
                    }
                }
                switch hop {
                case .operationQueue:
                    decoding.addOperation {
                        let decoded = lines.uppercased()
                        OperationQueue.main.addOperation { render(decoded) }
                    }
                case .dispatchQueue:
                    background.async {
                        let decoded = lines.uppercased()
                        DispatchQueue.main.async { render(decoded) }
                    }
                }
            }
        }
    }

    static func record(_ hop: Hop) async throws -> Cassette {
        try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "statement")
            let page = SimulatedWebView { script, _ in
                .success(script.hasPrefix("statement.") ? .string("lines of \(script.dropFirst(16).prefix(4))") : .null)
            }
            let platform = recorder.platform(wrapping: .simulated(webView: page))
            let screen = await StatementScreen(platform: platform, hop: hop)
            try page.postMessage(["month": "may"], to: "statement")
            try page.postMessage(["month": "june"], to: "statement")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 4)
            _ = screen
            return recorder.cassette()
        }
    }

    static func replay(_ cassette: Cassette, _ hop: Hop, rendersFirstMonth: Bool = false) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await StatementScreen(platform: platform, hop: hop, rendersFirstMonth: rendersFirstMonth)
            }
        }
    }

    /// The render of `month` in `cassette`, and the answer of the lookup it follows.
    static func render(of month: String, in cassette: Cassette) -> (render: Event?, lookupAnswer: Event?) {
        let events = cassette.events
        let lookup = events.first { ($0.payload as? JavaScriptEvaluation)?.script == "statement.lines('\(month)')" }
        let answer = events.first { $0.answers == lookup?.id }
        let render = events.first { ($0.payload as? JavaScriptEvaluation)?.script.hasPrefix("render('\(month)'") == true }
        return (render, answer)
    }

    @Test("the render after a hop is caused by the answer it decodes", arguments: Hop.allCases)
    func recordsTheCause(hop: Hop) async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.record(hop)
        for month in ["may", "june"] {
            let (render, answer) = Self.render(of: month, in: cassette)
            let cause = try #require(render?.cause, "\(outline(cassette.events))")
            #expect(cause == answer?.id, "\(outline(cassette.events))")
        }
    }

    @Test("two messages whose hops finish in either order replay green every time", arguments: Hop.allCases)
    func correctCodePasses(hop: Hop) async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.record(hop)
        for _ in 0..<30 {
            let report = await Self.replay(cassette, hop)
            #expect(report.passed, "\(report)")
            if !report.passed { break }
        }
    }

    @Test("a render that names the wrong month still fails every time", arguments: Hop.allCases)
    func wrongMonthFails(hop: Hop) async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.record(hop)
        for _ in 0..<10 {
            let report = await Self.replay(cassette, hop, rendersFirstMonth: true)
            #expect(!report.passed)
            #expect("\(report)".contains("render('may'"), "\(report)")
        }
    }

    @MainActor final class PriceTag: NSObject, ScriptMessageHandler {
        let platform: Platform

        init(platform: Platform) {
            self.platform = platform
            super.init()
            platform.webView.add(self, name: "price")
        }

        func didReceive(_ message: ScriptMessage) {
            let (transport, webView) = (platform.transport, platform.webView)
            Task.detached {
                let price = (try? await transport.send(HTTPRequest(url: "https://shop.example/price")))?.body?.text ?? "?"
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { webView.evaluateJavaScript("show('\(price)')", completionHandler: nil) }
                }
            }
        }
    }

    @Test("a task that awaited an answer hands on the answer as the cause, as it would were it to call itself")
    func answerAwaitedBeforeTheHop() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "price")
            let page = SimulatedWebView()
            let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("12.99")) }
            let platform = recorder.platform(wrapping: .simulated(webView: page, transport: transport))
            let tag = await PriceTag(platform: platform)
            try page.postMessage(["sku": "42"], to: "price")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
            _ = tag
            return recorder.cassette()
        }
        let response = try #require(cassette.events.first { $0.kind == HTTPResponse.eventKind }, "\(outline(cassette.events))")
        let render = try #require(cassette.events.first { $0.kind == JavaScriptEvaluation.eventKind })
        #expect(render.cause == response.id, "\(outline(cassette.events))")
    }

    @Test("an operation queued behind another is caused by the message that added it, not by the one before it")
    func queuedOperationKeepsItsOwnCause() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        // The first operation waits until the second is added, so the queue hands
        // the second to Dispatch from the first's thread, when the first finishes.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let secondAdded = DispatchSemaphore(value: 0)
        let cassette = try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "queued")
            let page = SimulatedWebView()
            let platform = recorder.platform(wrapping: .simulated(webView: page))
            let handler = await MainActor.run {
                let handler = QueueingHandler(queue: queue, webView: platform.webView, secondAdded: secondAdded)
                platform.webView.add(handler, name: "queue")
                return handler
            }
            try page.postMessage(["n": 1], to: "queue")
            try page.postMessage(["n": 2], to: "queue")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)
            _ = handler
            return recorder.cassette()
        }
        let messages = cassette.events.filter { $0.kind == ScriptMessage.eventKind }.map(\.id)
        let evaluations = cassette.events.filter { $0.kind == JavaScriptEvaluation.eventKind }
        try #require(messages.count == 2 && evaluations.count == 2, "\(outline(cassette.events))")
        #expect(evaluations.map(\.cause) == messages.map(Optional.some), "\(outline(cassette.events))")
    }

    @MainActor final class QueueingHandler: NSObject, ScriptMessageHandler {
        let queue: OperationQueue
        let webView: any WebView
        let secondAdded: DispatchSemaphore

        init(queue: OperationQueue, webView: any WebView, secondAdded: DispatchSemaphore) {
            self.queue = queue
            self.webView = webView
            self.secondAdded = secondAdded
        }

        func didReceive(_ message: ScriptMessage) {
            let number = Int(message.body.objectValue?["n"]?.numberValue ?? 0)
            let (webView, secondAdded) = (webView, secondAdded)
            queue.addOperation {
                if number == 1 { secondAdded.wait() }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { webView.evaluateJavaScript("done(\(number))", completionHandler: nil) }
                }
            }
            if number == 2 { secondAdded.signal() }
        }
    }

    /// How a summary screen joins two lookups before it renders.
    enum Join: String, CaseIterable, Sendable {
        /// `group.notify(queue: .main)` after `enter()`/`leave()` around each lookup.
        case groupNotify
        /// `queue.async(group:)` for each decode, then `group.notify(queue: .main)`.
        case groupAsync
        /// A barrier block on a concurrent queue after the two decodes, then `DispatchQueue.main.async`.
        case barrier
        /// A `DispatchWorkItem` run on a queue once both lookups are in, with `notify(queue: .main)`.
        case workItemNotify
    }

    @MainActor final class SummaryScreen: NSObject, ScriptMessageHandler {
        let webView: any WebView
        let join: Join
        let forgetsToRender: Bool
        let decoding = DispatchQueue(label: "summary.decoding", attributes: .concurrent)

        init(platform: Platform, join: Join, forgetsToRender: Bool = false) {
            webView = platform.webView
            self.join = join
            self.forgetsToRender = forgetsToRender
            super.init()
            webView.add(self, name: "summary")
        }

        func didReceive(_ message: ScriptMessage) {
            let (webView, join, forgets, decoding) = (webView, join, forgetsToRender, decoding)
            let render: @Sendable () -> Void = {
                guard !forgets else { return }
                MainActor.assumeIsolated { webView.evaluateJavaScript("render()", completionHandler: nil) }
            }
            let group = DispatchGroup()
            for part in ["balance", "limits"] {
                group.enter()
                webView.evaluateJavaScript("summary.\(part)()") { _ in
                    switch join {
                    case .groupNotify: group.leave()
                    case .groupAsync:
                        decoding.async(group: group) { @Sendable in }
                        group.leave()
                    case .barrier, .workItemNotify:
                        group.leave()
                    }
                }
            }
            switch join {
            case .groupNotify, .groupAsync:
                group.notify(queue: .main) { @Sendable in render() }
            case .barrier:
                group.notify(queue: decoding) { @Sendable in
                    decoding.async(flags: .barrier) { @Sendable in DispatchQueue.main.async { render() } }
                }
            case .workItemNotify:
                group.notify(queue: decoding) { @Sendable in
                    let decode = DispatchWorkItem { @Sendable in }
                    decode.notify(queue: .main) { @Sendable in render() }
                    decoding.async(execute: decode)
                }
            }
        }
    }

    static func recordSummary(_ join: Join) async throws -> Cassette {
        try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "summary")
            let page = SimulatedWebView { script, _ in .success(script.hasPrefix("summary.") ? "12" : .null) }
            let platform = recorder.platform(wrapping: .simulated(webView: page))
            let screen = await SummaryScreen(platform: platform, join: join)
            try page.postMessage(["show": true], to: "summary")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 3)
            _ = screen
            return recorder.cassette()
        }
    }

    @Test("a render a DispatchGroup's notification (or a barrier block) makes is caused by the message, replays green every time, and is missed at once when forgotten",
          arguments: Join.allCases)
    func groupNotification(join: Join) async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.recordSummary(join)
        let message = try #require(cassette.events.first { $0.kind == ScriptMessage.eventKind })
        let render = try #require(
            cassette.events.first { ($0.payload as? JavaScriptEvaluation)?.script == "render()" }, "\(outline(cassette.events))")
        #expect(render.cause == message.id, "\(outline(cassette.events))")
        for forgets in [false, false, false, false, false, false, false, false, false, false, true] {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                    await SummaryScreen(platform: platform, join: join, forgetsToRender: forgets)
                }
            }
            #expect(report.passed == !forgets, "\(report)")
            if forgets { #expect(report.issues.first?.stall?.waitedForUnseenWork == false, "\(report)") }
        }
    }

    /// Answers each message after a moment, with `asyncAfter` on the main queue or a global one.
    @MainActor final class DelayingHandler: NSObject, ScriptMessageHandler {
        let webView: any WebView
        let onMain: Bool

        init(webView: any WebView, onMain: Bool) {
            self.webView = webView
            self.onMain = onMain
        }

        func didReceive(_ message: ScriptMessage) {
            let webView = webView
            let n = message.body.objectValue?["n"]?.numberValue ?? 0
            let answer: @Sendable () -> Void = {
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { webView.evaluateJavaScript("delayed(\(n))", completionHandler: nil) }
                }
            }
            if onMain {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { answer() }
            } else {
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { answer() }
            }
        }
    }

    @Test("what a block delayed with asyncAfter calls is recorded with the message it answers as its cause", arguments: [true, false])
    func asyncAfterCarriesTheCause(onMain: Bool) async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "delayed")
            let page = SimulatedWebView()
            let platform = recorder.platform(wrapping: .simulated(webView: page))
            let handler = await MainActor.run {
                let handler = DelayingHandler(webView: platform.webView, onMain: onMain)
                platform.webView.add(handler, name: "delay")
                return handler
            }
            try page.postMessage(["n": 1], to: "delay")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
            try page.postMessage(["n": 2], to: "delay")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)
            _ = handler
            return recorder.cassette()
        }
        let messages = cassette.events.filter { $0.kind == ScriptMessage.eventKind }.map(\.id)
        let evaluations = cassette.events.filter { $0.kind == JavaScriptEvaluation.eventKind }
        try #require(messages.count == 2 && evaluations.count == 2, "\(outline(cassette.events))")
        #expect(evaluations.map(\.cause) == messages.map(Optional.some), "\(outline(cassette.events))")
    }

    @Test("a barrier work item goes over as it is: what it calls has no cause")
    func barrierBlockCarriesNothing() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let queue = DispatchQueue(label: "carried-cause.barrier", attributes: .concurrent)
        let cassette = try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "barrier")
            let page = SimulatedWebView()
            let platform = recorder.platform(wrapping: .simulated(webView: page))
            let handler = await MainActor.run {
                let handler = BarrierHandler(queue: queue, webView: platform.webView)
                platform.webView.add(handler, name: "barrier")
                return handler
            }
            try page.postMessage(["n": 1], to: "barrier")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
            _ = handler
            return recorder.cassette()
        }
        let evaluation = try #require(cassette.events.first { $0.kind == JavaScriptEvaluation.eventKind })
        #expect(evaluation.cause == nil, "\(outline(cassette.events))")
    }

    @MainActor final class BarrierHandler: NSObject, ScriptMessageHandler {
        let queue: DispatchQueue
        let webView: any WebView

        init(queue: DispatchQueue, webView: any WebView) {
            self.queue = queue
            self.webView = webView
        }

        func didReceive(_ message: ScriptMessage) {
            let webView = webView
            queue.async(execute: DispatchWorkItem(flags: .barrier) { @Sendable in
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { webView.evaluateJavaScript("written()", completionHandler: nil) }
                }
            })
        }
    }
}
