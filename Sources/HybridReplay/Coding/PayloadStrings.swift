import Foundation

/// Every string a payload writes, rewritten by one function, whatever the
/// payload's kind.
///
/// The walk goes over the payload as the cassette writes it, so a kind
/// added to the format is covered without a row here: the strings of its
/// fields, the strings and keys of its free-form values (message bodies,
/// custom fields), and the bytes of a `base64` field (a body or a scheme
/// answer that is not text), rewritten as bytes.
enum PayloadStrings {
    /// `payload` with every string and every `base64` field rewritten.
    ///
    /// - Parameters:
    ///   - payload: A payload of a kind the format knows, or a ``CustomEvent``.
    ///   - text: The new text of a string or key.
    ///   - bytes: The new bytes of a `base64` field.
    /// - Returns: `payload` itself when nothing changed; the rewritten payload;
    ///   `nil` when the rewritten payload does not read back as its kind, such
    ///   as a field that takes one of a few words rewritten to another word.
    static func rewrite(
        _ payload: any EventPayload, text: (String) -> String, bytes: (Data) -> Data
    ) -> (any EventPayload)? {
        var changed = false
        let rewritten = rewrite(EventCoding.payloadNode(payload), text: text, bytes: bytes, changed: &changed)
        guard changed else { return payload }
        return EventCoding.payload(rewritten, like: payload)
    }

    /// Every string and key `payload` writes, and the bytes of its `base64`
    /// fields, as UTF-8, each followed by a zero byte: what to search before
    /// deciding to rewrite. In the order the cassette writes them (the keys
    /// of free-form values sorted), so what appears first here appears first
    /// in the written event.
    static func texts(of payload: any EventPayload) -> [UInt8] {
        var bytes: [UInt8] = []
        collect(EventCoding.payloadNode(payload), into: &bytes)
        return bytes
    }

    private static func collect(_ node: CanonicalNode, into bytes: inout [UInt8]) {
        switch node {
        case .value(let value):
            collect(value, into: &bytes)
        case .array(let elements):
            for element in elements { collect(element, into: &bytes) }
        case .object(let members):
            for (key, member) in members {
                if key == "base64", case .value(.string(let encoded)) = member, let data = Data(base64Encoded: encoded) {
                    bytes += data
                    bytes.append(0)
                } else {
                    collect(member, into: &bytes)
                }
            }
        }
    }

    private static func collect(_ value: JSONValue, into bytes: inout [UInt8]) {
        switch value {
        case .string(let text):
            bytes += text.utf8
            bytes.append(0)
        case .array(let elements):
            for element in elements { collect(element, into: &bytes) }
        case .object(let members):
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                bytes += key.utf8
                bytes.append(0)
                if let member = members[key] { collect(member, into: &bytes) }
            }
        default:
            break
        }
    }

    private static func rewrite(
        _ node: CanonicalNode, text: (String) -> String, bytes: (Data) -> Data, changed: inout Bool
    ) -> JSONValue {
        switch node {
        case .value(let value):
            return rewrite(value, text: text, changed: &changed)
        case .array(let elements):
            return .array(elements.map { rewrite($0, text: text, bytes: bytes, changed: &changed) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                // Only the format's own fields are named here: a free-form value's
                // `base64` member is a string like any other.
                if key == "base64", case .value(.string(let encoded)) = member, let data = Data(base64Encoded: encoded) {
                    let replaced = bytes(data)
                    if replaced != data { changed = true }
                    result[key] = .string(replaced.base64EncodedString())
                } else {
                    result[key] = rewrite(member, text: text, bytes: bytes, changed: &changed)
                }
            }
            return .object(result)
        }
    }

    private static func rewrite(_ value: JSONValue, text: (String) -> String, changed: inout Bool) -> JSONValue {
        switch value {
        case .string(let original):
            let replaced = text(original)
            if replaced != original { changed = true }
            return .string(replaced)
        case .array(let elements):
            return .array(elements.map { rewrite($0, text: text, changed: &changed) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            // Sorted so that two keys a rewrite makes equal keep the same one on every run.
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                let newKey = text(key)
                if newKey != key { changed = true }
                if result[newKey] == nil { result[newKey] = rewrite(member, text: text, changed: &changed) }
            }
            return .object(result)
        default:
            return value
        }
    }
}
