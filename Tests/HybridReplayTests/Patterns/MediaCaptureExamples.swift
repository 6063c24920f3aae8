import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

// The examples of docs/writing-app-code-that-replays.md's "Camera and microphone requests", compiled and run here.

/// Lets the app's own pages use the camera and microphone, leaves the
/// microphone alone to the user, and denies every other origin.
@MainActor
final class CallScreen: UIDelegate {
    static let appOrigin = SecurityOrigin(protocol: "https", host: "call.example")

    init(platform: Platform) {
        platform.webView.setUIDelegate(self)
    }

    func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        guard origin == Self.appOrigin, frame.isMainFrame else { return decisionHandler(.deny) }
        decisionHandler(type == .microphone ? .prompt : .grant)
    }
}

@Suite("docs/writing-app-code-that-replays.md: camera and microphone requests")
struct MediaCaptureExamples {
    @Test("the call screen grants its own origin, and its recorded decisions replay")
    func example() async throws {
        let web = SimulatedWebView()
        let screen = await CallScreen(platform: .simulated(webView: web))
        let decision = try await web.requestMediaCapture(
            MediaCaptureRequest(origin: CallScreen.appOrigin, frame: .main("https://call.example/room/42"), type: .camera))
        #expect(decision == .grant)
        withExtendedLifetime(screen) {}

        let cassette = try await recordWrittenAndRead(
            "call", platform: .simulated(webView: web), setUp: { platform in await CallScreen(platform: platform) },
            drive: { _ in
                for type in MediaCaptureType.known {
                    _ = try await web.requestMediaCapture(
                        MediaCaptureRequest(origin: CallScreen.appOrigin, frame: .main("https://call.example/"), type: type))
                }
            })
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await CallScreen(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }
}
