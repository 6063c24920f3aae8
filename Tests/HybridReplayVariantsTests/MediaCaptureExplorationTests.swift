import Foundation
import HybridReplay
import HybridReplayVariants
import Testing

/// A call screen whose bug lives off the recorded path: it grants the camera
/// and the microphone one at a time and never calls the decision handler for
/// both at once, so that page's `getUserMedia` waits forever.
@MainActor final class CallScreenSilentOnBoth: UIDelegate {
    let decidesBoth: Bool

    init(platform: Platform, decidesBoth: Bool = false) {
        self.decidesBoth = decidesBoth
        platform.webView.setUIDelegate(self)
    }

    func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        guard frame.isMainFrame else { return decisionHandler(.deny) }
        if type == .cameraAndMicrophone, !decidesBoth { return }
        decisionHandler(.grant)
    }
}

@Suite("Exploring media-capture requests")
struct MediaCaptureExplorationTests {
    /// The happy path: the page asks for the camera, and the screen grants it.
    static let cassette: Cassette = {
        let origin = SecurityOrigin(protocol: "https", host: "call.example")
        let request = MediaCaptureRequest(origin: origin, frame: .main("https://call.example/"), type: .camera)
        return Cassette(
            header: CassetteHeader(name: "call"),
            events: [Event(id: 1, at: 0, payload: request), Event(id: 2, at: 0, cause: 1, payload: MediaCaptureDecision(.grant))])
    }()

    @Test("a screen that never decides a request for both devices is found from a camera-only recording")
    func silentOnBoth() async throws {
        let exploration = try await Explorer().explore(Self.cassette) { platform in await CallScreenSilentOnBoth(platform: platform) }
        let failure = try #require(exploration.failures.first {
            $0.variant.id.variantClass == "type" && $0.variant.id.argument == "cameraAndMicrophone" && $0.violations.contains { $0.rule == .mediaCaptureDecidedOnce }
        }, "\(exploration.failures.map { "\($0.variant.id): \($0.violations.map(\.message))" })")
        #expect(failure.violations.first { $0.rule == .mediaCaptureDecidedOnce }?.message.contains("never decided") == true)
    }

    @Test("a screen that decides every request breaks no rule in any variant (other types, an iframe, a repeat)")
    func decidesEvery() async throws {
        let exploration = try await Explorer().explore(Self.cassette) { platform in
            await CallScreenSilentOnBoth(platform: platform, decidesBoth: true)
        }
        #expect(exploration.total >= 4)
        #expect(exploration.passed, "\(exploration.failures.map { "\($0.variant.id): \($0.violations.map(\.message))" })")
    }
}
