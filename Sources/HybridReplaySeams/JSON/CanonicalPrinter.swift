/// Prints a ``CanonicalNode`` in the canonical cassette layout: 2-space
/// indent, one member or element per line, `{}` and `[]` for empty
/// containers, non-ASCII kept as UTF-8, a trailing newline.
package struct CanonicalPrinter {
    package private(set) var bytes: [UInt8] = []
    /// Prints everything on one line, for summaries and messages.
    package var isCompact = false

    package init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// `value` on one line, keys sorted: `{"a":1,"b":[true,null]}`.
    package static func compactText(_ value: JSONValue) -> String {
        var printer = CanonicalPrinter()
        printer.isCompact = true
        printer.emit(value, indent: 0)
        return String(decoding: printer.bytes, as: UTF8.self)
    }

    package mutating func printDocument(_ node: CanonicalNode) {
        emit(node, indent: 0)
        bytes.append(UInt8(ascii: "\n"))
    }

    package mutating func emit(_ node: CanonicalNode, indent: Int) {
        switch node {
        case .value(let value):
            emit(value, indent: indent)
        case .object(let members):
            printContainer(members, open: "{", close: "}", indent: indent) { printer, member, indent in
                printer.printString(member.0)
                printer.append(printer.isCompact ? ":" : ": ")
                printer.emit(member.1, indent: indent)
            }
        case .array(let elements):
            printContainer(elements, open: "[", close: "]", indent: indent) { printer, element, indent in
                printer.emit(element, indent: indent)
            }
        }
    }

    package mutating func emit(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(CanonicalNumber.text(number))
        case .string(let string): printString(string)
        case .array(let elements):
            printContainer(elements, open: "[", close: "]", indent: indent) { printer, element, indent in
                printer.emit(element, indent: indent)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            printContainer(sorted, open: "{", close: "}", indent: indent) { printer, member, indent in
                printer.printString(member.key)
                printer.append(printer.isCompact ? ":" : ": ")
                printer.emit(member.value, indent: indent)
            }
        }
    }

    private mutating func printContainer<C: Collection>(
        _ items: C, open: StaticString, close: StaticString, indent: Int,
        _ printItem: (inout CanonicalPrinter, C.Element, Int) -> Void
    ) {
        append(open)
        if items.isEmpty {
            append(close)
            return
        }
        var first = true
        for item in items {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            if !isCompact {
                bytes.append(UInt8(ascii: "\n"))
                appendIndent(indent + 1)
            }
            printItem(&self, item, indent + 1)
        }
        if !isCompact {
            bytes.append(UInt8(ascii: "\n"))
            appendIndent(indent)
        }
        append(close)
    }

    private mutating func appendIndent(_ level: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    package mutating func printString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
