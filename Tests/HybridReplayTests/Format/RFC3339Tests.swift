import Foundation
import Testing

@testable import HybridReplay

@Suite("RFC3339")
struct RFC3339Tests {
    /// 2026-01-31T12:00:00Z.
    static let noon = Date(timeIntervalSince1970: 1_769_860_800)

    // MARK: Reading

    @Test("reads the fields of a date-time, a negative offset and its fraction included")
    func fields() throws {
        let dateTime = try #require(RFC3339.dateTime("2026-01-31T07:00:00.250-05:00"))

        #expect(dateTime.date == CivilDate(year: 2026, month: 1, day: 31))
        #expect([dateTime.hour, dateTime.minute, dateTime.second] as [Int] == [7, 0, 0])
        #expect(dateTime.fraction == "250")
        #expect(dateTime.attoseconds == 250_000_000_000_000_000)
        #expect(dateTime.offset == -5 * 3600)
        #expect(RFC3339.dateTime("2026-01-31t12:00:00z")?.offset == 0)
    }

    @Test("reads a date-time without a zone, which is not valid RFC 3339")
    func missingZone() {
        #expect(RFC3339.dateTime("2026-01-31T12:00:00")?.offset == nil)
        #expect(RFC3339.dateTime("2026-01-31T12:00:00") != nil)
        #expect(!RFC3339.isValid("2026-01-31T12:00:00"))
        #expect(RFC3339.isValid("2026-01-31T12:00:00+14:00"))
    }

    @Test(
        "rejects text that is not a date-time",
        arguments: [
            "", "2026-01-31", "2026-01-31 12:00:00Z", "2026-13-01T00:00:00Z", "2026-01-32T00:00:00Z",
            "2026-01-31T24:00:00Z", "2026-01-31T12:60:00Z", "2026-01-31T12:00:61Z", "2026-01-31T12:00:00.Z",
            "2026-01-31T12:00:00+1:00", "2026-01-31T12:00:00+24:00", "2026-01-31T12:00:00Z ", "+2026-01-31T12:00:00Z",
        ])
    func rejects(text: String) {
        #expect(RFC3339.dateTime(text) == nil)
        #expect(!RFC3339.isValid(text))
        #expect(RFC3339.date(text) == nil)
    }

    @Test("reads the instant a date-time names as a Date, offsets and fractions applied")
    func dates() {
        #expect(RFC3339.date("2026-01-31T12:00:00Z") == Self.noon)
        #expect(RFC3339.date("2026-01-31T07:00:00-05:00") == Self.noon)
        #expect(RFC3339.date("2026-01-31T12:00:00.5Z") == Self.noon.addingTimeInterval(0.5))
        #expect(RFC3339.date("1969-12-31T23:59:59.75Z") == Date(timeIntervalSince1970: -0.25))
        #expect(RFC3339.date("2000-02-29T23:30:00-00:30") == Date(timeIntervalSince1970: 951_868_800))
        #expect(RFC3339.date("0001-01-01T00:00:00Z") == CookieDate.earliest)
        #expect(RFC3339.date("2026-01-31T12:00:00") == nil)
    }

    @Test("a Date reads a day past its month's end on into the next month; an exact instant refuses it")
    func dayPastMonthEnd() throws {
        #expect(RFC3339.isValid("2026-02-31T00:00:00Z"))
        #expect(RFC3339.date("2026-02-31T00:00:00Z") == RFC3339.date("2026-03-03T00:00:00Z"))
        let dateTime = try #require(RFC3339.dateTime("2026-02-31T00:00:00Z"))
        #expect(RFC3339.instant(dateTime) == nil)
    }

    // MARK: Writing

    @Test("writes a Date in UTC to the whole second, rounding down, across the writable years")
    func writesDates() {
        #expect(RFC3339.string(from: Self.noon) == "2026-01-31T12:00:00Z")
        #expect(RFC3339.string(from: Self.noon.addingTimeInterval(0.999)) == "2026-01-31T12:00:00Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: 253_402_300_799.5)) == "9999-12-31T23:59:59Z")
    }

    @Test(
        "whole-second dates round-trip through text at era and leap-day boundaries",
        arguments: [
            "0000-01-01T00:00:00Z", "0000-02-29T23:59:59Z", "0000-03-01T00:00:00Z", "0400-02-29T12:00:00Z",
            "1600-03-01T00:00:00Z", "1900-02-28T23:59:59Z", "1900-03-01T00:00:00Z", "1969-12-31T23:59:59Z",
            "1970-01-01T00:00:00Z", "2000-02-29T00:00:00Z", "2100-03-01T00:00:00Z", "9999-12-31T23:59:59Z",
        ])
    func dateRoundTrip(text: String) throws {
        let date = try #require(RFC3339.date(text))

        #expect(RFC3339.string(from: date) == text)
    }

    @Test(
        "normalises a date-time to UTC with Z and the shortest fraction",
        arguments: [
            ("2024-02-28T20:00:00-05:00", "2024-02-29T01:00:00Z"),
            ("2000-03-01T00:15:00+00:30", "2000-02-29T23:45:00Z"),
            ("1999-12-31T23:59:59.999999999-00:30", "2000-01-01T00:29:59.999999999Z"),
            ("2026-01-31T12:00:00.120Z", "2026-01-31T12:00:00.12Z"),
            ("2026-01-31T12:00:00.000000001Z", "2026-01-31T12:00:00.000000001Z"),
            ("2026-01-31T12:00:00.0000000009Z", "2026-01-31T12:00:00Z"),
            ("2026-01-31t12:00:00", "2026-01-31T12:00:00Z"),
            ("1600-02-29T23:59:60Z", "1600-03-01T00:00:00Z"),
            ("0000-02-29T12:00:00+12:00", "0000-02-29T00:00:00Z"),
            ("9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999999999Z"),
        ])
    func normalises(text: String, normalised: String) throws {
        let dateTime = try #require(RFC3339.dateTime(text))
        let instant = try #require(RFC3339.instant(dateTime))

        #expect(RFC3339.string(instant) == normalised)
    }

    @Test(
        "has no exact instant for a day that does not exist or a time outside the years 0000 to 9999",
        arguments: [
            "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "0000-01-01T00:30:00+01:00",
            "9999-12-31T23:30:00-01:00",
        ])
    func noInstant(text: String) throws {
        let dateTime = try #require(RFC3339.dateTime(text))

        #expect(RFC3339.instant(dateTime) == nil)
    }

    @Test("writes instants before 1970 with a positive fraction, and none outside the writable years")
    func writesInstants() {
        #expect(RFC3339.string(.milliseconds(-250)) == "1969-12-31T23:59:59.75Z")
        #expect(RFC3339.string(.seconds(RFC3339.writableSeconds.lowerBound)) == "0000-01-01T00:00:00Z")
        #expect(RFC3339.string(.seconds(RFC3339.writableSeconds.lowerBound) - .nanoseconds(1)) == nil)
        #expect(RFC3339.string(.seconds(RFC3339.writableSeconds.upperBound)) == nil)
        #expect(RFC3339.string(.seconds(Int64.max)) == nil)
    }
}

extension RFC3339Tests {
    @Suite("CivilDate")
    struct CivilDateTests {
        @Test(
            "counts days from 1970-01-01 at era and leap-day boundaries",
            arguments: [
                (CivilDate(year: -1, month: 12, day: 31), -719_529), (CivilDate(year: 0, month: 1, day: 1), -719_528),
                (CivilDate(year: 0, month: 2, day: 29), -719_469), (CivilDate(year: 0, month: 3, day: 1), -719_468),
                (CivilDate(year: 1, month: 1, day: 1), -719_162), (CivilDate(year: 1600, month: 3, day: 1), -135_080),
                (CivilDate(year: 1969, month: 12, day: 31), -1), (CivilDate(year: 1970, month: 1, day: 1), 0),
                (CivilDate(year: 2000, month: 2, day: 29), 11_016), (CivilDate(year: 2000, month: 3, day: 1), 11_017),
                (CivilDate(year: 9999, month: 12, day: 31), 2_932_896),
            ])
        func knownDays(date: CivilDate, days: Int) {
            #expect(date.daysSince1970 == days)
            #expect(CivilDate(daysSince1970: days) == date)
        }

        @Test(
            "every day round-trips and follows the day before it, across 400-year eras",
            arguments: [-865_565, -719_468, -135_080, 0, 11_017, 47_541, 2_932_896])
        func roundTrips(around boundary: Int) {
            var previous = CivilDate(daysSince1970: boundary - 800)
            for days in boundary - 799...boundary + 800 {
                let date = CivilDate(daysSince1970: days)
                #expect(date.isValid)
                #expect(date.daysSince1970 == days)
                let followsPrevious =
                    date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
                    || date.day == 1 && date.month == previous.month + 1 && date.year == previous.year
                    || date.day == 1 && date.month == 1 && previous.month == 12 && date.year == previous.year + 1
                #expect(followsPrevious, "\(previous) → \(date)")
                previous = date
            }
        }

        @Test("leap years are every fourth, but not every hundredth unless every four-hundredth")
        func leapYears() {
            #expect([-400, -4, 0, 4, 400, 1600, 2000, 2024].allSatisfy(CivilDate.isLeapYear))
            #expect(![-100, -1, 1, 100, 1700, 1900, 2023, 2100].contains(where: CivilDate.isLeapYear))
            #expect(CivilDate.numberOfDays(inMonth: 2, of: 2000) == 29)
            #expect(CivilDate.numberOfDays(inMonth: 2, of: 1900) == 28)
            #expect((1...12).map { CivilDate.numberOfDays(inMonth: $0, of: 2026) } == [
                31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
            ])
        }

        @Test("a day past its month's end counts on into the next month but is not valid")
        func dayPastMonthEnd() {
            let date = CivilDate(year: 2026, month: 2, day: 31)

            #expect(date.daysSince1970 == CivilDate(year: 2026, month: 3, day: 3).daysSince1970)
            #expect(!date.isValid)
            #expect(!CivilDate(year: 2026, month: 1, day: 0).isValid)
            #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        }
    }
}
