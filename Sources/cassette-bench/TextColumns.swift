import Foundation

/// Number and column formatting shared by the benchmark's reports.
enum TextColumns {
    /// `value` with `places` decimals.
    static func fixed(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

    /// `text` padded with spaces to `width` characters, on the left when `left` is set.
    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
