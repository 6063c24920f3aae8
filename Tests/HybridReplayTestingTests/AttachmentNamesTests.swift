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
}
