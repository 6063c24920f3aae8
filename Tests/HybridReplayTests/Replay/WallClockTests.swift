import Foundation
@testable import HybridReplay
import HybridReplaySimulation
import Testing

/// Dates as a seam: app code reads `platform.wallClock`; a recording notes
/// the date it started at, and its replay's wall clock starts there.
@Suite("The wall clock")
struct WallClockTests {
    /// Logs in, then tells the page when its session cookie expires, read
    /// from the cookie's `Max-Age` against the platform's date.
    struct SessionBridge: ScriptMessageHandler {
        let platform: Platform

        func didReceive(_ message: ScriptMessage) {
            let platform = platform
            Task {
                let url = "https://bank.example/login"
                guard let response = try? await platform.transport.send(HTTPRequest(method: "POST", url: url)) else { return }
                let cookies = response.headers.values(named: "Set-Cookie").compactMap {
                    SetCookie.parse($0, requestURL: url, now: platform.wallClock.now)
                }
                let expires = cookies.first?.expires ?? "never"
                platform.webView.evaluateJavaScript("sessionExpires(\(JavaScriptLiteral.string(expires)))", completionHandler: nil)
            }
        }
    }

    static let login = HTTPResponse(status: 200, headers: [HTTPHeader("Set-Cookie", "session=abc; Max-Age=3600; Secure")])

    /// Records a login on a simulated platform whose date is `date`.
    static func record(on date: Date) async throws -> Cassette {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "session", clock: ManualClock())
        let live = Platform.simulated(
            webView: page, transport: ScriptedHTTPTransport { _ in login }, wallClock: .fixed(date))
        let platform = recorder.platform(wrapping: live)
        let bridge = SessionBridge(platform: platform)
        platform.webView.add(bridge, name: "session")
        try page.postMessage("login", to: "session")
        // The page's result is recorded just after the evaluation: wait for what the cassette ends with.
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        return recorder.cassette()
    }

    @Test("a wall clock started on a manual clock moves with it")
    func followsTheClock() async throws {
        let clock = ManualClock()
        let wall = WallClock.starting(at: Platform.simulatedStartDate, on: clock)
        #expect(wall.now == Platform.simulatedStartDate)
        clock.advance(by: .seconds(90))
        #expect(wall.now == Platform.simulatedStartDate.addingTimeInterval(90))
    }

    @Test("a recording that reads the date notes the date it started at in its header")
    func recordingNotesItsDate() async throws {
        let date = try #require(RFC3339.date("2026-03-01T09:30:00Z"))
        let cassette = try await Self.record(on: date)
        #expect(cassette.header.recordedAt == date)
        let evaluation = try #require(cassette.events.last { $0.kind == JavaScriptEvaluation.eventKind }?.payload(as: JavaScriptEvaluation.self))
        #expect(evaluation.script.contains("2026-03-01T10:30:00Z"), "\(evaluation.script)")
        let written = String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
        #expect(written.contains(#""recordedAt": "2026-03-01T09:30:00Z""#), "\(written)")
    }

    @Test("a recording that never reads the date writes no recordedAt")
    func noDateNoField() async throws {
        let recorder = Recorder(name: "quiet", clock: ManualClock())
        _ = recorder.platform(wrapping: .simulated())
        #expect(recorder.cassette().header.recordedAt == nil)
    }

    @Test(
        "a Max-Age session recorded on one date replays green, and its replay reads the recording's date",
        arguments: ["2026-03-01T09:30:00Z", "2031-12-31T23:00:00Z"])
    func maxAgeReplays(_ recorded: String) async throws {
        let cassette = try await Self.record(on: try #require(RFC3339.date(recorded)))
        let report = await Replayer(cassette: cassette, options: ReplayOptions(repetitions: 5)).replay { platform in
            let bridge = SessionBridge(platform: platform)
            platform.webView.add(bridge, name: "session")
            return bridge
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a replay's wall clock starts at the recording's date and moves with the cassette's time")
    func replayDateFollowsTheCassette() async throws {
        let start = try #require(RFC3339.date("2026-03-01T09:30:00Z"))
        let cassette = Cassette(
            header: CassetteHeader(name: "dated", recordedAt: start),
            events: [
                Event(id: 1, at: 0, payload: CustomEvent(name: "tick", direction: .stimulus)),
                Event(id: 2, at: 90, payload: CustomEvent(name: "tick", direction: .stimulus)),
            ])
        let seen = Locked<[Date]>([])
        let report = await Replayer(cassette: cassette).replay { platform in
            let handler = DateReader(platform: platform, seen: seen)
            platform.custom.setHandler(handler, forEventNamed: "tick")
            return handler
        }
        #expect(report.passed, "\(report)")
        #expect(seen.withLock { $0 } == [start, start.addingTimeInterval(90)])
    }

    @Test("a cassette without recordedAt replays with the wall clock at 2026-01-01")
    func undatedCassette() async throws {
        let cassette = Cassette(
            header: CassetteHeader(name: "undated"),
            events: [Event(id: 1, at: 0, payload: CustomEvent(name: "tick", direction: .stimulus))])
        let seen = Locked<[Date]>([])
        _ = await Replayer(cassette: cassette).replay { platform in
            let handler = DateReader(platform: platform, seen: seen)
            platform.custom.setHandler(handler, forEventNamed: "tick")
            return handler
        }
        #expect(seen.withLock { $0 } == [ReplayClock.startDate])
    }

    @Test("recordedAt reads back as written, and a date that is not RFC 3339 is an error at its path")
    func headerField() throws {
        let text = """
            {
              "formatVersion": 2,
              "name": "dated",
              "recordedAt": "2026-03-01T09:30:00.25Z",
              "events": []
            }

            """
        let cassette = try CassetteReader().read(Array(text.utf8), path: "dated.json")
        #expect(cassette.header.recordedAt == RFC3339.date("2026-03-01T09:30:00.25Z"))
        let bad = text.replacingOccurrences(of: "2026-03-01T09:30:00.25Z", with: "yesterday")
        #expect {
            try CassetteReader().read(Array(bad.utf8), path: "dated.json")
        } throws: { error in
            "\(error)".contains("dated.json:4:") && "\(error)".contains("RFC 3339")
        }
    }
}

/// Notes the wall clock's date at each custom event.
private struct DateReader: CustomEventHandler {
    let platform: Platform
    let seen: Locked<[Date]>

    func didReceive(_ event: CustomEvent) {
        let now = platform.wallClock.now
        seen.withLock { $0.append(now) }
    }
}
