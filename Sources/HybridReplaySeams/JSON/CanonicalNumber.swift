/// Prints numbers in the shortest form that reads back to the same `Double`.
package enum CanonicalNumber {
    /// The canonical text of `value`: `37.33233141`, `100`, `-0`, `1e+16`.
    ///
    /// Whole numbers below 10^16 print as integers (Swift would add `.0`
    /// from 2^53 up); everything else uses Swift's shortest round-tripping
    /// representation, which is valid JSON for every finite `Double`.
    ///
    /// JSON has no infinities or NaN; like JavaScript's `JSON.stringify`, the
    /// writer prints them as `null` rather than produce a file no reader accepts.
    package static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        if value.rounded() == value, abs(value) < 1e16 {
            return String(Int64(value))
        }
        return value.description
    }
}
