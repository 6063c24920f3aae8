import HybridReplaySeams

/// JSON object literals inside JavaScript source, written in one key order so
/// that two scripts that differ only in the order of an object's keys compare equal.
///
/// A bridge answers the page with a script such as
/// `window.bank.resolve('p1', {"amount":42.5,"currency":"EUR"})`, the object
/// written by `JSONEncoder`. Without `.sortedKeys` the encoder's key order is
/// not stable: on Linux it changes from one process to the next, so a
/// recording and its replay disagree on text that means the same object.
/// The replay compares such scripts with every object literal that parses as
/// JSON rewritten with sorted keys; arrays keep their order, and everything
/// else in the script is compared as written.
enum EmbeddedJSON {
    /// `script` with each JSON object literal outside a string rewritten compactly with sorted keys.
    static func canonical(_ script: String) -> String {
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
                case .object(let members)? = try? JSONReader.platformDefault.read(Array(bytes[index...end]))
            {
                output += Array(CanonicalPrinter.compactText(.object(members)).utf8)
                changed = true
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

/// The form of a payload that a replay compares: a JavaScript call's source
/// with its JSON object literals in one key order (see ``EmbeddedJSON``);
/// HTTP bodies as the document their `Content-Type` says (see
/// ``PayloadComparison/comparableBodies(_:)``); every other payload as it is.
enum ComparedForm {
    static func of(_ payload: any EventPayload) -> any EventPayload {
        let payload = PayloadComparison.comparableBodies(payload)
        guard var evaluation = payload as? JavaScriptEvaluation else { return payload }
        let canonical = EmbeddedJSON.canonical(evaluation.script)
        guard canonical != evaluation.script else { return payload }
        evaluation.script = canonical
        return evaluation
    }
}
