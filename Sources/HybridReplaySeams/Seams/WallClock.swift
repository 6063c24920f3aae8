import Foundation

/// The date and time of day as app code reads it: the platform's calendar,
/// beside its ``Platform/clock`` for durations.
///
/// Code that compares dates — a cookie's `Max-Age`, a token's expiry,
/// "today" — reads ``now`` from the platform instead of calling `Date()`.
/// A replay then gives it the date of the recording moved on by the
/// cassette's virtual time, so a session recorded on one day replays on any
/// other; the simulated platform gives a fixed date moved on by its clock.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A wall clock that reads `now`.
    public init(_ now: @escaping @Sendable () -> Date) { read = now }

    /// The current date.
    public var now: Date { read() }

    /// The system's date, `Date()`: what an app runs with.
    public static let system = WallClock { Date() }

    /// Always `date`.
    public static func fixed(_ date: Date) -> WallClock { WallClock { date } }

    /// `start`, moved on by the time that passes on `clock` from now on: a
    /// wall date that follows a manual or virtual clock.
    public static func starting(at start: Date, on clock: any Clock<Duration>) -> WallClock {
        follow(start, clock)
    }

    private static func follow<C: Clock<Duration>>(_ start: Date, _ clock: C) -> WallClock {
        let origin = clock.now
        return WallClock { start.addingTimeInterval(origin.duration(to: clock.now).timeInterval) }
    }
}
