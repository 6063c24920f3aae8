import Foundation

/// Finds values in a cassette that look like secrets left unredacted:
/// credentials in sensitive headers and cookies, secret-named fields in
/// bodies, bearer tokens and JWTs, and credentials in URL query items.
///
/// Findings are warnings: a cassette with them still replays, but should
/// not be committed until the values are redacted.
package enum SecretScanner {
    /// The placeholder recorders write in place of a redacted value.
    package static let redactedPlaceholder = "[REDACTED]"

    /// Header names whose values are credentials.
    static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
    ]

    /// Endings of field and query-item names that usually hold credentials,
    /// compared without case, `_` or `-`: `access_token`, `apiKey`, `client-secret`.
    static let secretNameEndings = ["password", "passwd", "secret", "token", "apikey", "credential", "credentials", "sessionid"]

    /// Words that mark a value as a deliberate fixture rather than a real secret.
    static let fixtureMarkers = ["fake", "dummy", "example"]

    /// Every likely secret in `cassette`, in event order.
    package static func findings(in cassette: Cassette) -> [CassetteProblem] {
        var findings: [CassetteProblem] = []
        for (index, event) in cassette.events.enumerated() {
            let path = JSONPath([.key("events"), .index(index), .key("payload")])
            scan(EventCoding.payloadNode(event.payload), path: path, into: &findings)
        }
        return findings
    }

    private static func scan(_ node: CanonicalNode, path: JSONPath, into findings: inout [CassetteProblem]) {
        switch node {
        case .value(let value):
            scan(value, path: path, into: &findings)
        case .array(let elements):
            for (index, element) in elements.enumerated() { scan(element, path: path.appending(index: index), into: &findings) }
        case .object(let members):
            let strings = Dictionary(members.compactMap { key, node -> (String, String)? in
                if case .value(.string(let text)) = node { return (key, text) }
                return nil
            }, uniquingKeysWith: { first, _ in first })
            checkRecord(strings, path: path, into: &findings)
            for (key, child) in members where !(strings[key] != nil && isStructuralKey(key, of: strings)) {
                scan(child, path: path.appending(key), into: &findings)
            }
        }
    }

    private static func scan(_ value: JSONValue, path: JSONPath, into findings: inout [CassetteProblem]) {
        switch value {
        case .string(let text):
            if let kind = tokenKind(text) {
                findings.append(CassetteProblem(path: path, message: "this string looks like \(kind); redact it"))
            } else if let item = secretQueryItem(text) {
                findings.append(CassetteProblem(path: path, message: "query item '\(item)' looks like a credential; redact it"))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { scan(element, path: path.appending(index: index), into: &findings) }
        case .object(let members):
            for (key, child) in members.sorted(by: { $0.key < $1.key }) {
                let childPath = path.appending(key)
                if case .string(let text) = child, isSecretName(key), !isRedacted(text) {
                    findings.append(CassetteProblem(path: childPath, message: "field '\(key)' looks like a secret; redact it"))
                } else {
                    scan(child, path: childPath, into: &findings)
                }
            }
        default:
            break
        }
    }

    /// Headers (`name`/`value`) and cookies (`name`/`value`/`domain`) are records whose `value` is the secret.
    private static func checkRecord(_ strings: [String: String], path: JSONPath, into findings: inout [CassetteProblem]) {
        guard let name = strings["name"], let value = strings["value"] else { return }
        if strings["domain"] == nil, let cookieValues = cookieValues(ofHeader: name, value) {
            // Each cookie on its own: one redacted value must not hide another left in clear.
            guard !cookieValues.allSatisfy(isRedacted) else { return }
            findings.append(CassetteProblem(path: path.appending("value"), message: "header '\(name)' holds an unredacted credential; redact it"))
            return
        }
        guard !isRedacted(value) else { return }
        if strings["domain"] != nil {
            findings.append(CassetteProblem(path: path.appending("value"), message: "cookie '\(name)' holds an unredacted value; redact it"))
        } else if sensitiveHeaders.contains(name.lowercased()) {
            findings.append(CassetteProblem(path: path.appending("value"), message: "header '\(name)' holds an unredacted credential; redact it"))
        }
    }

    /// The cookie values a `Cookie` or `Set-Cookie` header carries (for
    /// `Set-Cookie`, only the first pair's: the rest are attributes), or
    /// `nil` for another header. Names and attributes are no secret, and an
    /// empty value (a cookie being deleted) is none either.
    private static func cookieValues(ofHeader name: String, _ value: String) -> [String]? {
        let pairs: [Substring]
        switch name.lowercased() {
        case "cookie": pairs = value.split(separator: ";")
        case "set-cookie": pairs = [value.prefix { $0 != ";" }]
        default: return nil
        }
        return pairs.map { pair in
            (pair.firstIndex(of: "=").map { pair[pair.index(after: $0)...] } ?? pair).trimmingCharacters(in: .whitespaces)
        }
    }

    private static func isStructuralKey(_ key: String, of strings: [String: String]) -> Bool {
        key == "value" && strings["name"] != nil
    }

    static func isSecretName(_ name: String) -> Bool {
        let folded = name.lowercased().filter { $0 != "_" && $0 != "-" }
        return secretNameEndings.contains { folded.hasSuffix($0) } || folded == "auth" || folded == "authorization"
    }

    /// Whether `value` needs no redaction: already redacted, empty, masked,
    /// or marked as a fixture (`fake-session-7f3a`).
    static func isRedacted(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return value.isEmpty || lowered.contains("redacted") || value.allSatisfy { $0 == "*" || $0 == "x" || $0 == "X" }
            || fixtureMarkers.contains { lowered.contains($0) }
    }

    /// A description of the token `text` looks like, or `nil`.
    private static func tokenKind(_ text: String) -> String? {
        if isRedacted(text) { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("bearer "), trimmed.count > 15 { return "a bearer token" }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].hasPrefix("eyJ"), parts[1].hasPrefix("eyJ"), parts.allSatisfy({ !$0.isEmpty }) {
            return "a JSON Web Token"
        }
        return nil
    }

    /// The name of a credential-like query item in a URL string, or `nil`.
    private static func secretQueryItem(_ text: String) -> String? {
        guard text.contains("?"), text.contains("://"), let components = URLComponents(string: text) else { return nil }
        for item in components.queryItems ?? [] {
            if isSecretName(item.name), let value = item.value, !isRedacted(value) { return item.name }
        }
        return nil
    }
}
