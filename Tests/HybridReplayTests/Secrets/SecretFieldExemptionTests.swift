import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A name the default rules count as a secret's (`sessionId`), exempted
/// by the test: kept readable by the recorder, by `cassette lint` and by a
/// failed replay's report, while every other secret stays hidden.
@Suite("Secret field names exempted from the default rules")
struct SecretFieldExemptionTests {
    static let body: JSONValue = ["sessionId": "ps_1001", "session_id": "ps_1002", "auth_session_id": "as-77a1", "token": "tok-5f4e3d"]

    static func message() -> ScriptMessage {
        ScriptMessage(handler: "receipt", body: body)
    }

    @Test("the exempted name is no secret's, written any way; a longer name ending in it and other secrets still are")
    func applied() {
        var placeholders = RedactionPlaceholders()
        let redaction = Redaction.default.exemptingFieldNames(["sessionId"])
        let redacted = redaction.apply(to: Self.message(), placeholders: &placeholders) as? ScriptMessage
        #expect(redacted?.body == ["sessionId": "ps_1001", "session_id": "ps_1002", "auth_session_id": "[REDACTED:1]", "token": "[REDACTED:2]"])
        #expect(redaction.ruleNames.contains("fields:secret-names") && redaction.ruleNames.contains("fields:not-secret:sessionId"))
        // A script's literal and a URL's query item are read by the same names.
        var more = RedactionPlaceholders()
        let script = redaction.apply(
            to: JavaScriptEvaluation(script: #"show({sessionId: "ps_1001", token: "tok-5f4e3d"}, "https://p.test/r?session_id=ps_1002")"#),
            placeholders: &more) as? JavaScriptEvaluation
        #expect(script?.script == #"show({sessionId: "ps_1001", token: "[REDACTED:1]"}, "https://p.test/r?session_id=ps_1002")"#)
    }

    @Test("the default rules themselves are unchanged")
    func defaultUnchanged() {
        var placeholders = RedactionPlaceholders()
        let redacted = Redaction.default.apply(to: Self.message(), placeholders: &placeholders) as? ScriptMessage
        let hidden = redacted?.body.objectValue?["sessionId"]?.stringValue ?? ""
        #expect(RedactionPlaceholders.number(in: hidden) != nil, "\(hidden)")
        #expect(!Redaction.default.ruleNames.contains { $0.hasPrefix("fields:not-secret:") })
    }

    @Test("a recording keeps the exempted value, lint passes it, and a report rebuilt from the header shows it")
    func recordedAndReported() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "receipt", redaction: .default.exemptingFieldNames(["sessionId"]))
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        _ = try? await platform.webView.evaluateJavaScript(#"receipt.show({"sessionId":"ps_1001","token":"tok-5f4e3d"})"#)
        let cassette = recorder.cassette()
        let written = String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
        #expect(written.contains("ps_1001") && !written.contains("tok-5f4e3d"), "\(written)")
        #expect(cassette.header.redactions.contains("fields:not-secret:sessionId"))
        #expect(SecretScanner.findings(in: cassette).isEmpty, "\(SecretScanner.findings(in: cassette).map(\.message))")
        // Without the exemption in the header, lint still flags the value.
        var plain = cassette
        plain.header.redactions.removeAll { $0.hasPrefix("fields:not-secret:") }
        #expect(!SecretScanner.findings(in: plain).isEmpty)

        let rebuilt = Redaction(ruleNames: cassette.header.redactions)
        #expect(rebuilt.ruleNames == cassette.header.redactions)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            // Another parking session: the report shows both ids, and still hides the token.
            platform.webView.evaluateJavaScript(#"receipt.show({"sessionId":"ps_1002","token":"tok-other-9"})"#, completionHandler: nil)
        }
        #expect(!report.passed)
        let shown = SecretLeakHuntReportTests.shown(report)
        #expect(shown.contains("ps_1001") && shown.contains("ps_1002") && !shown.contains("tok-other-9"), "\(shown)")
    }
}
