import Foundation
import Testing

@testable import HybridReplay

/// An implementation that skips a call and goes on as if it had been
/// answered: the report names the call that is missing, not only the
/// answer that was not delivered.
@Suite("A call skipped before its answer is used")
struct SkippedCallTests {
    @MainActor final class Uploader: NSObject, ScriptMessageHandler {
        let platform: Platform
        let skipsThePut: Bool

        init(platform: Platform, skipsThePut: Bool) {
            self.platform = platform
            self.skipsThePut = skipsThePut
            super.init()
            platform.webView.add(self, name: "upload")
        }

        func didReceive(_ message: ScriptMessage) {
            let (transport, webView, skips) = (platform.transport, platform.webView, skipsThePut)
            Task {
                if !skips {
                    _ = try? await transport.send(HTTPRequest(method: "PUT", url: "https://media.example/photos/1"))
                }
                webView.evaluateJavaScript("uploaded(1)", completionHandler: nil)
            }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "upload", body: .null)),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(method: "PUT", url: "https://media.example/photos/1")),
        Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 201)),
        Event(id: 4, at: 0, cause: 3, payload: JavaScriptEvaluation(script: "uploaded(1)")),
        Event(id: 5, at: 0, answers: 4, payload: JavaScriptResult(.value(.null))),
    ])

    @Test("the evaluation made without the upload names the upload that never happened")
    func namesTheSkippedCall() async throws {
        let report = await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
            await Uploader(platform: platform, skipsThePut: true)
        }
        let first = try #require(report.issues.first, "\(report)")
        #expect(first.statement == .beforeCause)
        #expect(first.missingCall?.id == 2, "\(report)")
        #expect(first.message.contains("The call the recording made first is missing: event 2 (http.request PUT https://media.example/photos/1), answered by event 3, has not happened"), "\(report)")
    }

    /// Asks for an album's size and shows it; the buggy one skips the request and shows "unknown".
    @MainActor final class AlbumSize: NSObject, ScriptMessageHandler {
        let platform: Platform
        let skipsTheRequest: Bool

        init(platform: Platform, skipsTheRequest: Bool) {
            self.platform = platform
            self.skipsTheRequest = skipsTheRequest
            super.init()
            platform.webView.add(self, name: "size")
        }

        func didReceive(_ message: ScriptMessage) {
            let (transport, webView, skips) = (platform.transport, platform.webView, skipsTheRequest)
            Task {
                var size = "unknown"
                if !skips {
                    size = (try? await transport.send(HTTPRequest(url: "https://media.example/albums/7/size")))?.body?.text ?? "?"
                }
                webView.evaluateJavaScript("showSize('\(size)')", completionHandler: nil)
            }
        }
    }

    @Test("a different call made without the request names the request that never happened")
    func namesTheSkippedCallBeforeAChangedEffect() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "size", body: .null)),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://media.example/albums/7/size")),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200, body: .text("12 MB"))),
            Event(id: 4, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "showSize('12 MB')")),
            Event(id: 5, at: 0, answers: 4, payload: JavaScriptResult(.value(.null))),
        ])
        for skips in [false, true] {
            let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await AlbumSize(platform: platform, skipsTheRequest: skips)
            }
            #expect(report.passed == !skips, "\(report)")
            if skips {
                let first = try #require(report.issues.first, "\(report)")
                #expect(first.missingCall?.id == 2, "\(report)")
                #expect(
                    first.message.contains(
                        "Most likely the call the recording made first is missing: event 2 (http.request GET "
                            + "https://media.example/albums/7/size), answered by event 3, has not happened yet. "
                            + "Otherwise this effect is one the recording does not have."), "\(report)")
            }
        }
    }

    /// Shows the album's size; the buggy one first shows a placeholder the recording never had, then asks.
    @MainActor final class AlbumSizeWithPlaceholder: NSObject, ScriptMessageHandler {
        let platform: Platform

        init(platform: Platform) {
            self.platform = platform
            super.init()
            platform.webView.add(self, name: "size")
        }

        func didReceive(_ message: ScriptMessage) {
            let (transport, webView) = (platform.transport, platform.webView)
            webView.evaluateJavaScript("showSize('…')", completionHandler: nil)
            Task {
                let size = (try? await transport.send(HTTPRequest(url: "https://media.example/albums/7/size")))?.body?.text ?? "?"
                webView.evaluateJavaScript("showSize('\(size)')", completionHandler: nil)
            }
        }
    }

    @Test("an extra effect made before a call that still comes is not called a skipped call")
    func extraEffectBeforeTheCallIsNotCalledSkipped() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "size", body: .null)),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://media.example/albums/7/size")),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200, body: .text("12 MB"))),
            Event(id: 4, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "showSize('12 MB')")),
            Event(id: 5, at: 0, answers: 4, payload: JavaScriptResult(.value(.null))),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await AlbumSizeWithPlaceholder(platform: platform)
        }
        let first = try #require(report.issues.first, "\(report)")
        #expect(first.kind == .unexpectedEffect)
        #expect(first.statement == .aheadOfStimulus)
        #expect(first.missingCall?.id == 2, "\(report)")
        // What happened, then the likely reason, then the nearest recorded effect, each in a sentence of its own.
        #expect(
            first.message == "unexpected effect: nothing in the cassette expects it before event 3 (http.response 200 "
                + "(5 bytes of text)) is delivered. The call the recording made first, event 2 "
                + "(http.request GET https://media.example/albums/7/size), answered by event 3, was made only after it "
                + "in this run: this effect came early, or is one the recording does not have. The recorded effect nearest to it, event 4, "
                + "comes after event 3 and differs in the fields below", "\(report)")
    }

    @Test("the upload made first replays green")
    func correctPasses() async {
        let report = await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
            await Uploader(platform: platform, skipsThePut: false)
        }
        #expect(report.passed, "\(report)")
    }
}
