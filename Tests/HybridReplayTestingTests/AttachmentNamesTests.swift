import Foundation
@testable import HybridReplay
@testable import HybridReplayTesting
import Testing

@Suite("The names a failed replay's trace and issues are attached under")
struct AttachmentNamesTests {
    @Test("the folder is the one --attachments-path names, in either spelling, and none without it")
    func folderFromCommandLine() {
        #expect(AttachmentNames.folder(in: ["tests.xctest", "--testing-library", "swift-testing", "--attachments-path", "/tmp/x"]) == "/tmp/x")
        #expect(AttachmentNames.folder(in: ["tests.xctest", "--attachments-path=/tmp/y", "--filter", "A"]) == "/tmp/y")
        #expect(AttachmentNames.folder(in: ["tests.xctest", "--filter", "A"]) == nil)
    }

    @Test("into an empty folder the pair is named after the cassette, sharing one stem")
    func emptyFolder() {
        let folder = TemporaryDirectory()
        #expect(AttachmentNames.pair(forTrace: "account.actual.json", in: folder.path) == ("account.actual.json", "account.issues.json"))
    }

    @Test("a second failure of the same cassette into the same folder takes the next stem for both files")
    func secondFailureSameFolder() {
        let folder = TemporaryDirectory()
        let first = AttachmentNames.pair(forTrace: "account.actual.json", in: folder.path)
        let second = AttachmentNames.pair(forTrace: "account.actual.json", in: folder.path)
        let third = AttachmentNames.pair(forTrace: "account.actual.json", in: folder.path)
        #expect(first == ("account.actual.json", "account.issues.json"))
        #expect(second == ("account-2.actual.json", "account-2.issues.json"))
        #expect(third == ("account-3.actual.json", "account-3.issues.json"))
    }

    @Test("a file an earlier run left in the folder, trace or issues, is never named again")
    func earlierRun() throws {
        let folder = TemporaryDirectory()
        try folder.write(text: "{}", as: "account.actual.json")
        try folder.write(text: "{}", as: "account-2.issues.json")
        #expect(AttachmentNames.pair(forTrace: "account.actual.json", in: folder.path) == ("account-3.actual.json", "account-3.issues.json"))
        #expect(AttachmentNames.pair(forTrace: "echo.web.actual.json", in: folder.path) == ("echo.web.actual.json", "echo.web.issues.json"))
    }

    @Test("the report names the pair it attaches, after the files already in the folder")
    func reportNamesThePair() async throws {
        let folder = TemporaryDirectory()
        try folder.write(text: "{}", as: "account.actual.json")
        try folder.write(text: "{}", as: "account.issues.json")
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: HTTPRequest.eventKind, message: "the effect that happened differs")
        let failure = CassetteFailure(
            message: "account: replay failed: 1 issue", trace: Echo.cassette(), traceName: "account.actual.json",
            issues: [issue])

        withKnownIssue {
            report([failure], at: #_sourceLocation, attachmentsFolder: folder.path)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                .contains("attached as account-2.actual.json, the issues as account-2.issues.json")
        }
    }

    @Test("an issue whose text stops listing field differences names the attached issues as where they all are")
    func countedDifferencesNameTheAttachment() {
        let folder = TemporaryDirectory()
        let differences = (0..<20).map { FieldDifference(path: "body[\($0)]", expected: "\($0)", actual: "-\($0)") }
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: HTTPRequest.eventKind, message: "the effect that happened differs",
            differences: differences)
        let replay = ReplayReport(
            cassetteName: "batch", cassettePath: nil, issues: [issue], trace: Echo.cassette(), runs: 1, run: 1,
            recordCommand: nil)
        let failure = CassetteFailure(report: replay, traceName: "batch.actual.json")
        #expect(failure.message.contains("… and 8 more differences (all 20 are listed in the issue's `differences`)"))

        withKnownIssue {
            report([failure], at: #_sourceLocation, attachmentsFolder: folder.path)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("    … and 8 more differences (all 20 are listed in the attached batch.issues.json)")
                && text.contains("attached as batch.actual.json, the issues as batch.issues.json")
                && !text.contains("body[12]")
        }
    }
}
