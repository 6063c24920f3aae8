#if os(Linux)
import Foundation
import HybridReplayTesting
import HybridReplayWebKitGTK
import Testing

/// The other half of the same cassette: the page, loaded in a real WebKitGTK
/// with the bridge's recorded answers played into it.
@Test("the greeting page does what its cassette records")
func greetingPageConforms() async {
    await replayWebHalf("greeting", page: WebPage(html: greetingPage)) { try await WebKitGTKWebView() }
}

@Test("a greeting page that posts to another handler fails its web half")
func misnamedHandlerFails() async throws {
    let cassette = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cassettes/greeting.json")
    let broken = greetingPage.replacingOccurrences(of: "messageHandlers.greet.", with: "messageHandlers.greets.")
    #expect(broken != greetingPage)
    let report = try await WebHalfReplayer(contentsOf: cassette, options: WebHalfReplayOptions(patience: .seconds(3)))
        .replay(page: WebPage(html: broken)) { try await WebKitGTKWebView() }
    #expect(report.issues.first?.kind == .missingStimulus, "\(report)")
}
#endif
