import Foundation

/// Placeholder numbers read off the cassette as it is written, not off the
/// order the session happened to run in.
///
/// The recorder numbers a secret the first time an event brings it. Where
/// concurrent child tasks' calls are written in their canonical place
/// (``Strands/canonical(_:)``), that order is not the order they were made
/// in, so two re-recordings whose children called in another order would
/// number the same secrets differently. Numbering again by first appearance
/// in the written events makes the numbers a property of the cassette.
enum PlaceholderNumbering {
    /// `events` with every `[REDACTED:<n>]` numbered 1, 2, … in the order
    /// the placeholders first appear: event by event, and in each event in
    /// the order its payload is written (the keys of free-form values sorted,
    /// the bytes of a `base64` field searched as bytes).
    ///
    /// - Returns: `events` themselves when their numbers already follow that
    ///   order, or when a payload would not read back after renumbering (it
    ///   never should: only the digits of a placeholder change).
    static func byFirstAppearance(_ events: [Event]) -> [Event] {
        var numbers: [Int: Int] = [:]
        for event in events {
            for placeholder in placeholders(in: PayloadStrings.texts(of: event.payload))
            where numbers[placeholder.number] == nil {
                numbers[placeholder.number] = numbers.count + 1
            }
        }
        guard numbers.contains(where: { $0.key != $0.value }) else { return events }
        var result = events
        for index in result.indices {
            guard
                let rewritten = PayloadStrings.rewrite(
                    result[index].payload,
                    text: { text in renumbered(text, numbers) },
                    bytes: { data in renumbered(data, numbers) })
            else { return events }
            result[index].payload = rewritten
        }
        return result
    }

    /// `bytes` with the number of every placeholder left out, so that two
    /// texts that differ only in how their secrets were numbered compare equal.
    static func masked(_ bytes: [UInt8]) -> [UInt8] {
        let found = placeholders(in: bytes)
        guard !found.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for placeholder in found {
            result += bytes[position..<placeholder.digits.lowerBound]
            position = placeholder.digits.upperBound
        }
        return result + bytes[position...]
    }

    // MARK: Finding placeholders

    private static let prefix = Array("[REDACTED:".utf8)
    private static let closing = UInt8(ascii: "]")
    /// More digits than any recording numbers; longer runs are left as text.
    private static let maximumDigits = 9

    /// Every placeholder in `bytes`, in order: the range of its digits and its number.
    private static func placeholders(in bytes: [UInt8]) -> [(digits: Range<Int>, number: Int)] {
        var found: [(digits: Range<Int>, number: Int)] = []
        var index = 0
        while index + prefix.count < bytes.count {
            guard bytes[index] == prefix[0], bytes[index..<index + prefix.count].elementsEqual(prefix) else {
                index += 1
                continue
            }
            let start = index + prefix.count
            var end = start
            var number = 0
            while end < bytes.count, end - start < maximumDigits, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                end += 1
            }
            if end > start, end < bytes.count, bytes[end] == closing, number > 0 {
                found.append((start..<end, number))
                index = end + 1
            } else {
                index += 1
            }
        }
        return found
    }

    // MARK: Renumbering

    private static func renumbered(_ bytes: [UInt8], _ numbers: [Int: Int]) -> [UInt8]? {
        let found = placeholders(in: bytes)
        guard found.contains(where: { placeholder in numbers[placeholder.number].map { $0 != placeholder.number } ?? false })
        else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for placeholder in found {
            result += bytes[position..<placeholder.digits.lowerBound]
            result += Array(String(numbers[placeholder.number] ?? placeholder.number).utf8)
            position = placeholder.digits.upperBound
        }
        return result + bytes[position...]
    }

    private static func renumbered(_ text: String, _ numbers: [Int: Int]) -> String {
        guard text.contains("[REDACTED:"), let bytes = renumbered(Array(text.utf8), numbers) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func renumbered(_ data: Data, _ numbers: [Int: Int]) -> Data {
        guard let bytes = renumbered([UInt8](data), numbers) else { return data }
        return Data(bytes)
    }
}
