import Foundation

extension Duration {
    /// The duration in seconds, as `Date` and `URLRequest` take it.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
