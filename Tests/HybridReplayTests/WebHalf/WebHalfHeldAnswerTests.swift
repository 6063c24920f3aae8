import Foundation
@testable import HybridReplay
import Testing

/// The completion handlers a web-half replay holds for the page, driven by plain calls.
@Suite("Web-half held answer")
struct WebHalfHeldAnswerTests {
    /// A scheme task that keeps what it was sent, in words.
    final class KeptSchemeTask: URLSchemeTask {
        let request: URLSchemeRequest
        let sent = Locked<[String]>([])

        init(_ url: String) { request = URLSchemeRequest(url: url) }

        func didReceive(_ response: URLSchemeResponse) { sent.withLock { $0.append("response \(response.urlString)") } }
        func didReceive(_ data: Data) { sent.withLock { $0.append("data \(String(decoding: data, as: UTF8.self))") } }
        func didFinish() { sent.withLock { $0.append("finished") } }
        func didFailWithError(_ error: any Error) { sent.withLock { $0.append("failed: \(error)") } }
    }

    static let url = "app://localhost/index.html"

    /// The recorded answer to a request for ``url`` in two pieces.
    static let recordedAnswer: [any EventPayload] = [
        URLSchemeResponse(url: url, mimeType: "text/html"),
        URLSchemeData(Data("<p>recorded".utf8)),
        URLSchemeData(Data(" page</p>".utf8)),
        URLSchemeCompletion.finished,
    ]

    @Test("a decision waits only for a recorded answer; without one it is allowed at once, and a failed step is cancelled")
    func decisionWaitsOnlyForARecordedAnswer() {
        let decided = Locked<[NavigationPolicy]>([])
        let held = WebHalfHeldAnswer.decision({ policy, _ in decided.withLock { $0.append(policy) } })
        #expect(held.waitingStep(after: .matched(4, answered: true)) == 4)
        #expect(held.waitingStep(after: .matched(4, answered: false)) == nil)
        #expect(held.waitingStep(after: .diverged) == nil)
        #expect(held.holdsEngine)
        for verdict: WebHalfMatcher.Verdict in [.matched(4, answered: false), .allowed, .diverged, .unrecorded, .ended] {
            held.answer(verdict)
        }
        #expect(decided.current == [.allow, .allow, .cancel, .cancel, .cancel])
    }

    @Test("a reply waits under its step whenever the step matched, and says why when the step failed")
    func replyWaitsWheneverItsStepMatched() {
        let replies = Locked<[Outcome]>([])
        let held = WebHalfHeldAnswer.reply({ outcome in replies.withLock { $0.append(outcome) } })
        #expect(held.waitingStep(after: .matched(1, answered: false)) == 1)
        #expect(!held.holdsEngine, "a message awaiting its reply does not hold the engine up")
        for verdict: WebHalfMatcher.Verdict in [.diverged, .unrecorded, .ended] { held.answer(verdict) }
        #expect(replies.current == [.error("not as recorded"), .error("not in the cassette"), .error("the web-half replay ended")])
    }

    @Test("a recorded answer is played into the handler once; one of another kind leaves it waiting")
    func recordedAnswerIsPlayed() {
        let answers = Locked<[JavaScriptDialogAnswer]>([])
        let held = WebHalfHeldAnswer.dialog({ answer in answers.withLock { $0.append(answer) } }, letGo: .cancel)
        #expect(held.play(ScriptReply(.value(1)), page: nil) != nil)
        #expect(answers.current.isEmpty)
        #expect(held.play(JavaScriptDialogAnswer.prompt("session=1"), page: nil) == nil)
        #expect(answers.current == [.prompt("session=1")])
    }

    @Test("a scheme task gets the recorded pieces in turn and is done at the completion")
    func schemeTaskGetsTheRecordedAnswer() {
        let task = KeptSchemeTask(Self.url)
        var held: WebHalfHeldAnswer? = .schemeTask(task, servedWhole: false)
        for answer in Self.recordedAnswer {
            #expect(held != nil, "the task waits until its completion")
            held = held?.play(answer, page: nil)
        }
        #expect(held == nil)
        #expect(task.sent.current == ["response \(Self.url)", "data <p>recorded", "data  page</p>", "finished"])
    }

    @Test("a scheme task gets the page's served file whole at the first piece, and no recorded piece after it")
    func servedFileIsSentWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("held-answer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<p>today's page</p>".utf8).write(to: folder.appendingPathComponent("index.html"))
        let task = KeptSchemeTask(Self.url)
        var held: WebHalfHeldAnswer? = .schemeTask(task, servedWhole: false)
        for answer in Self.recordedAnswer { held = held?.play(answer, page: WebPage(url: Self.url, servedFiles: folder)) }
        #expect(held == nil)
        #expect(task.sent.current == ["response \(Self.url)", "data <p>today's page</p>", "finished"])
    }

    @Test("a recorded failure fails the scheme task with the recorded error")
    func recordedFailureFailsTheTask() {
        let task = KeptSchemeTask(Self.url)
        let held = WebHalfHeldAnswer.schemeTask(task, servedWhole: false)
        #expect(held.play(URLSchemeCompletion(error: "the file is gone"), page: nil) == nil)
        #expect(task.sent.current == ["failed: the file is gone"])
    }

    @Test("what the page still waits on when the run ends is let go as an engine with no app would answer it")
    func letGoAtTheEnd() {
        let answered = Locked<[String]>([])
        let task = KeptSchemeTask(Self.url)
        let held: [WebHalfHeldAnswer] = [
            .reply({ outcome in answered.withLock { $0.append("reply \(outcome)") } }),
            .decision({ policy, _ in answered.withLock { $0.append("decision \(policy)") } }),
            .responseDecision({ policy in answered.withLock { $0.append("response decision \(policy)") } }),
            .dialog({ answer in answered.withLock { $0.append("dialog \(answer)") } }, letGo: .ok),
            .schemeTask(task, servedWhole: false),
        ]
        for answer in held { answer.letGo() }
        #expect(answered.current == [
            "reply \(Outcome.error("the web-half replay ended"))", "decision \(NavigationPolicy.cancel)",
            "response decision \(NavigationResponsePolicy.cancel)", "dialog \(JavaScriptDialogAnswer.ok)",
        ])
        #expect(task.sent.current == ["failed: \(WebHalfEnded())"])
    }
}
