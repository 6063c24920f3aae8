@testable import HybridReplay
import Testing

/// The kinds the web half plays into the page, held to the kinds' descriptions.
@Suite("Web-half native effects")
struct WebHalfNativeEffectTests {
    @Test("every kind whose web-half role is a native effect says how it is played, and no other kind does")
    func everyNativeEffectKindSaysHowItIsPlayed() {
        for type in PayloadRegistry.standardTypes {
            let isNativeEffect = WebHalfRole(type.eventKind) == .nativeEffect
            #expect((type is any WebHalfNativeEffect.Type) == isNativeEffect, "\(type.eventKind)")
        }
    }

    @Test("calls on the web view carry what they call with; answers go to the step that waits for them")
    func callsCarryTheirPayload() {
        let load = NavigationLoad(url: "https://bridge.example.com/")
        guard case .load(let played) = load.webHalfPlay else {
            Issue.record("a load is not played as a load")
            return
        }
        #expect(played == load)
        guard case .answer = NavigationDecision(.cancel).webHalfPlay else {
            Issue.record("a decision is not played as an answer")
            return
        }
    }
}
