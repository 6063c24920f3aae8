import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Answers the page's PIN prompts in turn, as a payment screen answers
/// them from a vault: a `nil` answer cancels. With `tracks`, it first
/// evaluates `analytics.track('pin-autofill', '<pin>')`, as an app that
/// logs the autofill does.
private struct PinPad: UIDelegate {
    let webView: any WebView
    let answers: Locked<[String?]>
    let tracks: Bool

    init(platform: Platform, answers: [String?], tracks: Bool = false) {
        self.webView = platform.webView
        self.answers = Locked(answers)
        self.tracks = tracks
        platform.webView.setUIDelegate(self)
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        let answer = answers.withLock { answers in answers.isEmpty ? nil : answers.removeFirst() }
        if tracks, let answer { webView.evaluateJavaScript("analytics.track('pin-autofill', '\(answer)')", completionHandler: nil) }
        completionHandler(answer)
    }
}

/// The answer to a `prompt()` that asks for a PIN, found secret by the
/// recorder's rule, in the cassette (every later copy of it) and in a
/// failed replay's report and trace.
@Suite("Secret leak probes: a prompt's PIN")
struct SecretLeakPromptAnswerTests {
    static let prompt = JavaScriptDialog(kind: .prompt, message: "Enter your PIN", frame: .main("https://pay.test/"))

    /// Records the page asking for the PIN once per answer, answered in turn.
    static func recorded(answers: [String?], tracks: Bool = false) async throws -> (cassette: Cassette, text: String) {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "pin-prompt")
        let pad = PinPad(platform: recorder.platform(wrapping: .simulated(webView: page)), answers: answers, tracks: tracks)
        for count in answers.indices {
            _ = try await page.runJavaScriptDialog(Self.prompt)
            try await recorder.waitForEvents(JavaScriptDialogAnswer.eventKind, count: count + 1)
        }
        withExtendedLifetime(pad) {}
        let bytes = try recorder.canonicalBytes(file: "pin-prompt.json")
        let cassette = try CassetteReader().read(bytes, path: "pin-prompt.json")
        let text = String(decoding: CassetteWriter.canonicalBytes(of: SecretLeakHuntRecordingTests.timeless(cassette)), as: UTF8.self)
        return (cassette, text)
    }

    /// What a failed replay shows: its description, each issue as issues.json
    /// writes it, and its trace (the `.actual.json`), every time at zero.
    static func shown(_ report: ReplayReport) -> String {
        SecretLeakHuntReportTests.shown(report) + report.issues.map { "\($0)\n\(String(reflecting: $0))" }.joined(separator: "\n")
    }

    @Test(
        "a PIN typed where the recording cancelled the prompt is hidden in the report and its trace",
        arguments: ["4821", "482193"])
    func answeredWhereCancelled(pin: String) async throws {
        let (cassette, _) = try await Self.recorded(answers: [nil])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            PinPad(platform: platform, answers: [pin])
        }
        #expect(!report.passed)
        let shown = Self.shown(report)
        #expect(!shown.contains(pin), "\(shown)")
        #expect(shown.contains(#"found OK "[REDACTED:"#), "\(shown)")
    }

    @Test("a declared PIN typed where the recording cancelled reads as its placeholder in the trace too")
    func declaredAnsweredWhereCancelled() async throws {
        let (cassette, text) = try await Self.recorded(answers: [nil, "4821"])
        #expect(!text.contains("4821") && text.contains(#""text": "[REDACTED:1]""#), "\(text)")
        var options = fastReplay
        options.secrets = [1: "4821"]
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            PinPad(platform: platform, answers: ["4821", "4821"])
        }
        #expect(!report.passed)
        let shown = Self.shown(report)
        #expect(!shown.contains("4821"), "\(shown)")
        #expect(shown.contains("[REDACTED:1]"), "\(shown)")
    }

    @Test("a PIN the app also puts in a script is hidden there, in the report and the trace, declared or not", arguments: [false, true])
    func trackedPIN(declared: Bool) async throws {
        let (cassette, _) = try await Self.recorded(answers: ["4821"])
        var options = fastReplay
        if declared { options.secrets = [1: "4821"] }
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            PinPad(platform: platform, answers: ["4821"], tracks: true)
        }
        #expect(!report.passed)
        let shown = Self.shown(report)
        #expect(!shown.contains("4821"), "\(shown)")
        // The cassette's number, where the run bound the placeholder to the PIN.
        #expect(shown.contains("analytics.track('pin-autofill', '[REDACTED:1]')"), "\(shown)")
    }

    @Test("the recorder hides a prompt's short answer where a script quotes it, before and after the prompt")
    func recordedTrackedPIN() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "pin-prompt")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        let pad = PinPad(platform: platform, answers: ["4821"], tracks: true)
        // Before the prompt: a quoted copy (hidden once the prompt's answer is found), and ordinary numbers.
        _ = try? await platform.webView.evaluateJavaScript(#"prefill("4821"); cart.count(4821); total("48210")"#)
        _ = try await page.runJavaScriptDialog(Self.prompt)
        try await recorder.waitForEvents(JavaScriptDialogAnswer.eventKind)
        _ = try? await platform.webView.evaluateJavaScript("show(`4821`, 'x4821', 4821)")
        withExtendedLifetime(pad) {}
        let written = SecretLeakHuntRecordingTests.written(recorder)
        #expect(written.contains(#"analytics.track('pin-autofill', '[REDACTED:1]')"#), "\(written)")
        #expect(written.contains(#"prefill(\"[REDACTED:1]\"); cart.count(4821); total(\"48210\")"#), "\(written)")
        #expect(written.contains(#"show(`[REDACTED:1]`, 'x4821', 4821)"#), "\(written)")
        #expect(!written.contains("'4821'") && !written.contains(#"\"4821\""#), "\(written)")
    }

    @Test("recording the tracked PIN twice writes the same cassette")
    func recordedTwiceAlike() async throws {
        let first = try await Self.recorded(answers: ["4821"], tracks: true).text
        let second = try await Self.recorded(answers: ["4821"], tracks: true).text
        #expect(first == second)
        #expect(!first.contains("4821"), "\(first)")
    }
}
