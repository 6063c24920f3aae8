import Foundation
import HybridReplay
import HybridReplayReference
import SuiteRecording
import Testing

@Suite("Scenario replays")
struct ScenarioReplayTests {
    @Test(
        "each recorded scenario replays green against its contract's reference implementation",
        arguments: scenarioPaths)
    func replaysGreen(path: String) async throws {
        let scenario = try suiteScenario(path)
        let cassette = try CassetteReader().read(try await scenario.record(), path: path)
        let contract = try #require(ReferenceContract.named(cassette.header.contract ?? ""))
        let options = ReplayOptions(repetitions: 3, recordCommand: "swift run record-suite")
        let report = await Replayer(cassette: cassette, path: path, options: options).replay(contract.setUp)
        #expect(report.passed, "\(report)")
    }

    @Test(
        "a recorded scenario fails against an implementation that behaves otherwise",
        arguments: [
            ("bridge/echo-hello.json", "injected-echo-bridge"),
            ("bridge/promise-reply.json", "promise-bridge"),
            ("router/new-window-link.json", "echo-bridge"),
            ("location/denied.json", "navigation-router"),
        ])
    func failsAgainstAnotherContract(path: String, otherContract: String) async throws {
        let other = try #require(ReferenceContract.named(otherContract))
        let cassette = try CassetteReader().read(try await suiteScenario(path).record(), path: path)
        // A missing effect is reported as soon as the implementation is idle.
        let options = ReplayOptions()
        let report = await Replayer(cassette: cassette, path: path, options: options).replay(other.setUp)
        #expect(!report.passed, "\(path) replayed green against \(other.name)")
    }

    @Test("the out-of-order cassette catches a bridge that settles promises in the order they were asked for")
    func outOfOrderCatchesFIFO() async throws {
        let path = "bridge/promise-out-of-order.json"
        let cassette = try CassetteReader().read(try await suiteScenario(path).record(), path: path)
        let report = await Replayer(cassette: cassette, path: path).replay { platform in
            FIFOPromiseBridge(webView: platform.webView, transport: platform.transport)
        }
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 6, "\(report)")
    }
}

/// A promise bridge with the correlation bug the out-of-order scenario is
/// there to catch: it settles the oldest promise with whichever response comes first.
final class FIFOPromiseBridge: ScriptMessageHandler, @unchecked Sendable {
    private let webView: any WebView
    private let transport: any HTTPTransport
    private let lock = NSLock()
    private var guids: [String] = []

    init(webView: any WebView, transport: any HTTPTransport) {
        self.webView = webView
        self.transport = transport
        webView.add(self, name: PromiseBridge.handlerName)
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let fields) = message.body, case .string(let guid)? = fields["guid"] else { return }
        lock.withLock { guids.append(guid) }
        Task {
            let response = try? await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint))
            let oldest = lock.withLock { guids.removeFirst() }
            guard case .json(let data)? = response?.body else { return }
            webView.evaluateJavaScript(
                "executePromise(\(JavaScriptLiteral.string(oldest)), \(JavaScriptLiteral.string(data.description)))",
                completionHandler: nil)
        }
    }
}
