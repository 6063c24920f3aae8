// The Swift examples of README.md, compiled and run here;
// DocumentationExamplesTests keeps the README's text equal to them.
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayTesting
import Testing

/// The README's `Router`: the guide's router.
private typealias Router = GuideRouter

@Test("tapping Present Yellow presents a yellow screen", .cassette("guide-present-yellow"))
func tappingPresentYellow() async throws {
    let page = SimulatedWebView()
    let session = RecordingSession(platform: .simulated(webView: page), contract: "router") {
        _ = try await page.navigate(NavigationAction(
            url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: nil))
        _ = try await page.navigate(NavigationAction(
            url: "https://example.com/about", navigationType: .linkActivated, targetFrame: .main()))
    }
    await replayCassette(recording: session) { platform in Router(platform: platform) }
}

/// The README's "Using the library" example, on a copy of a cassette.
private func readAndRewrite(_ url: URL) throws {
    let cassette = try CassetteReader().read(contentsOf: url)
    for event in cassette.events {
        if let action = event.payload(as: NavigationAction.self) {
            print(event.id, action.url, action.targetFrame == nil ? "new window" : "")
        }
    }
    try CassetteWriter.write(cassette, to: url)   // canonical, atomic
}

@Test("the README's library example reads a cassette and writes it back unchanged")
func readmeLibraryExample() throws {
    let original = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cassettes/guide-present-yellow.json")
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).json")
    try FileManager.default.copyItem(at: original, to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }

    try readAndRewrite(copy)

    #expect(try Data(contentsOf: copy) == Data(contentsOf: original))
}
