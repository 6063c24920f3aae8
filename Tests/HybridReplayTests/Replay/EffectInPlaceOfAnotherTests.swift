import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A receipt opener shows a PDF receipt in a sheet (a route) and loads an
/// HTML one in place. A bug loads every receipt in place: its load for the
/// PDF is not a changed version of the HTML receipt's load, which follows a
/// message not delivered yet, but stands where the sheet route was due. The
/// report says that (an outside app's report read `event 5 (navigation.load):
/// the effect that happened differs`, naming the later receipt's URL).
@Suite("An effect made in place of the one due")
struct EffectInPlaceOfAnotherTests {
    @MainActor
    final class ReceiptOpener: ScriptMessageHandler {
        private let platform: Platform
        private let loadsEverythingInPlace: Bool

        init(platform: Platform, loadsEverythingInPlace: Bool = false) {
            self.platform = platform
            self.loadsEverythingInPlace = loadsEverythingInPlace
            platform.webView.add(self, contentWorld: .page, name: "receipts")
        }

        func didReceive(_ message: ScriptMessage) {
            guard case .string(let url) = message.body else { return }
            if url.hasSuffix(".pdf"), !loadsEverythingInPlace {
                platform.routes.show(NativeRoute(name: "receiptSheet", parameters: ["url": .string(url)]))
            } else {
                platform.webView.load(HTTPRequest(url: url))
            }
        }
    }

    static func record() async throws -> Cassette {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        let opener = await MainActor.run { ReceiptOpener(platform: platform) }
        try page.postMessage("https://receipts.example/A17.pdf", to: "receipts")
        try await recorder.waitForEvents(NativeRoute.eventKind)
        try page.postMessage("https://receipts.example/A17", to: "receipts")
        try await recorder.waitForEvents(NavigationLoad.eventKind)
        withExtendedLifetime(opener) {}
        return recorder.cassette()
    }

    @Test("the opener replays green; one that loads the PDF in place is told the sheet route was due, not that a later load differs")
    func inPlaceOfTheRoute() async throws {
        let cassette = try await Self.record()
        let correct = await Replayer(cassette: cassette, options: fastReplay).replay { await ReceiptOpener(platform: $0) }
        #expect(correct.passed, "\(correct)")
        let wrong = await Replayer(cassette: cassette, options: fastReplay).replay {
            await ReceiptOpener(platform: $0, loadsEverythingInPlace: true)
        }
        let issue = try #require(wrong.issues.first, "an opener that loads the PDF in place passed")
        let message = try #require(cassette.events.first { $0.kind == ScriptMessage.eventKind })
        let route = try #require(cassette.events.first { $0.kind == NativeRoute.eventKind })
        let load = try #require(cassette.events.first { $0.kind == NavigationLoad.eventKind })
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == nil, "\(wrong)")
        #expect(
            issue.message.hasPrefix(
                "unexpected effect: nothing in the cassette expects navigation.load in reaction to event \(message.id) (script.message"),
            "\(wrong)")
        #expect(
            issue.nearestCandidate?.hasPrefix("event \(route.id) (navigation.route receiptSheet") == true, "\(wrong)")
        #expect(issue.nearestCandidate?.hasSuffix("event \(load.id) (navigation.load GET https://receipts.example/A17) follows event 3, not delivered yet") == true, "\(wrong)")
        #expect(wrong.issues.count == 1, "\(wrong)")
    }
}
