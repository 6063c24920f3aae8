import Foundation

/// Finds values in a cassette that look like secrets left unredacted:
/// credentials in sensitive headers and cookies, secret-named fields and
/// query items, and credentials by their shape (JWTs, bearer tokens,
/// well-known key prefixes, URL userinfo).
///
/// It looks through the encodings a secret hides behind: a `base64` body
/// is decoded, and JSON held in a string, a form body or a URL's query is
/// read, before it is searched. Each finding names the field of the cassette
/// that holds it, which the reader turns into `path:line:column`.
///
/// Findings are warnings: a cassette with them still replays, but should
/// not be committed until the values are redacted.
package enum SecretScanner {
    /// The placeholder recorders write in place of a redacted value.
    package static let redactedPlaceholder = "[REDACTED]"

    /// Header names whose values are credentials, besides those ``SecretFieldNames/default`` matches.
    static let sensitiveHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Words that mark a value as a deliberate fixture rather than a real secret.
    static let fixtureMarkers = ["fake", "dummy", "example"]

    /// How deep JSON held in strings is followed, so a crafted cassette cannot make the scan recurse without end.
    static let maximumNesting = 4

    /// One likely secret: the problem lint reports, and the values it is
    /// about, for a command that must not print them.
    package struct Finding: Sendable {
        /// Where the secret is and what it looks like; it never holds the value.
        package var problem: CassetteProblem
        /// The secret values as the cassette holds them (a form field's value
        /// decoded), such as the token of an `Authorization` header without its scheme.
        package var values: [String]
    }

    /// Every likely secret in `cassette`, in event order.
    package static func findings(in cassette: Cassette) -> [CassetteProblem] {
        secrets(in: cassette).map(\.problem)
    }

    /// Every likely secret in `cassette` with its values, in event order.
    package static func secrets(in cassette: Cassette) -> [Finding] {
        // Names the recording exempted (`fields:not-secret:<name>`) are read as it read them.
        var scan = Scan(names: Redaction.secretFieldNames(forRuleNames: cassette.header.redactions))
        for (index, event) in cassette.events.enumerated() {
            let path = JSONPath([.key("events"), .index(index), .key("payload")])
            scan.node(EventCoding.payloadNode(event.payload), path: path)
            if let answer = event.payload as? JavaScriptDialogAnswer, let text = answer.text, !isRedacted(text),
                let cause = event.cause, let dialog = cassette.events.first(where: { $0.id == cause })?.payload as? JavaScriptDialog,
                dialog.kind == .prompt,
                let name = SecretFieldNames.namesAsked(inPrompt: dialog.message).first(where: scan.names.matches)
            {
                // The answer has no name of its own: the prompt's message gives it one, as the recorder reads it.
                scan.report(path.appending("text"), "the answer to a prompt asking for '\(name)' looks like a secret", "", values: [text])
            }
            if let result = event.payload as? JavaScriptResult, case .value(let value) = result.outcome, let answered = event.answers,
                let evaluation = cassette.events.first(where: { $0.id == answered })?.payload as? JavaScriptEvaluation,
                let name = ScriptLiterals.nameRead(byScript: evaluation.script)
            {
                // The result has no name of its own: what the script reads gives it one, as the recorder reads it.
                scan.result(value, read: name, path: path.appending("value"))
            }
        }
        return scan.findings
    }

    /// The credential a sensitive header's value holds: the token after a
    /// scheme (`Bearer …`, `Basic …`), or the whole value.
    static func credential(inHeaderValue value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " ") else { return trimmed }
        let scheme = trimmed[..<space]
        let rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        return scheme.allSatisfy(\.isLetter) && !rest.isEmpty ? rest : trimmed
    }

    static func isSecretName(_ name: String) -> Bool {
        SecretFieldNames.default.matches(name)
    }

    /// Whether `value` needs no redaction: already redacted, empty, masked,
    /// or marked as a fixture (`fake-session-7f3a`).
    static func isRedacted(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return value.isEmpty || lowered.contains("redacted") || value.allSatisfy { $0 == "*" || $0 == "x" || $0 == "X" }
            || fixtureMarkers.contains { lowered.contains($0) }
    }

    /// One walk over a cassette, collecting findings.
    private struct Scan {
        /// What counts as a secret's name.
        let names: SecretFieldNames
        var findings: [Finding] = []

        mutating func report(_ path: JSONPath, _ message: String, _ context: String, values: [String]) {
            let problem = CassetteProblem(path: path, message: message + context + "; redact it")
            findings.append(Finding(problem: problem, values: values))
        }

        mutating func node(_ node: CanonicalNode, path: JSONPath) {
            switch node {
            case .value(let value):
                json(value, path: path, context: "", depth: 0)
            case .array(let elements):
                for (index, element) in elements.enumerated() { self.node(element, path: path.appending(index: index)) }
            case .object(let members):
                let strings = Dictionary(members.compactMap { key, node -> (String, String)? in
                    if case .value(.string(let text)) = node { return (key, text) }
                    return nil
                }, uniquingKeysWith: { first, _ in first })
                let recordReported = record(strings, path: path)
                for (key, child) in members {
                    let childPath = path.appending(key)
                    if key == "value", recordReported { continue }
                    if key == "base64", case .value(.string(let encoded)) = child {
                        base64(encoded, path: childPath)
                    } else {
                        self.node(child, path: childPath)
                    }
                }
            }
        }

        /// A body stored as `base64`: searched as the text it decodes to.
        private mutating func base64(_ encoded: String, path: JSONPath) {
            guard let data = Data(base64Encoded: encoded) else { return }
            // Bytes that are not UTF-8, such as a multipart upload of an image beside a
            // password field, are read byte for byte as Latin-1 so their text parts are still seen.
            let text = String(bytes: data, encoding: .utf8) ?? String(String.UnicodeScalarView(data.map { Unicode.Scalar($0) }))
            self.text(text, path: path, context: " (in the base64 body)", depth: 1)
        }

        /// Headers (`name`/`value`) and cookies (`name`/`value`/`domain`) are
        /// records whose `value` is the secret; whether one was reported.
        private mutating func record(_ strings: [String: String], path: JSONPath) -> Bool {
            guard let name = strings["name"], let value = strings["value"] else { return false }
            let valuePath = path.appending("value")
            if strings["domain"] == nil, let cookieValues = cookieValues(ofHeader: name, value) {
                // Each cookie on its own: one redacted value must not hide another left in clear.
                guard !cookieValues.allSatisfy(isRedacted) else { return true }
                let unredacted = cookieValues.filter { !isRedacted($0) }
                report(valuePath, "header '\(name)' holds an unredacted credential", "", values: unredacted)
                return true
            }
            if strings["domain"] != nil {
                guard !isRedacted(value) else { return true }
                report(valuePath, "cookie '\(name)' holds an unredacted value", "", values: [value])
                return true
            }
            guard sensitiveHeaders.contains(name.lowercased()) || names.matches(name) else { return false }
            if !isRedacted(value) {
                let credential = credential(inHeaderValue: value)
                report(valuePath, "header '\(name)' holds an unredacted credential", "", values: [credential])
            }
            return true
        }

        /// The value a script reading `name` was answered with, when it is
        /// a secret's: a bare value, or the values of the cookies `document.cookie` gives.
        mutating func result(_ value: JSONValue, read name: String, path: JSONPath) {
            switch value {
            case .string(let cookies) where name == "cookie":
                let unredacted = (cookieValues(ofHeader: "Cookie", cookies) ?? []).filter { !isRedacted($0) }
                guard !unredacted.isEmpty else { return }
                report(path, "the cookies a script reads with 'document.cookie' hold unredacted values", "", values: unredacted)
            case .string, .number, .bool:
                guard names.matches(name), let secret = Self.scalarText(value), !isRedacted(secret) else { return }
                report(path, "the result of a script reading '\(name)' looks like a secret", "", values: [secret])
            case .null, .array, .object:
                return
            }
        }

        /// The cookie values a `Cookie` or `Set-Cookie` header carries (for
        /// `Set-Cookie`, only the first pair's: the rest are attributes), or
        /// `nil` for another header. Names and attributes are no secret, and
        /// an empty value (a cookie being deleted) is none either.
        private func cookieValues(ofHeader name: String, _ value: String) -> [String]? {
            let pairs: [Substring]
            switch name.lowercased() {
            case "cookie":
                // `Domain=`/`Path=`-style pairs a client copied from a Set-Cookie line are no cookie values.
                pairs = value.split(separator: ";").filter { pair in
                    !cookieAttributeNames.contains(pair.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces).lowercased())
                }
            case "set-cookie": pairs = [value.prefix { $0 != ";" }]
            default: return nil
            }
            return pairs.map { pair in
                (pair.firstIndex(of: "=").map { pair[pair.index(after: $0)...] } ?? pair).trimmingCharacters(in: .whitespaces)
            }
        }

        /// A free-form value: secret-named members, and every string as text.
        private mutating func json(_ value: JSONValue, path: JSONPath, context: String, depth: Int) {
            switch value {
            case .string(let text):
                self.text(text, path: path, context: context, depth: depth)
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    json(element, path: context.isEmpty ? path.appending(index: index) : path, context: context, depth: depth)
                }
            case .object(let members):
                for (key, child) in members.sorted(by: { $0.key < $1.key }) {
                    let childPath = context.isEmpty ? path.appending(key) : path
                    if names.matches(key), let secret = Self.scalarText(child), !isRedacted(secret) {
                        report(childPath, "field '\(key)' looks like a secret", context, values: [secret])
                    } else {
                        json(child, path: childPath, context: context, depth: depth)
                    }
                }
            case .null, .bool, .number:
                break
            }
        }

        /// Text: JSON held in it, form fields, a URL's query items, and
        /// credentials by their shape.
        private mutating func text(_ text: String, path: JSONPath, context: String, depth: Int) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if depth < maximumNesting, trimmed.hasPrefix("{") || trimmed.hasPrefix("["),
                let value = try? JSONReader.platformDefault.read(Array(trimmed.utf8))
            {
                let inner = context.isEmpty ? " (in the JSON this string holds)" : context
                json(value, path: path, context: inner, depth: depth + 1)
                return
            }
            if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
                // JSON that does not parse, such as a truncated body: its `"name": "value"` members are still read.
                for (name, value) in Self.quotedMembers(in: trimmed) where names.matches(name) && !isRedacted(value) {
                    report(
                        path, "field '\(name)' looks like a secret", context.isEmpty ? " (in JSON that does not parse)" : context,
                        values: [value])
                }
            }
            var fieldValues: Set<String> = []
            let isURL = Self.isURL(trimmed)
            // Path tokens and JSON in a query item are read in a string that is one URL, as the recorder reads them.
            let isWholeURL = FormFields.isWholeURL(Substring(trimmed))
            // An OAuth redirect's `code`, as the recorder reads it.
            let isRedirect = isURL && FormFields.isAuthorizationRedirect(Substring(trimmed))
            for (name, value) in Self.namedFields(in: trimmed) {
                if names.matches(name) || isRedirect && name == "code" {
                    guard !isRedacted(value) else { continue }
                    report(path, "\(isURL ? "query item" : "form field") '\(name)' looks like a credential", context, values: [value])
                    fieldValues.insert(value)
                } else if isWholeURL, depth < maximumNesting, let inner = embeddedJSON(value) ?? embeddedBase64JSON(value) {
                    json(inner, path: path, context: context.isEmpty ? " (in the JSON query item '\(name)' holds)" : context, depth: depth + 1)
                }
            }
            if isWholeURL {
                for token in PathTokens.ranges(inURL: trimmed, names: names) where !isRedacted(String(trimmed[token])) {
                    report(path, "a segment of this URL's path looks like a token", context, values: [String(trimmed[token])])
                }
            }
            // JSON that does not parse has its members read above; a field reported above is not reported again.
            let looksLikeJSON = trimmed.hasPrefix("{") || trimmed.hasPrefix("[")
            for member in looksLikeJSON ? [] : ScriptLiterals.secretMembers(in: text, names: names)
            where !isRedacted(String(text[member.value]))
                && !fieldValues.contains(where: { $0.contains(FormFields.decoded(text[member.value])) }) {
                let textContext = context.isEmpty ? " (in this text)" : context
                report(
                    path, "'\(member.name)' is given a value that looks like a secret", textContext, values: [String(text[member.value])])
            }
            for match in SecretShapes.matches(in: text) {
                report(path, "this string looks like \(match.kind)", context, values: [String(text[match.range])])
            }
        }

        /// The named fields `text` holds: a URL's query items, a form
        /// body's fields or a multipart body's fields.
        private static func namedFields(in text: String) -> [(name: String, value: String)] {
            if isURL(text) {
                // The query, and a fragment of `name=value` pairs (OAuth's implicit flow returns `#access_token=…`).
                let fragment = text.firstIndex(of: "#")
                var items: [(name: String, value: String)] = []
                if let question = text[..<(fragment ?? text.endIndex)].firstIndex(of: "?") {
                    items += FormFields.items(query: text[text.index(after: question)..<(fragment ?? text.endIndex)])
                }
                if let fragment { items += FormFields.items(query: text[text.index(after: fragment)...]) }
                return items
            }
            if let boundaryLine = text.split(whereSeparator: \.isNewline).first, boundaryLine.hasPrefix("--"),
                text.lowercased().contains("content-disposition: form-data")
            {
                let boundary = String(boundaryLine.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                return FormFields.fields(multipart: text, boundary: boundary)
            }
            guard FormFields.looksLikeForm(text) else { return [] }
            return FormFields.items(query: Substring(text))
        }

        /// The `"name": "value"` pairs of text that looks like JSON but does not parse.
        private static func quotedMembers(in text: String) -> [(name: String, value: String)] {
            var pairs: [(String, String)] = []
            var index = text.startIndex
            var previous: String?
            while index < text.endIndex {
                let character = text[index]
                if character == "\"" {
                    var end = text.index(after: index)
                    var content = ""
                    while end < text.endIndex, text[end] != "\"" {
                        if text[end] == "\\" { end = text.index(after: end) }
                        if end < text.endIndex { content.append(text[end]) }
                        if end < text.endIndex { end = text.index(after: end) }
                    }
                    if let name = previous { pairs.append((name, content)) }
                    previous = nil
                    var after = end < text.endIndex ? text.index(after: end) : end
                    while after < text.endIndex, text[after].isWhitespace { after = text.index(after: after) }
                    if after < text.endIndex, text[after] == ":" {
                        after = text.index(after: after)
                        while after < text.endIndex, text[after].isWhitespace { after = text.index(after: after) }
                        if after < text.endIndex, text[after] == "\"" { previous = content }
                    }
                    index = after
                } else {
                    index = text.index(after: index)
                }
            }
            return pairs
        }

        private static func isURL(_ text: String) -> Bool {
            guard let separator = text.range(of: "://") else { return false }
            let scheme = text[..<separator.lowerBound]
            return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        }

        /// The text of a string or number a secret-named field holds; `nil` for other values.
        private static func scalarText(_ value: JSONValue) -> String? {
            switch value {
            case .string(let text): text
            case .number: value.description
            case .null, .bool, .array, .object: nil
            }
        }
    }
}
