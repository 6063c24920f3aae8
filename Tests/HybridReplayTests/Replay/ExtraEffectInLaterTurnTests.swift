import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// An extra call made right before the expected one, in a main-queue block
/// of its own (the answer's work hopping back with `DispatchQueue.main.async`),
/// is told as an extra call in every run: the run ends only once that block
/// is done, so the expected call it was compared with is seen before the end.
@Suite("An extra effect in a later main-queue turn")
struct ExtraEffectInLaterTurnTests {
    /// Fetches the headlines and renders them from a main-queue block; `logsFirst` logs before rendering.
    @MainActor final class Feed: ScriptMessageHandler {
        let platform: Platform
        let logsFirst: Bool

        init(platform: Platform, logsFirst: Bool) {
            self.platform = platform
            self.logsFirst = logsFirst
            platform.webView.add(self, name: "feed")
        }

        func didReceive(_ message: ScriptMessage) {
            Task { [platform, logsFirst] in
                let response = try? await platform.transport.send(HTTPRequest(url: "https://api.news.example/headlines"))
                let count = response?.status ?? 0
                DispatchQueue.main.async {
                    if logsFirst { platform.webView.evaluateJavaScript("console.log('rendering')", completionHandler: nil) }
                    platform.webView.evaluateJavaScript("renderHeadlines(\(count))", completionHandler: nil)
                }
            }
        }
    }

    static func record() async throws -> Cassette {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 200) }
        return try await recordWrittenAndRead(
            "extra-later-turn", platform: .simulated(webView: page, transport: server),
            setUp: { await Feed(platform: $0, logsFirst: false) },
            drive: { _ in
                try page.postMessage(["op": "refresh"], to: "feed")
                try await page.waitForEvaluatedScripts(count: 1)
            })
    }

    @Test("the extra console.log is an unexpected effect before the render, in each of 30 replays")
    func extraEveryRun() async throws {
        let cassette = try await Self.record()
        var told: [String] = []
        for _ in 0..<30 {
            let report = await Replayer(cassette: cassette, options: fastReplay).replay { await Feed(platform: $0, logsFirst: true) }
            #expect(report.issues.count == 1, "\(report)")
            let issue = try #require(report.issues.first)
            told.append("\(issue.kind) \(issue.eventID.map(String.init) ?? "-") \(issue.differences.count)")
        }
        #expect(Set(told) == ["unexpected effect - 0"], "\(told)")
    }

    @Test("the correct feed replays green")
    func correct() async throws {
        let cassette = try await Self.record()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { await Feed(platform: $0, logsFirst: false) }
        #expect(report.passed, "\(report)")
    }
}
