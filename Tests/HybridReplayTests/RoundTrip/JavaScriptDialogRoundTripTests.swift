import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// JavaScript dialogs answered by the UI delegate, recorded against the
/// simulated web view, written, read back and replayed.
@Suite("JavaScript dialogs: record, write, read, replay")
struct JavaScriptDialogRoundTripTests {
    static let page = Frame.main("capacitor://localhost/")
    static let alert = JavaScriptDialog(kind: .alert, message: "Saved", frame: page)
    static let confirm = JavaScriptDialog(kind: .confirm, message: "Delete 3 photos?", frame: page)
    static let bridgeCall = JavaScriptDialog(
        kind: .prompt, message: #"bridge:echo:{"id":7,"name":"O'Brien \"Jr\""}"#, defaultText: "", frame: page)
    static let question = JavaScriptDialog(kind: .prompt, message: "Your name?", defaultText: "Ada", frame: page)

    func recordSession() async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "dialogs", platform: .simulated(webView: page), setUp: { ExampleDialogAnswerer(platform: $0) },
            drive: { _ in
                var answers: [JavaScriptDialogAnswer] = []
                for dialog in [Self.alert, Self.confirm, Self.bridgeCall, Self.question] {
                    answers.append(try await page.runJavaScriptDialog(dialog))
                }
                #expect(answers == [
                    .ok, .ok, JavaScriptDialogAnswer(confirmed: true, text: #"{"id":7,"name":"O'Brien \"Jr\""}"#),
                    JavaScriptDialogAnswer(confirmed: true, text: "Ada"),
                ])
            })
    }

    @Test("each dialog is recorded as a stimulus and its answer as an effect caused by it")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == Array(
            repeating: ["javascript.dialog", "javascript.dialogAnswer"], count: 4).flatMap { $0 })
        #expect(cassette.events[4].payload(as: JavaScriptDialog.self) == Self.bridgeCall)
        #expect(cassette.events.map(\.payload.summary) == [
            #"alert "Saved""#, "OK", #"confirm "Delete 3 photos?""#, "OK",
            #"prompt "bridge:echo:{\"id\":7,\"name\":\"O'Brien \\\"Jr\\\"\"}" default """#,
            #"OK "{\"id\":7,\"name\":\"O'Brien \\\"Jr\\\"\"}""#, #"prompt "Your name?" default "Ada""#, #"OK "Ada""#,
        ])
        for index in stride(from: 1, to: 8, by: 2) {
            #expect(cassette.events[index].cause == cassette.events[index - 1].id)
        }
    }

    @Test("the recorded dialogs replay against the same answerer")
    func replays() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleDialogAnswerer(platform: $0)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a UI delegate without dialog methods answers as WebKit does: alert dismissed, confirm false, prompt nil")
    func defaultAnswers() async throws {
        let page = SimulatedWebView()
        let cassette = try await recordWrittenAndRead(
            "defaults", platform: .simulated(webView: page), setUp: { ExampleWindowOpener(platform: $0) },
            drive: { _ in
                for dialog in [Self.alert, Self.confirm, Self.question] { _ = try await page.runJavaScriptDialog(dialog) }
            })
        #expect(cassette.events.compactMap { $0.payload(as: JavaScriptDialogAnswer.self) } == [.ok, .cancel, .cancel])
    }

    @Test("an answerer that calls a completion handler twice is reported at the dialog")
    func answeredTwice() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleDialogAnswerer(platform: $0, fault: .answersTwice)
        }
        let issue = try #require(report.issues.first { $0.kind == .answerRepeated }, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.eventKind == JavaScriptDialog.eventKind)
        #expect(issue.hint == "call completionHandler exactly once", "\(issue)")
    }

    @Test("a prompt whose completion handler is never called is reported missing, naming the recorded answer")
    func neverAnswered() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleDialogAnswerer(platform: $0, fault: .forgetsPrompts)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .answerMissing, "\(report)")
        #expect(issue.eventID == 5)
        #expect(issue.cause?.id == 5 && issue.cause?.kind == JavaScriptDialog.eventKind, "\(issue)")
        #expect(issue.cause?.summary.hasPrefix("prompt") == true, "\(issue)")
    }

    @Test("a prompt answered with Cancel where the recording answered text is reported at that answer")
    func wrongAnswer() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay {
            ExampleDialogAnswerer(platform: $0, fault: .cancelsPrompts)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 6, "\(issue)")
        #expect(issue.expected?.hasPrefix("OK") == true, "\(issue)")
        #expect(issue.found?.hasPrefix("OK") == false, "\(issue)")
        #expect(!report.passed)
    }

    @Test("the bundled dialogs example replays against the answerer")
    func bundledExample() async throws {
        let report = try await replayExample("web/shell-dialogs.json") { ExampleDialogAnswerer(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("a dialog with no UI delegate set cannot be delivered, and says so")
    func noDelegate() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: Self.question)])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message == "could not be delivered: the web view has no UI delegate to answer the page's prompt dialog; set uiDelegate")
    }

    @Test("the simulated web view refuses a dialog without a UI delegate, and keeps a second answer as misuse")
    func simulation() async throws {
        await #expect(throws: SimulationError.self) { try await SimulatedWebView().runJavaScriptDialog(Self.alert) }
        let page = SimulatedWebView()
        _ = ExampleDialogAnswerer(platform: .simulated(webView: page), fault: .answersTwice)
        let answer = try await page.runJavaScriptDialog(Self.confirm)
        #expect(answer == .ok)
        #expect(page.dialogMisuses == [
            #"the completion handler of the dialog confirm "Delete 3 photos?" was called with Cancel after it was answered; the first answer was kept"#
        ])
    }
}
