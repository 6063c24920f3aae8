import Foundation

extension Redaction {
    /// The value of every HTTP header named `name` (compared without case),
    /// in requests, responses and loads; listed as `header:<name>`.
    ///
    /// `Cookie` keeps each cookie's name (`a=[REDACTED:1]; b=[REDACTED:2]`),
    /// `Set-Cookie` keeps the name and attributes
    /// (`session_id=[REDACTED:1]; Path=/; HttpOnly`), and `Authorization` and
    /// `Proxy-Authorization` keep the scheme (`Bearer [REDACTED:2]`); any other
    /// header is replaced whole.
    ///
    /// - Parameter name: The header's name, such as `X-Api-Key`.
    public static func header(_ name: String) -> Redaction {
        let lowercased = name.lowercased()
        let redactValue = headerValueRedaction(named: lowercased)
        var rewriter = PayloadRewriter()
        rewriter.header = { header, placeholders in
            guard header.name.lowercased() == lowercased else { return header }
            return HTTPHeader(header.name, redactValue(header.value, &placeholders))
        }
        return Redaction(name: "header:\(name)", identity: "header:\(lowercased)", rewriter: rewriter)
    }

    /// The values of cookies the cookie store is given (`http.setCookie`)
    /// or answers with (`http.cookies`); listed as `cookie:*`.
    public static let cookieValues: Redaction = {
        var rewriter = PayloadRewriter()
        rewriter.cookie = { cookie, placeholders in
            var cookie = cookie
            cookie.value = redactWhole(cookie.value, &placeholders)
            return cookie
        }
        return Redaction(name: "cookie:*", identity: "cookie:*", rewriter: rewriter)
    }()

    /// The value of every URL query item named `name` (compared exactly,
    /// after percent-decoding), in every URL — its query, and a fragment of
    /// `name=value` pairs such as OAuth's `#access_token=…` — and of every
    /// field named `name` in form and multipart bodies; listed as `query:<name>`.
    ///
    /// - Parameter name: The item's name, such as `token`.
    public static func queryItem(_ name: String) -> Redaction {
        var rewriter = PayloadRewriter()
        rewriter.url = { url, placeholders in redactQuery(inURL: url, where: { $0 == name }, &placeholders) }
        rewriter.field = { field, value, placeholders in field == name ? redactField(value, &placeholders) : nil }
        return Redaction(name: "query:\(name)", identity: "query:\(name)", rewriter: rewriter)
    }

    /// The value of every object member named `name`, at any depth, in JSON
    /// bodies, script message bodies, replies and results, evaluation
    /// arguments, route parameters, published values and custom fields;
    /// listed as `body:<name>`.
    ///
    /// A string is replaced by its placeholder; a number, boolean, array or
    /// object by the placeholder of its compact JSON text; `null` is kept.
    /// An HTTP body is searched as its `Content-Type` says, whatever its
    /// encoding: JSON as text or bytes is parsed, and the fields of form and
    /// multipart bodies named `name` are replaced too. A string that holds a
    /// JSON object or array is searched as well and, when a member in it is
    /// replaced, written back as compact JSON text; a string that holds a
    /// form (`user=ada&password=…`) has its field named `name` replaced in place.
    ///
    /// - Parameter name: The member's key, such as `password`.
    public static func jsonField(_ name: String) -> Redaction {
        var rewriter = PayloadRewriter()
        rewriter.json = { value, placeholders in redactMembers(where: { $0 == name }, in: value, &placeholders) }
        rewriter.field = { field, value, placeholders in field == name ? redactField(value, &placeholders) : nil }
        return Redaction(name: "body:\(name)", identity: "field:\(name)", rewriter: rewriter)
    }

    /// The value at `path`, from the root of each free-form value that
    /// ``jsonField(_:)`` covers; listed as `body:<path>`, such as `body:user.password`.
    ///
    /// - Parameter path: Where the value stands, such as `JSONPath([.key("user"), .key("password")])`.
    public static func jsonPath(_ path: JSONPath) -> Redaction {
        var rewriter = PayloadRewriter()
        rewriter.json = { value, placeholders in
            redact(at: path.components[...], in: value, &placeholders)
        }
        return Redaction(name: "body:\(path)", identity: "path:\(path)", rewriter: rewriter)
    }
}

// MARK: - Header values

/// How the value of a header named `lowercased` is redacted, by whichever
/// rule reaches it: a cookie header keeps its names (and `Set-Cookie` its
/// attributes), a credentials header its scheme; any other is replaced whole.
func headerValueRedaction(named lowercased: String) -> @Sendable (String, inout RedactionPlaceholders) -> String {
    switch lowercased {
    case "cookie": redactCookiePairs
    case "set-cookie": redactSetCookie
    case "authorization", "proxy-authorization": redactCredentials
    default: redactWhole
    }
}

/// `value` replaced whole; empty values are no secret and are kept.
func redactWhole(_ value: String, _ placeholders: inout RedactionPlaceholders) -> String {
    value.isEmpty ? value : placeholders.placeholder(for: value)
}

/// `name=value; name=value`: each value replaced, names and spacing kept.
/// A pair named like a `Set-Cookie` attribute (`Domain=bank.example`, `Path=/`),
/// which a client copying a `Set-Cookie` line may send, is no cookie value and is kept.
private func redactCookiePairs(_ header: String, _ placeholders: inout RedactionPlaceholders) -> String {
    header.split(separator: ";", omittingEmptySubsequences: false)
        .map { isCookieAttribute($0) ? String($0) : redactPair($0, &placeholders) }
        .joined(separator: ";")
}

/// The attributes of a `Set-Cookie` line (RFC 6265 and its successors), lowercased.
let cookieAttributeNames: Set<String> = [
    "domain", "path", "expires", "max-age", "secure", "httponly", "samesite", "partitioned", "priority",
]

private func isCookieAttribute(_ pair: Substring) -> Bool {
    let name = pair.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces).lowercased()
    return cookieAttributeNames.contains(name)
}

/// `name=value; Attribute; Attribute=x`: only the first pair's value
/// replaced, in each cookie of a header that `HTTPURLResponse` joined with
/// commas (`a=1; Path=/, b=2; Path=/`); the comma in an `Expires` date
/// starts no cookie.
private func redactSetCookie(_ header: String, _ placeholders: inout RedactionPlaceholders) -> String {
    cookieLines(in: header).map { line in
        guard let separator = line.firstIndex(of: ";") else { return redactPair(line, &placeholders) }
        return redactPair(line[..<separator], &placeholders) + line[separator...]
    }.joined(separator: ",")
}

/// The cookies of a `Set-Cookie` value, split at each comma followed by a
/// `name=` pair; every character kept, so joining them with `,` gives the value back.
private func cookieLines(in header: String) -> [Substring] {
    var lines: [Substring] = []
    var start = header.startIndex
    var index = header.startIndex
    while let comma = header[index...].firstIndex(of: ",") {
        index = header.index(after: comma)
        let next = header[index...].prefix { $0 != ";" && $0 != "," }
        let name = next.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces)
        // `Expires=Wed, 21 Oct 2026 07:28:00 GMT` continues its cookie: no `name=` follows its comma.
        guard next.contains("="), !name.isEmpty, !name.contains(" ") else { continue }
        lines.append(header[start..<comma])
        start = index
    }
    lines.append(header[start...])
    return lines
}

/// One `name=value` pair with its surrounding spaces; a pair without `=` is
/// all value, as browsers treat a nameless cookie.
private func redactPair(_ pair: Substring, _ placeholders: inout RedactionPlaceholders) -> String {
    let leading = pair.prefix { $0 == " " || $0 == "\t" }
    let rest = pair.dropFirst(leading.count)
    let content = rest.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
    let trailing = rest.dropFirst(content.count)
    guard !content.isEmpty else { return String(pair) }
    let text = String(content)
    guard let equals = text.firstIndex(of: "=") else {
        return leading + redactWhole(text, &placeholders) + trailing
    }
    let value = String(text[text.index(after: equals)...])
    return leading + text[...equals] + redactWhole(value, &placeholders) + trailing
}

/// `Scheme credentials`: the credentials replaced, the scheme kept.
private func redactCredentials(_ header: String, _ placeholders: inout RedactionPlaceholders) -> String {
    let trimmed = header.drop { $0 == " " }
    guard let space = trimmed.firstIndex(of: " ") else {
        // A scheme with no credentials after it (`Bearer`, sent before a token was stored) hides nothing.
        return authenticationSchemes.contains(trimmed.lowercased()) ? header : redactWhole(header, &placeholders)
    }
    let credentials = trimmed[space...].drop { $0 == " " }
    guard !credentials.isEmpty else { return header }
    return trimmed[..<credentials.startIndex] + redactWhole(String(credentials), &placeholders)
}

/// The authentication schemes of IANA's HTTP Authentication Scheme
/// Registry, and `Token` and `NTLM`, which clients send too, lowercased.
private let authenticationSchemes: Set<String> = [
    "basic", "bearer", "concealed", "digest", "dpop", "gnap", "hoba", "mutual", "negotiate", "oauth",
    "privatetoken", "scram-sha-1", "scram-sha-256", "vapid", "token", "ntlm",
]

// MARK: - Query items

/// `url` with the values of the query items whose names `matches` replaced,
/// in its query and in a fragment of `name=value` pairs, where OAuth's
/// implicit flow returns `#access_token=…`.
func redactQuery(
    inURL url: String, where matches: (String) -> Bool, _ placeholders: inout RedactionPlaceholders
) -> String {
    rewriteQuery(inURL: url, &placeholders) { name, value, placeholders in matches(name) ? redactField(value, &placeholders) : nil }
}

/// `url` with each item of its query, and of a fragment of `name=value`
/// pairs, rewritten where `transform`, given its decoded name and value,
/// returns the text to write instead.
func rewriteQuery(
    inURL url: String, _ placeholders: inout RedactionPlaceholders,
    _ transform: (String, String, inout RedactionPlaceholders) -> String?
) -> String {
    let fragment = url.firstIndex(of: "#") ?? url.endIndex
    let question = url[..<fragment].firstIndex(of: "?")
    guard question != nil || fragment < url.endIndex else { return url }
    func rewrite(_ items: Substring) -> String {
        FormFields.rewrite(query: items) { name, value in transform(name, value, &placeholders) }
    }
    var result = ""
    if let question {
        result = url[...question] + rewrite(url[url.index(after: question)..<fragment])
    } else {
        result = String(url[..<fragment])
    }
    guard fragment < url.endIndex else { return result }
    let items = url[url.index(after: fragment)...]
    return result + "#" + (items.contains("=") ? rewrite(items) : String(items))
}

/// The placeholder for a form field's or query item's decoded value, or
/// `nil` to keep an empty value. Numbered by the decoded value, so the same
/// token in a JSON body gets the same placeholder.
func redactField(_ value: String, _ placeholders: inout RedactionPlaceholders) -> String? {
    value.isEmpty ? nil : placeholders.placeholder(for: value)
}

// MARK: - JSON members

/// `value` with every member whose name `matches`, at any depth, replaced;
/// JSON held in a string (`"{\"token\":\"…\"}"`) is searched too and, when a
/// member in it is replaced, written back as compact JSON text, and so is a
/// form held in a string (`"user=ada&password=…"`), its fields replaced in place.
func redactMembers(
    where matches: (String) -> Bool, in value: JSONValue, _ placeholders: inout RedactionPlaceholders, depth: Int = 0
) -> JSONValue {
    switch value {
    case .string(let text) where FormFields.looksLikeForm(text) && !text.hasPrefix("{") && !text.hasPrefix("["):
        return .string(
            FormFields.rewrite(query: Substring(text)) { name, field in matches(name) ? redactField(field, &placeholders) : nil })
    case .string(let text):
        guard depth < 4, let inner = embeddedJSON(text) else { return value }
        let redacted = redactMembers(where: matches, in: inner, &placeholders, depth: depth + 1)
        return redacted == inner ? value : .string(CanonicalPrinter.compactText(redacted))
    case .object(let members):
        var result: [String: JSONValue] = [:]
        // A header or field written as `{"name": "Authorization", "value": "…"}`, as HAR and fetch polyfills do.
        let pairName = (members["name"] ?? members["key"])?.stringValue
        let isSecretPair = pairName.map(matches) ?? false
        // Sorted so placeholders are numbered the same way on every run.
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            if isSecretPair, key == "value", let pairName {
                result[key] = hiddenPairValue(member, named: pairName, &placeholders)
                continue
            }
            result[key] =
                matches(key)
                ? hidden(member, &placeholders) : redactMembers(where: matches, in: member, &placeholders, depth: depth)
        }
        return .object(result)
    case .array(let elements):
        // A header written as `["Authorization", "Basic …"]`, as `new Headers([[…]])` and `fetch` take them.
        // Not a list of two names (`["password", "username"]`): the value has a character no name has.
        if elements.count == 2, let name = elements[0].stringValue, matches(name), let value = elements[1].stringValue,
            value.contains(where: { !($0.isLetter || $0 == "_") })
        {
            return .array([elements[0], hiddenPairValue(elements[1], named: name, &placeholders)])
        }
        return .array(elements.map { redactMembers(where: matches, in: $0, &placeholders, depth: depth) })
    case .null, .bool, .number:
        return value
    }
}

/// The JSON object or array `text` holds, or `nil` when it holds none.
func embeddedJSON(_ text: String) -> JSONValue? {
    let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    guard trimmed.first == "{" || trimmed.first == "[" else { return nil }
    guard let value = try? JSONReader.platformDefault.read(Array(text.utf8)) else { return nil }
    switch value {
    case .object, .array: return value
    case .null, .bool, .number, .string: return nil
    }
}

/// The JSON object or array `text` holds base64-encoded (or base64url,
/// unpadded, as an OAuth `state` or a SAML `RelayState` is written), or
/// `nil`. A JSON Web Token, whose dots no base64 has, is none.
func embeddedBase64JSON(_ text: String) -> JSONValue? {
    guard text.count >= 8, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=-_".contains($0)) }) else { return nil }
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64), let decoded = String(bytes: data, encoding: .utf8) else { return nil }
    return embeddedJSON(decoded)
}

/// `value` with the value at `path` replaced; unchanged when nothing stands there.
private func redact(
    at path: ArraySlice<JSONPath.Component>, in value: JSONValue, _ placeholders: inout RedactionPlaceholders
) -> JSONValue {
    guard let step = path.first else { return hidden(value, &placeholders) }
    switch (step, value) {
    case (.key(let key), .object(var members)):
        guard let member = members[key] else { return value }
        members[key] = redact(at: path.dropFirst(), in: member, &placeholders)
        return .object(members)
    case (.index(let index), .array(var elements)):
        guard elements.indices.contains(index) else { return value }
        elements[index] = redact(at: path.dropFirst(), in: elements[index], &placeholders)
        return .array(elements)
    default:
        return value
    }
}

/// The value paired with a secret name, hidden as a header of that name
/// would be: `Authorization` keeps its scheme (`Basic [REDACTED:1]`).
private func hiddenPairValue(_ value: JSONValue, named name: String, _ placeholders: inout RedactionPlaceholders) -> JSONValue {
    guard let text = value.stringValue else { return hidden(value, &placeholders) }
    return .string(headerValueRedaction(named: name.lowercased())(text, &placeholders))
}

/// The placeholder standing for `value`.
private func hidden(_ value: JSONValue, _ placeholders: inout RedactionPlaceholders) -> JSONValue {
    switch value {
    case .null: .null
    case .string(let text): .string(redactWhole(text, &placeholders))
    default: .string(placeholders.placeholder(for: value.description))
    }
}
