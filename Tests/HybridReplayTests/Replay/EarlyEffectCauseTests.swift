import Foundation
import Testing

@testable import HybridReplay

/// An effect the recording has, made in reaction to an earlier stimulus
/// than the one it was recorded after, names the stimulus this run made it for.
@Suite("An effect made for the wrong stimulus names the one it was made for")
struct EarlyEffectCauseTests {
    /// Shows an error for an empty e-mail field; the buggy one does not trim it first.
    @MainActor final class FormGate: NSObject, ScriptMessageHandler {
        let platform: Platform
        let trims: Bool

        init(platform: Platform, trims: Bool) {
            self.platform = platform
            self.trims = trims
            super.init()
            platform.webView.add(self, name: "form")
        }

        func didReceive(_ message: ScriptMessage) {
            guard case .string(let email) = message.body else { return }
            let field = trims ? email.trimmingCharacters(in: .whitespaces) : email
            platform.webView.evaluateJavaScript(field.isEmpty || field.contains(" ") ? "form.missing()" : "form.submit()") { _ in }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "form", body: "ana@example.com ")),
        Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "form.submit()")),
        Event(id: 3, at: 1, payload: ScriptMessage(handler: "form", body: " ")),
        Event(id: 4, at: 1, cause: 3, payload: JavaScriptEvaluation(script: "form.missing()")),
    ])

    func replay(trims: Bool) async -> ReplayReport {
        await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
            await FormGate(platform: platform, trims: trims)
        }
    }

    @Test("the gate that trims replays green")
    func correctPasses() async {
        let report = await replay(trims: true)
        #expect(report.passed, "\(report)")
    }

    @Test("the error shown for the first message is reported as made in reaction to it, before the second it was recorded after")
    func wrongStimulusIsNamed() async throws {
        let report = await replay(trims: false)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .effectBeforeCause, "\(report)")
        #expect(issue.eventID == 4, "\(report)")
        #expect(issue.cause?.id == 3, "\(report)")
        #expect(issue.relatedEvent?.id == 1, "\(report)")
        #expect(
            issue.message.hasPrefix(
                #"happened in reaction to event 1 (script.message form "ana@example.com "), before its recorded cause, event 3 ("#),
            "\(report)")
    }
}
