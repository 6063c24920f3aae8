import Foundation
@testable import HybridReplay
import Testing

@Suite("The replay's virtual clock")
struct ReplayerClockTests {
    /// A fix every minute for ten minutes; the service waits 30 s on its clock
    /// before publishing each, as a debounce would.
    static func tenMinutes() -> Cassette {
        var events = [Event(id: 1, at: 0, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full))]
        events.append(Event(id: 2, at: 0.001, cause: 1, payload: LocationUpdatesStart()))
        var id = 2
        for minute in 1...10 {
            let fix = LocationFix(latitude: 37 + Double(minute) / 1000, longitude: -122, timestamp: "2026-11-30T10:\(String(format: "%02d", minute)):00Z")
            id += 1
            events.append(Event(id: id, at: Double(minute * 60), payload: LocationUpdate([fix])))
            id += 1
            events.append(Event(id: id, at: Double(minute * 60 + 30), cause: id - 1, payload: LocationServiceValue(stream: "coordinates", value: .object(["latitude": .number(fix.latitude), "at": .number(Double(minute * 60 + 30))]))))
        }
        return makeCassette(events, name: "ten-minutes")
    }

    final class DebouncingService: LocationManagerDelegate, @unchecked Sendable {
        let manager: any LocationManager
        let output: any LocationServiceOutput
        let clock: any Clock<Duration>
        let start: ContinuousClock.Instant
        var delay: Duration = .seconds(30)

        init(platform: Platform, delay: Duration = .seconds(30)) {
            manager = platform.locationManager
            output = platform.locationOutput
            clock = platform.clock
            start = ContinuousClock.now
            self.delay = delay
            manager.setDelegate(self)
        }

        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
            if status.isAuthorized { manager.startUpdatingLocation() }
        }

        func locationManager(didUpdateLocations locations: [LocationFix]) {
            guard let fix = locations.last else { return }
            Task {
                try await clock.sleep(for: delay)
                let elapsed = (clock as? ReplayClock).map { $0.now.offset } ?? .zero
                output.publish(.object(["latitude": .number(fix.latitude), "at": .number(Double(elapsed.components.seconds))]), on: "coordinates")
            }
        }

        func locationManager(didFailWithError error: LocationErrorCode) {}
    }

    @Test("a ten-minute session with 30-second waits replays on the virtual clock")
    func tenMinuteTimeline() async throws {
        let cassette = Self.tenMinutes()
        #expect(CassetteValidator.problems(in: cassette).isEmpty)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { DebouncingService(platform: $0) }
        #expect(report.passed, "\(report)")
        // Each value carries the virtual time it was published at: 30 s after its fix.
        let values: [JSONValue] = report.trace.events.compactMap { $0.payload(as: LocationServiceValue.self)?.value }
        let published: [JSONValue] = values.compactMap { $0.objectValue?["at"] }
        let expected: [JSONValue] = (1...10).map { minute in JSONValue.number(Double(minute * 60 + 30)) }
        #expect(published == expected)
        #expect(report.trace.events.last?.at == 630)
    }

    @Test("an implementation that waits longer than recorded is reported missing the effect, naming its wait")
    func lateByTheClock() async throws {
        let report = await Replayer(cassette: Self.tenMinutes(), options: fastReplay).replay {
            DebouncingService(platform: $0, delay: .seconds(45))
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        #expect(issue.eventID == 4)
        #expect(issue.stall?.clock == .seconds(60) && issue.stall?.sleeperDeadline == .seconds(105), "\(issue)")
    }

    @Test("sleeping on the replay clock returns when the replay reaches the deadline, without real waiting")
    func clockJumps() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "tick", direction: .stimulus)),
            Event(id: 2, at: 3600, cause: 1, payload: CustomEvent(name: "hourLater", direction: .effect)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let handler = Sleeper(platform: platform)
            platform.custom.setHandler(handler)
            return handler
        }
        #expect(report.passed, "\(report)")
    }

    @Test("cassette times are whole microseconds, so a timer and a stimulus recorded at 0.7 + 0.1 and 0.8 s tie exactly")
    func integerTies() {
        let sum = Event(id: 1, at: 0.7 + 0.1, payload: CustomEvent(name: "a", direction: .stimulus))
        let written = Event(id: 2, at: 0.8, payload: CustomEvent(name: "b", direction: .stimulus))
        #expect(0.7 + 0.1 != 0.8)
        #expect(sum.time == written.time)
        #expect(sum.time == .milliseconds(800))
    }

    @Test("a time no Duration can hold, in a cassette nobody validated, is clamped instead of trapping")
    func hugeTimes() {
        #expect(Event(id: 1, at: 1e300, payload: CustomEvent(name: "a", direction: .stimulus)).time == .microseconds(Int64.max))
        #expect(Event(id: 1, at: .nan, payload: CustomEvent(name: "a", direction: .stimulus)).time == .microseconds(Int64.max))
        #expect(Event(id: 1, at: -1e300, payload: CustomEvent(name: "a", direction: .stimulus)).time == .zero)
    }

    struct Sleeper: CustomEventHandler {
        let platform: Platform

        func didReceive(_ event: CustomEvent) {
            Task {
                try await platform.clock.sleep(for: .seconds(3600))
                platform.custom.send(CustomEvent(name: "hourLater", direction: .effect))
            }
        }
    }
}
