/// Prints numbers in the shortest form that reads back to the same `Double`.
enum CanonicalNumber {
    /// The canonical text of `value`: `37.33233141`, `100`, `-0`, `1e+16`.
    ///
    /// Whole numbers below 2^53 print without a fraction; everything else
    /// uses Swift's shortest round-tripping representation, which is valid
    /// JSON for every finite `Double`.
    static func text(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return value.description
    }
}
