import Foundation
import HybridReplayRuntimeWatch
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

    /// A search debounced as iOS code often writes it: a `DispatchWorkItem`
    /// handed to the main queue after a sleep; the buggy one never cancels
    /// the item of the key before.
    @MainActor final class DebouncedSearch: NSObject, ScriptMessageHandler {
        let platform: Platform
        let cancels: Bool
        private var pending: DispatchWorkItem?

        init(platform: Platform, cancels: Bool) {
            self.platform = platform
            self.cancels = cancels
            super.init()
            platform.webView.add(self, name: "search")
        }

        func didReceive(_ message: ScriptMessage) {
            if cancels { pending?.cancel() }
            let webView = platform.webView
            let item = DispatchWorkItem {
                MainActor.assumeIsolated { webView.evaluateJavaScript("setLoading(true)") { _ in } }
            }
            pending = item
            let clock = platform.clock
            Task {
                try? await clock.sleep(for: .milliseconds(300))
                DispatchQueue.main.async(execute: item)
            }
        }
    }

    /// Keys 100 ms apart, then a pause: one search, for the last.
    static let typed = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "search", body: "y")),
        Event(id: 2, at: 0.1, payload: ScriptMessage(handler: "search", body: "yo")),
        Event(id: 3, at: 0.2, payload: ScriptMessage(handler: "search", body: "yog")),
        Event(id: 4, at: 0.35, payload: ScriptMessage(handler: "search", body: "yoga")),
        Event(id: 5, at: 0.65, cause: 4, payload: JavaScriptEvaluation(script: "setLoading(true)")),
        Event(id: 6, at: 0.65, answers: 5, payload: JavaScriptResult(.value(.null))),
    ])

    func replaySearch(cancels: Bool) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.typed, options: fastReplay).replay { platform in
                await DebouncedSearch(platform: platform, cancels: cancels)
            }
        }
    }

    @Test("a debounce that cancels the key before replays green", .enabled(if: WatchedJobsTests.watchesJobs))
    func debounceCancels() async {
        let report = await replaySearch(cancels: true)
        #expect(report.passed, "\(report)")
    }

    /// The block carries the stimulus its work began with (Linux, under the
    /// runtime watch), so the report names the key whose search fired.
    @Test(
        "a search a debounce failed to cancel is reported as made in reaction to the key it was for, though made in a main-queue block",
        .enabled(if: WatchedJobsTests.watchesJobs))
    func uncancelledDebounceNamesItsKey() async throws {
        let report = await replaySearch(cancels: false)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .effectBeforeCause, "\(report)")
        #expect(issue.eventID == 5, "\(report)")
        #expect(issue.relatedEvent?.id == 1, "\(report)")
        #expect(issue.message.hasPrefix(#"happened in reaction to event 1 (script.message search "y"), before its recorded cause, event 4 ("#), "\(report)")
    }
}
