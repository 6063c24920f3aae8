import HybridReplaySeams

/// JSON object literals inside JavaScript source, written in one key order so
/// that two scripts that differ only in the order of an object's keys are the
/// same script.
///
/// A bridge answers the page with a script such as
/// `window.bank.resolve('p1', {"amount":42.5,"currency":"EUR"})`, the object
/// written by `JSONEncoder`. Without `.sortedKeys` the encoder's key order is
/// not stable: on Linux it changes from one process to the next. The
/// recorder writes such scripts with ``written(_:)``, so re-recording
/// unchanged code gives the same bytes; a replay and `cassette diff` compare
/// them with ``canonical(_:)``, so a cassette recorded before either side
/// sorted them still matches. Arrays keep their order, and everything else in
/// a script — JSON inside a string literal included — stays as written.
package enum EmbeddedJSON {
    /// `script` with each JSON object literal outside a string rewritten compactly with sorted keys.
    ///
    /// Every literal that parses is rewritten, even one whose numbers a
    /// `Double` cannot hold exactly: two such scripts compare by the values
    /// a reader sees, as the rest of a payload does.
    package static func canonical(_ script: String) -> String {
        rewriting(script) { literal in (try? JSONReader.platformDefault.read(literal))?.objectValue.map(JSONValue.object) }
    }

    /// `script` with each JSON object literal outside a string rewritten
    /// compactly with sorted keys, when the rewritten text holds exactly the
    /// value written (see ``ExactJSONText``); other literals stay byte for byte.
    package static func written(_ script: String) -> String {
        rewriting(script) { literal in
            guard let value = ExactJSONText.value(of: literal), case .object = value else { return nil }
            return value
        }
    }

    /// `script` with each object literal outside a string for which `value` gives a value printed compactly in its place.
    private static func rewriting(_ script: String, _ value: ([UInt8]) -> JSONValue?) -> String {
        // Most scripts hold no object: they are not copied.
        guard script.utf8.contains(UInt8(ascii: "{")) else { return script }
        let bytes = Array(script.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var quote: UInt8?
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                output.append(byte)
                if byte == backslash, index + 1 < bytes.count {
                    output.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == open { quote = nil }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                quote = byte
            } else if byte == UInt8(ascii: "{"), startsObjectLiteral(bytes, at: index),
                let end = closingBrace(bytes, from: index),
                let object = value(Array(bytes[index...end]))
            {
                let printed = Array(CanonicalPrinter.compactText(object).utf8)
                changed = changed || printed[...] != bytes[index...end]
                output += printed
                index = end + 1
                continue
            }
            output.append(byte)
            index += 1
        }
        return changed ? String(decoding: output, as: UTF8.self) : script
    }

    private static let backslash = UInt8(ascii: "\\")

    /// Whether the brace at `index` can open a JSON object: the next non-space byte starts a key or closes it.
    /// JavaScript blocks (`{ return x }`) are skipped without trying to parse them.
    private static func startsObjectLiteral(_ bytes: [UInt8], at index: Int) -> Bool {
        var next = index + 1
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        return next < bytes.count && (bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "}"))
    }

    /// The index of the brace that closes the one at `start`, reading JSON strings; `nil` when none does.
    private static func closingBrace(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == backslash {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return byte == UInt8(ascii: "}") ? index : nil }
            }
            index += 1
        }
        return nil
    }
}
