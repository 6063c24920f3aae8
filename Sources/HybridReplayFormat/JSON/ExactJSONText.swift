import HybridReplaySeams

/// JSON text that the recorder may write again canonically: its canonical
/// text holds exactly the value written, not merely the value a reader sees.
///
/// A reader holds numbers as `Double`, so `9007199254740993`, `0.1000000000000000055`
/// and `1e-400` read as values whose canonical text is another number;
/// rewriting them would record something the app did not send. A string
/// escaping half a surrogate pair (`"\ud800"`) has no exact value either.
/// Text with any of those is kept as it was.
package enum ExactJSONText {
    /// The value `bytes` hold, when they are one JSON document the strict
    /// reader accepts and every number in it is written as exactly the
    /// `Double` it reads as (`1.50`, `1e2` and `-0.0` are; `9007199254740993` is not).
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The value, or `nil` when the text does not parse or a canonical rewrite would change it.
    package static func value(of bytes: [UInt8]) -> JSONValue? {
        guard let value = try? JSONReader.platformDefault.read(bytes), isExact(bytes) else { return nil }
        return value
    }

    /// Whether each number and each `\u` escape of `bytes`, a strictly valid JSON text, is exact.
    private static func isExact(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let end = endOfString(bytes, from: index + 1) else { return false }
                index = end + 1
            } else if byte == UInt8(ascii: "-") || isDigit(byte) {
                var end = index + 1
                while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
                guard numberIsExact(bytes[index..<end]) else { return false }
                index = end
            } else {
                index += 1
            }
        }
        return true
    }

    /// The index of the quote that ends the string whose first byte is at
    /// `start`, or `nil` when the string escapes an unpaired surrogate.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return index
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                guard bytes[index + 1] == UInt8(ascii: "u") else {
                    index += 2
                    continue
                }
                guard let unit = codeUnit(bytes, at: index + 2) else { return nil }
                if (0xDC00...0xDFFF).contains(unit) { return nil }
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                        bytes[index + 7] == UInt8(ascii: "u"), let low = codeUnit(bytes, at: index + 8),
                        (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    index += 12
                } else {
                    index += 6
                }
            default:
                index += 1
            }
        }
        return nil
    }

    /// The UTF-16 code unit of the four hex digits at `index`.
    private static func codeUnit(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        return UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    }

    /// Whether the number token `token` is written as exactly the `Double` it
    /// reads as: its decimal equals that of the double's canonical text.
    private static func numberIsExact(_ token: ArraySlice<UInt8>) -> Bool {
        guard let number = Double(String(decoding: token, as: UTF8.self)), number.isFinite,
            let written = WrittenDecimal(token), let canonical = WrittenDecimal(Array(CanonicalNumber.text(number).utf8)[...])
        else { return false }
        return written == canonical
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// A decimal number as its sign, its significant digits (no leading or
    /// trailing zeros; none for zero) and the power of ten of the last digit.
    private struct WrittenDecimal: Equatable {
        var negative: Bool
        var digits: [UInt8]
        var exponent: Int

        /// The decimal a JSON number token writes; `nil` for an exponent too long to matter.
        init?(_ token: ArraySlice<UInt8>) {
            var rest = token[...]
            negative = rest.first == UInt8(ascii: "-")
            if negative { rest = rest.dropFirst() }
            let mantissaEnd = rest.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? rest.endIndex
            let mantissa = rest[..<mantissaEnd]
            var power = 0
            if mantissaEnd < rest.endIndex {
                var exponentText = rest[(mantissaEnd + 1)...]
                let negativeExponent = exponentText.first == UInt8(ascii: "-")
                if exponentText.first == UInt8(ascii: "-") || exponentText.first == UInt8(ascii: "+") {
                    exponentText = exponentText.dropFirst()
                }
                // Beyond six digits no Double is exact; the reader rejects what overflows.
                guard exponentText.count <= 6, let magnitude = Int(String(decoding: exponentText, as: UTF8.self))
                else { return nil }
                power = negativeExponent ? -magnitude : magnitude
            }
            let point = mantissa.firstIndex(of: UInt8(ascii: "."))
            let fraction = point.map { mantissa[($0 + 1)...] } ?? []
            var all = Array(mantissa.filter { $0 != UInt8(ascii: ".") })
            power -= fraction.count
            while all.first == UInt8(ascii: "0") { all.removeFirst() }
            while all.last == UInt8(ascii: "0") {
                all.removeLast()
                power += 1
            }
            digits = all
            exponent = all.isEmpty ? 0 : power
        }
    }
}
