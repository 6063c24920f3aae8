import HybridReplay
import Testing

@Suite struct DurationCountTests {
    @Test("whole units truncate toward zero by default, on either side of zero")
    func truncates() {
        #expect(Duration.milliseconds(1999).count(of: .seconds) == 1)
        #expect(Duration.microseconds(2500).count(of: .milliseconds) == 2)
        #expect((.zero - Duration.microseconds(2500)).count(of: .milliseconds) == -2)
        #expect(Duration.seconds(30).count(of: .milliseconds) == 30_000)
    }

    @Test("rounding to the nearest sends a half away from zero, or to the even neighbour")
    func roundsToNearest() {
        let half = Duration.nanoseconds(2500)
        #expect(half.count(of: .microseconds, rounding: .toNearestOrAwayFromZero) == 3)
        #expect((.zero - half).count(of: .microseconds, rounding: .toNearestOrAwayFromZero) == -3)
        #expect(half.count(of: .microseconds, rounding: .toNearestOrEven) == 2)
        #expect(Duration.nanoseconds(2499).count(of: .microseconds, rounding: .toNearestOrAwayFromZero) == 2)
    }

    @Test("rounding up and down follow the number line")
    func roundsUpAndDown() {
        let part = Duration.nanoseconds(1500)
        #expect(part.count(of: .microseconds, rounding: .up) == 2)
        #expect(part.count(of: .microseconds, rounding: .down) == 1)
        #expect((.zero - part).count(of: .microseconds, rounding: .down) == -2)
        #expect((.zero - part).count(of: .microseconds, rounding: .awayFromZero) == -2)
    }
}
