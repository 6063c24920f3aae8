import Foundation

extension Duration {
    /// The duration in seconds, as `Date` and `URLRequest` take it.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A unit a duration is counted in whole.
    package enum WholeUnit: Int64, Sendable {
        case seconds = 1_000_000_000_000_000_000
        case milliseconds = 1_000_000_000_000_000
        case microseconds = 1_000_000_000_000
    }

    /// The duration as a whole number of `unit`s, counted without floating point.
    ///
    /// - Parameters:
    ///   - unit: What to count: seconds, milliseconds or microseconds.
    ///   - rule: How a part of a unit rounds; toward zero (truncation) by default.
    /// - Returns: The number of units.
    package func count(of unit: WholeUnit, rounding rule: FloatingPointRoundingRule = .towardZero) -> Int64 {
        let (seconds, attoseconds) = components
        let perUnit = unit.rawValue
        let quotient = seconds * (WholeUnit.seconds.rawValue / perUnit) + attoseconds / perUnit
        // The components share a sign, so the remainder has the duration's sign.
        let remainder = attoseconds % perUnit
        guard remainder != 0 else { return quotient }
        let away = quotient + remainder.signum()
        let half = remainder.magnitude * 2
        switch rule {
        case .towardZero: return quotient
        case .awayFromZero: return away
        case .down: return remainder < 0 ? away : quotient
        case .up: return remainder > 0 ? away : quotient
        case .toNearestOrAwayFromZero: return half >= perUnit.magnitude ? away : quotient
        case .toNearestOrEven:
            return half > perUnit.magnitude || (half == perUnit.magnitude && !quotient.isMultiple(of: 2)) ? away : quotient
        @unknown default: return quotient
        }
    }
}
