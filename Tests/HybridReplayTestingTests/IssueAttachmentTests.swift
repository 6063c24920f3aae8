import Foundation
@testable import HybridReplay
@testable import HybridReplayTesting
import Testing

@Suite("The issues attached to a failed replay")
struct IssueAttachmentTests {
    @Test("the attachment is named after the trace it goes with")
    func names() {
        #expect(AttachmentNames.pair(forTrace: "echo.actual.json", in: nil) == ("echo.actual.json", "echo.issues.json"))
        #expect(
            AttachmentNames.pair(forTrace: "echo.web.actual.json", in: nil) == ("echo.web.actual.json", "echo.web.issues.json"))
        #expect(AttachmentNames.pair(forTrace: "odd", in: nil) == ("odd", "odd.issues.json"))
    }

    @Test("each issue is written field by field in a fixed order, absent fields left out, and reads back as JSON")
    func document() throws {
        var issue = ReplayIssue(
            kind: .decisionMissing, eventID: 1, eventKind: NavigationAction.eventKind,
            statement: .neverSettled(NavigationDecision.eventKind),
            cause: ReplayIssue.EventReference(id: 1, kind: NavigationAction.eventKind, summary: "navigate://x", style: .summary),
            relatedEvent: ReplayIssue.EventReference(id: 3, kind: nil, summary: "", style: .id), expected: "cancel",
            differences: [FieldDifference(path: "policy", expected: "\"cancel\"", actual: nil, note: "")],
            stall: ReplayIssue.Stall(
                wasBusy: false, clock: .milliseconds(1500), sleeperDeadline: nil, untrackedEffects: 0,
                firstUntrackedEffect: nil, waitedForUnseenWork: false, unseenWork: nil, stillWaitedOnReplay: false,
                stallTimeout: .milliseconds(50)))
        issue.unreplayedEvents = 2
        let text = String(decoding: IssueAttachment.bytes(of: [issue]), as: UTF8.self)
        #expect(text == """
            {
              "issues": [
                {
                  "kind": "decision missing",
                  "event": 1,
                  "eventKind": "navigation.action",
                  "cause": {
                    "id": 1,
                    "kind": "navigation.action",
                    "summary": "navigate://x"
                  },
                  "relatedEvent": {
                    "id": 3
                  },
                  "expected": "cancel",
                  "differences": [
                    {
                      "path": "policy",
                      "expected": "\\"cancel\\"",
                      "found": null
                    }
                  ],
                  "stall": {
                    "busy": false,
                    "clock": 1.5,
                    "waitedForUnseenWork": false,
                    "stillWaitedOnReplay": false,
                    "stallTimeout": 0.05
                  },
                  "unreplayedEvents": 2,
                  "message": "\(issue.message.replacingOccurrences(of: "\"", with: "\\\""))"
                }
              ]
            }

            """)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }
}
