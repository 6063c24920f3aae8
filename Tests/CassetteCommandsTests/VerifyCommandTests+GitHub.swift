import Foundation
import HybridReplay
import Testing

@testable import CassetteCommands

@Suite("cassette verify --github")
struct VerifyGitHubAnnotationTests {
    @Test("a failing cassette gets one ::error annotation on its file with the whole report, escaped")
    func failure() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("b", links: [RouterRecording.presentYellow])
            try await RouterRecording.write("Cassettes/a.json", in: directory)
            try directory.write(VerifyCommandTests.altered(recorded), to: "Cassettes/b.json")
            let result = await cassette("verify", "--github", "Cassettes", in: directory)
            #expect(result.status == .checkFailed)
            let annotations = result.outputLines.filter { $0.hasPrefix("::") }
            #expect(annotations.count == 1, "\(result.standardOutput)")
            let annotation = try #require(annotations.first)
            #expect(annotation.hasPrefix("::error file=Cassettes/b.json,title=cassette verify (navigation-router)::"))
            #expect(annotation.contains("Cassettes/b.json%3A replay failed") == false, "the message part keeps its colons")
            #expect(annotation.contains("%0A  event 2 (navigation.route): the effect that happened differs"), "\(annotation)")
            #expect(!annotation.contains("\n"))
            // The plain output is unchanged: the annotation follows the FAIL block.
            #expect(result.outputLines.first == "PASS Cassettes/a.json (navigation-router)")
        }
    }

    @Test("a passing run prints no annotation")
    func passing() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "--github", "a.json", in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines == ["PASS a.json (navigation-router)", "1 cassette verified: 1 passed, 0 failed"])
        }
    }

    @Test("an unreadable cassette gets an annotation per problem, at its line and column")
    func unreadable() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "broken.json")
            let result = await cassette("verify", "--github", "broken.json", in: directory)
            #expect(result.status == .dataError)
            let annotations = result.outputLines.filter { $0.hasPrefix("::error ") }
            #expect(annotations.count == result.errorLines.count)
            let first = try #require(annotations.first)
            #expect(first.hasPrefix("::error file=broken.json,line=5,col=1,title=cassette verify%3A unreadable cassette::"))
        }
    }

    @Test("workflow-command values escape percent, CR and LF, and properties also escape colon and comma")
    func escaping() {
        let annotation = GitHubAnnotation(
            file: "a,b:c.json", line: 3, column: 7, title: "t: x, y", message: "100% done\r\nnext: line")
        #expect(annotation.command == "::error file=a%2Cb%3Ac.json,line=3,col=7,title=t%3A x%2C y::100%25 done%0D%0Anext: line")
    }
}
