import Foundation
import Testing

@testable import CassetteCommands
@testable import HybridReplay

@Suite("cassette verify and a long list of field differences")
struct VerifyLongDifferencesTests {
    @Test("the console lists 12 field differences and points at the Markdown report, whose table has them all")
    func countsTheRestAndNamesTheMarkdownReport() throws {
        let differences = (0..<20).map { FieldDifference(path: "body.json[\($0)]", expected: "\($0)", actual: "-\($0)") }
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: HTTPRequest.eventKind, message: "the effect differs",
            differences: differences)
        let report = ReplayReport(
            cassetteName: "batch", cassettePath: "Cassettes/batch.json", issues: [issue],
            trace: Cassette(header: CassetteHeader(name: "batch"), events: []), runs: 1, run: 1, recordCommand: nil)
        guard case .failed(_, let lines, let issues) = CassetteVerification.outcome(of: report) else {
            Issue.record("the outcome of a failed report is not a failure")
            return
        }
        #expect(lines.filter { $0.hasPrefix("    body.json[") }.count == 12, "\(lines)")
        #expect(
            lines.contains("    … and 8 more differences (all 20 are listed in the Markdown report `--markdown <file>` writes)"),
            "\(lines)")
        let listed = try #require(issues.first)
        #expect(listed.differences.count == 20)
        #expect(VerifyMarkdown.render(listed).contains("| <code>body.json&#91;19&#93;</code> | <code>19</code> | <code>-19</code> |"))
    }
}
