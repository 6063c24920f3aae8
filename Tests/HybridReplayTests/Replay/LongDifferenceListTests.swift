import Foundation
import Testing

@testable import HybridReplay

/// An effect that differs in many fields: the report's text lists the first
/// few and counts the rest, the issue's structure keeps them all.
@Suite("A long list of field differences")
struct LongDifferenceListTests {
    /// Posts a batch of 30 events when the page asks; the buggy one posts them in reverse order.
    @MainActor final class Analytics: NSObject, ScriptMessageHandler {
        let platform: Platform
        let reverses: Bool

        init(platform: Platform, reverses: Bool) {
            self.platform = platform
            self.reverses = reverses
            super.init()
            platform.webView.add(self, name: "flush")
        }

        func didReceive(_ message: ScriptMessage) {
            var batch = LongDifferenceListTests.batch
            if reverses { batch.reverse() }
            let transport = platform.transport
            let request = HTTPRequest(method: "POST", url: "https://analytics.example/batch", body: .json(.array(batch)))
            Task { _ = try? await transport.send(request) }
        }
    }

    /// 30 events, each differing from its mirror image in both fields.
    static let batch: [JSONValue] = (1...30).map { sequence in
        .object(["event": .string(sequence <= 15 ? "scroll" : "tap"), "seq": .number(Double(sequence))])
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "flush", body: "now")),
        Event(
            id: 2, at: 0, cause: 1,
            payload: HTTPRequest(method: "POST", url: "https://analytics.example/batch", body: .json(.array(batch)))),
        Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 204)),
    ])

    func replay(reverses: Bool) async -> ReplayReport {
        await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
            await Analytics(platform: platform, reverses: reverses)
        }
    }

    @Test("the batch in recorded order replays green")
    func inOrderPasses() async {
        let report = await replay(reverses: false)
        #expect(report.passed, "\(report)")
    }

    @Test("a reversed batch keeps all 60 differences in the structure and lists 12 in the text, then counts the rest")
    func reversedBatchIsCapped() async throws {
        let report = await replay(reverses: true)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.differences.count == 60, "\(report)")
        #expect(issue.differences.first?.path == "body.json[0].event", "\(report)")
        let lines = report.description.split(separator: "\n").map(String.init)
        let listed = lines.filter { $0.hasPrefix("    body.json[") }
        #expect(listed.count == ConsoleIssueRenderer.shownDifferences, "\(report)")
        #expect(listed == issue.differences.prefix(12).map { "    \($0)" }, "\(report)")
        #expect(
            lines.contains("    … and 48 more differences (all 60 are listed in the issue's `differences`)"), "\(report)")
        #expect(report.description.count < 3000, "\(report)")
    }

    @Test("the count names where the full list is when there is such a place; a short list is shown whole")
    func countNamesTheListing() {
        let differences = (0..<13).map { FieldDifference(path: "body[\($0)]", expected: "\($0)", actual: "-\($0)") }
        let long = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: HTTPRequest.eventKind, message: "differs", differences: differences)
        let lines = ConsoleIssueRenderer.lines(of: long, fullListing: "the attached batch.issues.json")
        #expect(lines.count == 1 + 12 + 1)
        #expect(lines.last == "  … and 1 more difference (all 13 are listed in the attached batch.issues.json)")

        var short = long
        short.differences.removeLast()
        #expect(ConsoleIssueRenderer.lines(of: short).count == 1 + 12)
        #expect(!short.description.contains("more difference"))
    }
}
