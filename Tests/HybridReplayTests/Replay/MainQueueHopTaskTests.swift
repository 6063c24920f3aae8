import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A completion handler that hops to the main queue and starts a `Task {}`
/// there for the rest: the task is the replay's work (the block carries the
/// lease of the code that handed it over), so its calls are waited for, not
/// reported missing when the replay finds the main queue passed.
@Suite("A Task started in a main-queue block after a completion handler")
struct MainQueueHopTaskTests {
    @MainActor final class ConfirmScreen: NSObject, ScriptMessageHandler {
        let platform: Platform
        let fanOut: Bool
        let forgetsInsurance: Bool

        init(platform: Platform, fanOut: Bool, forgetsInsurance: Bool = false) {
            self.platform = platform
            self.fanOut = fanOut
            self.forgetsInsurance = forgetsInsurance
            super.init()
            platform.webView.add(self, name: "confirm")
        }

        func didReceive(_ message: ScriptMessage) {
            platform.webView.evaluateJavaScript("cart.bookingReference()") { [weak self] result in
                DispatchQueue.main.async {
                    guard let self else { return }
                    let reference = (try? result.get())?.stringValue ?? "none"
                    Task { await self.confirm(reference) }
                }
            }
        }

        nonisolated static func text(_ url: String, _ transport: any HTTPTransport) async -> String {
            (try? await transport.send(HTTPRequest(url: url)))?.body?.text ?? "unavailable"
        }

        func confirm(_ reference: String) async {
            let transport = platform.transport
            let base = "https://api.trip.example/v1/bookings/\(reference)"
            let payment: String
            let insurance: String
            if fanOut {
                async let paid = Self.text("\(base)/payment", transport)
                async let insured = Self.text("\(base)/insurance", transport)
                (payment, insurance) = await (paid, insured)
            } else {
                payment = await Self.text("\(base)/payment", transport)
                insurance = forgetsInsurance ? "unknown" : await Self.text("\(base)/insurance", transport)
            }
            platform.webView.evaluateJavaScript("bookingConfirmed('\(payment)', '\(insurance)')", completionHandler: nil)
        }
    }

    static func record(fanOut: Bool) async throws -> Cassette {
        let recorder = stillRecorder(name: "confirm")
        let page = SimulatedWebView { script, _ in .success(script.hasPrefix("cart.") ? "BK-2207" : .null) }
        let transport = ScriptedHTTPTransport { request in
            HTTPResponse(status: 200, body: .text(request.urlString.hasSuffix("payment") ? "paid" : "covered"))
        }
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: transport))
        let screen = await ConfirmScreen(platform: platform, fanOut: fanOut)
        try page.postMessage(["step": "confirm"], to: "confirm")
        _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)
        _ = screen
        return recorder.cassette()
    }

    static func replay(_ cassette: Cassette, fanOut: Bool, forgetsInsurance: Bool = false) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await ConfirmScreen(platform: platform, fanOut: fanOut, forgetsInsurance: forgetsInsurance)
            }
        }
    }

    @Test("the task's calls are waited for: correct code passes every time, with one call after another or fanned out",
          arguments: [false, true])
    func correctPasses(fanOut: Bool) async throws {
        let cassette = try await Self.record(fanOut: fanOut)
        #expect(cassette.events.filter { $0.kind == HTTPRequest.eventKind }.count == 2, "\(outline(cassette.events))")
        for _ in 0..<20 {
            let report = await Self.replay(cassette, fanOut: fanOut)
            #expect(report.passed, "\(report)")
            if !report.passed { break }
        }
    }

    @Test("a task that forgets a call fails where it goes on without it, not where the replay lost sight of it")
    func forgottenCallFails() async throws {
        let cassette = try await Self.record(fanOut: false)
        for _ in 0..<5 {
            let report = await Self.replay(cassette, fanOut: false, forgetsInsurance: true)
            #expect(!report.passed)
            // Before the block carried the replay's work, this read "event 4 (http.request): expected
            // effect did not happen: GET …/payment", a call the task did make, after the replay went idle.
            #expect("\(report)".contains("bookingConfirmed('paid', 'unknown')"), "\(report)")
            #expect(!"\(report)".contains("/payment"), "\(report)")
        }
    }
}
