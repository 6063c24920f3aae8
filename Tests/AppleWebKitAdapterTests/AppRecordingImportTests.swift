import HybridReplayAppRecording
import Testing

/// A recording build imports one module and can still combine redaction rules.
@Suite("HybridReplayAppRecording alone")
struct AppRecordingImportTests {
    @Test("Redaction's rules and + come with import HybridReplayAppRecording")
    func redactionRulesCombine() {
        let redaction = Redaction.default + .jsonField("pin")
        #expect(redaction.ruleNames.contains("body:pin"), "\(redaction.ruleNames)")
        #expect(redaction.ruleNames.count == Redaction.default.ruleNames.count + 1)
    }
}
