import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Confirms a payment only once the wallet answers; the planted bug answers
/// the page at once as well, then again with what the wallet said.
@MainActor
private final class PaymentConfirmer: UIDelegate {
    let transport: any HTTPTransport
    let answersEarly: Bool

    init(platform: Platform, answersEarly: Bool) {
        transport = platform.transport
        self.answersEarly = answersEarly
        platform.webView.uiDelegate = self
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        if answersEarly { completionHandler(true) }
        let transport = transport
        Task {
            let wallet = try? await transport.send(HTTPRequest(url: "https://wallet.example/balance"))
            completionHandler(wallet?.status == 200)
        }
    }
}

/// A second settlement made after the run ended, once the replay had failed
/// the calls it had not answered, is still reported (WebKit raises on it),
/// and says that its value may be the app's answer to that failure.
@Suite("A repeated settlement after the end of the run")
struct RepeatedSettlementAfterEndTests {
    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: JavaScriptDialog(kind: .confirm, message: "Pay?", frame: .main("https://app.example.com/"))),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://wallet.example/balance")),
        Event(id: 3, at: 0.1, answers: 2, payload: HTTPResponse(status: 200)),
        Event(id: 4, at: 0.1, cause: 1, payload: JavaScriptDialogAnswer(confirmed: true)),
    ])

    /// A report of a second answer alone offers no re-record command: WebKit
    /// raises on it whatever the cassette holds, and the recorder refuses it.
    @Test("a report of only a repeated answer says to fix the app, not to re-record")
    func noRecordCommandForMisuse() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: JavaScriptDialog(kind: .confirm, message: "Pay?", frame: .main("https://app.example.com/"))),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptDialogAnswer(confirmed: true)),
        ])
        @MainActor final class AnswersTwice: UIDelegate {
            init(platform: Platform) { platform.webView.uiDelegate = self }
            func runJavaScriptConfirmPanel(
                withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
            ) {
                completionHandler(true)
                completionHandler(true)
            }
        }
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { await AnswersTwice(platform: $0) }
        #expect(report.issues.map(\.kind) == [.answerRepeated], "\(report)")
        #expect(report.description.contains("Fix the app code: WebKit raises an exception on this"), "\(report)")
        #expect(!report.description.contains("re-record"), "\(report)")
    }

    @Test("the correct confirmer passes")
    func correct() async {
        let report = await Replayer(cassette: Self.cassette, options: fastReplay).replay {
            await PaymentConfirmer(platform: $0, answersEarly: false)
        }
        #expect(report.passed, "\(report)")
    }

    #if os(Linux)
    // Under the runtime watch the testing glue installs for its replays, as the outside app that found this ran:
    // the end of the run then waits for the task the dialog's turn started, which makes the second answer.
    // A bare `Replayer` may end before that task has run, in a whole test binary under load (1 of 1,397 once).
    @Test("answering early, then again once the end failed the wallet call, names both and says where the second came from")
    func answeredEarlyThenAfterEnd() async throws {
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.cassette, options: fastReplay).replay {
                await PaymentConfirmer(platform: $0, answersEarly: true)
            }
        }
        #expect(report.issues.count == 2, "\(report)")
        let repeated = try #require(report.issues.first { $0.kind == .answerRepeated }, "\(report)")
        #expect(repeated.headline.contains("answered twice: first OK, then Cancel"), "\(repeated.headline)")
        #expect(
            repeated.headline.contains("the second came after the run ended, once the replay had failed the calls it had not answered"),
            "\(repeated.headline)")
    }
    #endif
}
