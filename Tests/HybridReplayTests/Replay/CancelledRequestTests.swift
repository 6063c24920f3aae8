import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import HybridReplayTesting
import Testing

/// Search as you type: each keystroke's query cancels the request in flight
/// for the one before. URLSession fails a task with `URLError.cancelled`
/// only once the app cancels it, so the replay delivers a recorded
/// cancellation only to a request whose task this run cancelled too.
@Suite("A cancelled request")
struct CancelledRequestTests {
    @MainActor final class SearchBridge: NSObject, ScriptMessageHandler {
        let platform: Platform
        let cancelsPrevious: Bool
        private var current: Task<Void, Never>?

        init(platform: Platform, cancelsPrevious: Bool = true) {
            self.platform = platform
            self.cancelsPrevious = cancelsPrevious
            super.init()
            platform.webView.add(self, name: "search")
        }

        func didReceive(_ message: ScriptMessage) {
            let query = message.body.objectValue?["q"]?.stringValue ?? ""
            if cancelsPrevious { current?.cancel() }
            let platform = platform
            current = Task { @MainActor in
                do {
                    let response = try await platform.transport.send(HTTPRequest(url: "https://api.example/search?q=\(query)"))
                    platform.webView.evaluateJavaScript("results.show(\(response.status))", completionHandler: nil)
                } catch {
                    // A cancelled search shows nothing; the next one shows its results.
                }
            }
        }
    }

    /// Two keystrokes: the first query's request is cancelled by the second, whose answer is shown.
    static func record() async throws -> Cassette {
        let page = SimulatedWebView()
        let server = HeldHTTPTransport()
        let platform = Platform.simulated(webView: page, transport: server)
        let recorder = Recorder(name: "search", clock: platform.clock)
        return try await RuntimeWatchInstallation.during {
            let bridge = await SearchBridge(platform: recorder.platform(wrapping: platform))
            try page.postMessage(["q": "pa"], to: "search")
            _ = try await server.waitForUnanswered(count: 1)
            try page.postMessage(["q": "par"], to: "search")
            try await recorder.waitForEvents(HTTPTransportFailure.eventKind)
            let held = try await server.waitForUnanswered(count: 1)
            let second = try #require(held.first { $0.request.urlString.hasSuffix("q=par") })
            server.answer(second, with: HTTPResponse(status: 200))
            try await recorder.waitForEvents(JavaScriptResult.eventKind)
            withExtendedLifetime(bridge) {}
            return recorder.cassette()
        }
    }

    @Test("is recorded as URLSession fails it, and replays only where the app cancels it")
    func cancelledSearch() async throws {
        let cassette = try await Self.record()
        let failure = try #require(cassette.events.first { $0.kind == HTTPTransportFailure.eventKind }, "\(outline(cassette.events))")
        #expect((failure.payload as? HTTPTransportFailure)?.error == .cancelled, "as URLError.cancelled (-999)")
        let firstRequest = try #require(cassette.events.first { $0.kind == HTTPRequest.eventKind })
        #expect(failure.answers == firstRequest.id)

        for _ in 0..<20 {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                    await SearchBridge(platform: platform)
                }
            }
            #expect(report.passed, "\(report)")
        }

        let forgetful = await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await SearchBridge(platform: platform, cancelsPrevious: false)
            }
        }
        let issue = try #require(forgetful.issues.first, "a bridge that never cancels the search before passed")
        #expect(issue.eventID == failure.id, "\(forgetful)")
        #expect(issue.kind == .unusedStimulus, "\(forgetful)")
        #expect(
            "\(forgetful)".contains("the recording cancelled the request it answers (event \(firstRequest.id))"),
            "\(forgetful)")
    }

    /// A screen that asks for a price and runs a search side by side; the
    /// planted bug keeps both in one `current` task and cancels it on every
    /// message, so the second message cancels the price still in flight.
    @MainActor final class ShopBridge: NSObject, ScriptMessageHandler {
        let platform: Platform
        let sharesOneTask: Bool
        private var tasks: [String: Task<Void, Never>] = [:]

        init(platform: Platform, sharesOneTask: Bool = false) {
            self.platform = platform
            self.sharesOneTask = sharesOneTask
            super.init()
            platform.webView.add(self, name: "price")
            platform.webView.add(self, name: "search")
        }

        func didReceive(_ message: ScriptMessage) {
            let key = sharesOneTask ? "current" : message.name
            tasks[key]?.cancel()
            let platform = platform
            let url = "https://api.example/\(message.name)"
            tasks[key] = Task { @MainActor in
                guard let response = try? await platform.transport.send(HTTPRequest(url: url)) else { return }
                platform.webView.evaluateJavaScript("\(message.name).show(\(response.status))", completionHandler: nil)
            }
        }
    }

    @Test("a request the app cancels while the recording answered it fails at once, as URLSession fails it")
    func requestCancelledInReplayOnly() async throws {
        let page = SimulatedWebView()
        let server = HeldHTTPTransport()
        let platform = Platform.simulated(webView: page, transport: server)
        let recorder = Recorder(name: "shop", clock: platform.clock)
        let cassette = try await RuntimeWatchInstallation.during {
            let bridge = await ShopBridge(platform: recorder.platform(wrapping: platform))
            try page.postMessage(["sku": "42"], to: "price")
            _ = try await server.waitForUnanswered(count: 1)
            try page.postMessage(["q": "mug"], to: "search")
            let held = try await server.waitForUnanswered(count: 2)
            for (index, name) in ["search", "price"].enumerated() {
                let request = try #require(held.first { $0.request.urlString.hasSuffix(name) })
                server.answer(request, with: HTTPResponse(status: 200))
                try await recorder.waitForEvents(JavaScriptResult.eventKind, count: index + 1)
            }
            withExtendedLifetime(bridge) {}
            return recorder.cassette()
        }
        #expect(!cassette.events.contains { $0.kind == HTTPTransportFailure.eventKind }, "\(outline(cassette.events))")

        for _ in 0..<20 {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: cassette, options: fastReplay).replay { platform in await ShopBridge(platform: platform) }
            }
            #expect(report.passed, "\(report)")
        }
        let shared = await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await ShopBridge(platform: platform, sharesOneTask: true)
            }
        }
        let issue = try #require(shared.issues.first, "a bridge that cancels the price with the search passed")
        #expect(issue.kind == .missingEffect, "\(shared)")
        #expect("\(shared)".contains("price.show(200)"), "\(shared)")
        #expect(issue.stall?.waitedForUnseenWork == false, "the cancelled task's end is tracked work: \(shared)")
    }
}
