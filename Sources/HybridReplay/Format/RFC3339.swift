/// Checks the date-time form cassettes use for timestamps: RFC 3339, such as
/// `2026-11-30T11:46:56.125Z` or `2026-11-30T12:46:56+01:00`.
enum RFC3339 {
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int, in range: ClosedRange<Int>) -> Bool {
            guard index + count <= bytes.count else { return false }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return range.contains(value)
        }
        func literal(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard digits(4, in: 0...9999), literal("-"), digits(2, in: 1...12), literal("-"), digits(2, in: 1...31),
            literal("Tt"), digits(2, in: 0...23), literal(":"), digits(2, in: 0...59), literal(":"),
            digits(2, in: 0...60)
        else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard index > start else { return false }
        }
        if literal("Zz") { return index == bytes.count }
        guard literal("+-"), digits(2, in: 0...23), literal(":"), digits(2, in: 0...59) else { return false }
        return index == bytes.count
    }
}
