import Foundation

extension RFC3339 {
    /// `date` in UTC to the millisecond, clamped to the years 0000–9999 that
    /// the format can write, such as `2026-01-31T12:00:00.25Z`.
    ///
    /// For dates that come from a platform API (a fix's timestamp, a cookie's
    /// expiry): they are total, never trap, and never fail. A `Date` holds no
    /// exact decimal fraction, so milliseconds are the precision kept; `nan`
    /// becomes the earliest writable instant.
    ///
    /// - Parameter date: The instant.
    /// - Returns: The date-time text.
    package static func clampedString(milliseconds date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let lowest = Double(writableSeconds.lowerBound) * 1000
        let highest = Double(writableSeconds.upperBound) * 1000 - 1
        let clamped = milliseconds >= lowest ? min(milliseconds, highest) : lowest
        return string(.milliseconds(Int64(clamped))) ?? "0000-01-01T00:00:00Z"
    }
}
