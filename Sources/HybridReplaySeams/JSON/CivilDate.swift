/// A day of the proleptic Gregorian calendar: today's calendar run back
/// before 1582 and through year 0 (1 BC), the calendar RFC 3339 and cookie
/// dates count in.
///
/// The day arithmetic is Howard Hinnant's `days_from_civil` and
/// `civil_from_days` (<https://howardhinnant.github.io/date_algorithms.html>):
/// integer-only, so it gives the same day on every platform, time zone and
/// locale, as a cassette must, where `Calendar` depends on all three.
package struct CivilDate: Sendable, Hashable {
    /// The year; 0 is 1 BC and -1 is 2 BC.
    package var year: Int
    /// The month, from 1 for January to 12 for December.
    package var month: Int
    /// The day of the month, from 1.
    package var day: Int

    /// Creates the date with the given fields, unchecked.
    ///
    /// - Parameters:
    ///   - year: The year; 0 is 1 BC.
    ///   - month: The month, 1 to 12; other values give meaningless days.
    ///   - day: The day of the month, from 1; see ``daysSince1970`` for a
    ///     day past the month's end.
    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date `days` days after 1970-01-01 (`civil_from_days`).
    ///
    /// - Parameter days: The days since 1970-01-01; negative before it.
    package init(daysSince1970 days: Int) {
        // Counting from 0000-03-01 puts February, and its leap day, at the end of each year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The days from 1970-01-01 to this date, negative before it
    /// (`days_from_civil`).
    ///
    /// A day past the end of its month counts on into the next month
    /// (2026-02-31 is 2026-03-03): ``RFC3339/date(_:)`` checks days only
    /// against 1...31 and relies on this to read such a date as it always has.
    package var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether this date's day exists in its month and its month in the year.
    package var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.numberOfDays(inMonth: month, of: year)
    }

    /// Whether `year` has a 29 February: every fourth year, but not every
    /// hundredth unless it is a four-hundredth.
    ///
    /// - Parameter year: The year; 0 is 1 BC, a leap year.
    /// - Returns: `true` for a leap year.
    package static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// How many days `month` of `year` has.
    ///
    /// - Parameters:
    ///   - month: The month, 1 to 12.
    ///   - year: The year, which decides February.
    /// - Returns: 28 to 31.
    package static func numberOfDays(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
