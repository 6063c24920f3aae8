import Foundation
import HybridReplay
import HybridReplayTestSupport
import Testing

@testable import CassetteCommands

@Suite("verify --markdown")
struct VerifyMarkdownTests {
    @Test("--markdown writes a table of the cassettes, then each failure's issues field by field")
    func report() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("b", links: [RouterRecording.presentYellow])
            try await RouterRecording.write("Cassettes/router/a.json", in: directory)
            try directory.write(VerifyCommandTests.altered(recorded), to: "Cassettes/router/b.json")
            try directory.write(Samples.brokenJSON, to: "Cassettes/broken.json")
            let result = await cassette("verify", "--markdown", "summary.md", "Cassettes", in: directory)
            #expect(result.status == .dataError)
            let markdown = try directory.text(of: "summary.md")
            #expect(markdown.hasPrefix("### Cassette verification\n\n3 cassettes verified, 2 not passed.\n\n"))
            #expect(markdown.contains("| <code>Cassettes/router/a.json</code> | navigation-router | passed |\n"))
            #expect(markdown.contains("| <code>Cassettes/router/b.json</code> | navigation-router | failed: 1 issue |\n"))
            #expect(markdown.contains("| <code>Cassettes/broken.json</code> | no contract | unreadable |\n"))
            #expect(markdown.contains("**unexpected effect** at event 2 (<code>navigation.route</code>): "))
            #expect(markdown.contains("| <code>parameters.g</code> | <code>128</code> | <code>255</code> |"), "\(markdown)")
            #expect(markdown.contains("<details><summary>Report</summary>"))
            // The console's output is unchanged by the option.
            let without = await cassette("verify", "Cassettes", in: directory)
            #expect(result.standardOutput == without.standardOutput)
        }
    }

    @Test("an issue's fields are escaped, so a report cannot inject markup into the summary")
    func escapes() {
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: NativeRoute.eventKind, message: "<img src=x> | **bold**",
            differences: [FieldDifference(path: "a|b", expected: "`x`", actual: "<b>")])
        let markdown = VerifyMarkdown.render(issue)
        #expect(!markdown.contains("<img"))
        #expect(!markdown.contains("<b>"))
        #expect(!markdown.contains("a|b"))
        #expect(markdown.contains("| <code>a&#124;b</code> | <code>&#96;x&#96;</code> | <code>&#60;b&#62;</code> |"), "\(markdown)")
    }

    @Test("a Markdown report that cannot be written exits 73 after the cassettes are verified")
    func unwritable() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "--markdown", "missing/summary.md", "a.json", in: directory)
            #expect(result.status == .cannotCreate)
            #expect(result.standardOutput.hasPrefix("PASS a.json (navigation-router)\n"))
            #expect(result.errorLines.first?.hasPrefix("missing/summary.md: error: cannot write the Markdown report: ") == true)
        }
    }

    @Test("secrets in an issue's expected and found values are in no Markdown, JUnit or annotation output")
    func secrets() async throws {
        let report = await SecretInIssueScenario.replay()
        #expect(!report.passed)
        let verification = CassetteVerification(
            file: CassetteFile(url: URL(fileURLWithPath: "/tmp/secret-prompt.json"), displayPath: "Cassettes/secret-prompt.json"),
            contract: "dialogs", outcome: CassetteVerification.outcome(of: report), duration: .zero)
        let outputs = [
            VerifyMarkdown.render([verification], repetitions: 1),
            VerifyCommand.junitReport(for: [verification], duration: .zero).xml,
        ] + verification.annotations.map(\.command) + verification.lines
        for output in outputs {
            #expect(!SecretInIssueScenario.leaks(output), "\(output)")
        }
        #expect(outputs[0].contains("[REDACTED:"), "\(outputs[0])")
    }
}
