import Foundation

extension Redaction {
    /// The value of every field whose name says it holds a secret (see
    /// ``SecretFieldNames/default``: `password`, `access_token`,
    /// `client_secret`, `api_key`, `session_id`, `auth`…), at any depth, in
    /// JSON bodies (as `json`, text or bytes) and every free-form value that
    /// ``jsonField(_:)`` covers, in form and multipart fields, and in URL
    /// query items, the quoted value of a secret-named member or assignment in
    /// scripts, other text and the strings of free-form values
    /// (`login({password: "…"})`, `login("ada", "…")`, `?access_token=…` in a
    /// URL written in a script, see ``ScriptLiterals``), a value paired with
    /// a secret name in JSON (`["Authorization", "Basic …"]`,
    /// `{"name": "api_key", "value": "…"}`), and the whole value of a header so named (`X-Api-Key`,
    /// `X-Auth-Token`) that no other rule has redacted; listed as
    /// `fields:secret-names`.
    public static let secretFields: Redaction = secretFields(names: .default)

    /// ``secretFields`` reading secret names by `names`, such as the default
    /// names with some exempted (``exemptingFieldNames(_:)``); listed as
    /// `fields:secret-names` all the same.
    static func secretFields(names: SecretFieldNames) -> Redaction {
        var rewriter = PayloadRewriter()
        rewriter.header = { header, placeholders in
            guard names.matches(header.name), !header.value.contains("[REDACTED:") else { return header }
            // Redacted as `header:<name>` would: `Authorization` keeps its scheme here too.
            return HTTPHeader(header.name, headerValueRedaction(named: header.name.lowercased())(header.value, &placeholders))
        }
        rewriter.json = { value, placeholders in
            redactSecretText(in: redactMembers(where: names.matches, in: value, &placeholders), names: names, &placeholders)
        }
        rewriter.field = { name, value, placeholders in names.matches(name) ? redactField(value, &placeholders) : nil }
        rewriter.url = { url, placeholders in redactSecretNamedParts(inURL: url, names: names, &placeholders) }
        rewriter.text = { text, placeholders in redactSecretText(in: text, names: names, &placeholders) }
        return Redaction(name: secretFieldsName, identity: secretFieldsName, rewriter: rewriter)
    }

    /// The credentials in the userinfo of every URL: the password of
    /// `https://user:password@host/`, or the whole userinfo when it has no
    /// password (`https://sk_live_…@host/`, a key given as the user name);
    /// listed as `url:userinfo`. The user name before a password stays
    /// readable, as the scheme of an `Authorization` header does.
    public static let urlUserinfo: Redaction = {
        var rewriter = PayloadRewriter()
        rewriter.url = { url, placeholders in redactUserinfo(inURL: url, &placeholders) }
        return Redaction(name: urlUserinfoName, identity: urlUserinfoName, rewriter: rewriter)
    }()

    static let secretFieldsName = "fields:secret-names"
    static let urlUserinfoName = "url:userinfo"
}

/// `url` with what `fields:secret-names` hides in a URL replaced: its
/// secret-named query items, an OAuth redirect's `code`, secret-named
/// members of JSON a query item carries, and tokens in its path.
func redactSecretNamedParts(inURL url: String, names: SecretFieldNames, _ placeholders: inout RedactionPlaceholders) -> String {
    // An OAuth redirect's `code` is a credential too, until it is exchanged.
    let redirect = FormFields.isAuthorizationRedirect(Substring(url))
    let query = rewriteQuery(inURL: url, &placeholders) { name, value, placeholders in
        if names.matches(name) || redirect && name == "code" { return redactField(value, &placeholders) }
        // Base64 of JSON holding a secret cannot be rewritten where it stands: the value is hidden whole.
        var scratch = placeholders
        if let encoded = embeddedBase64JSON(value), redactMembers(where: names.matches, in: encoded, &scratch) != encoded {
            return redactField(value, &placeholders)
        }
        return redactEmbeddedJSON(inQueryValue: value, names: names, &placeholders)
    }
    return redactPathTokens(inURL: query, names: names, &placeholders)
}

/// `text` with the secret-named literals it holds replaced, and, when the
/// whole text is a URL (``FormFields/isWholeURL(_:)``: a link a message
/// carries, a `text/uri-list` body), what a URL field would have replaced.
func redactSecretText(in text: String, names: SecretFieldNames, _ placeholders: inout RedactionPlaceholders) -> String {
    let url = FormFields.isWholeURL(Substring(text)) ? redactSecretNamedParts(inURL: text, names: names, &placeholders) : text
    return redactScriptLiterals(in: url, names: names, &placeholders)
}

/// `value` with ``redactSecretText(in:names:_:)`` applied to every string.
func redactSecretText(in value: JSONValue, names: SecretFieldNames, _ placeholders: inout RedactionPlaceholders) -> JSONValue {
    mappingStrings(in: value, &placeholders) { text, placeholders in redactSecretText(in: text, names: names, &placeholders) }
}

/// `url` with each path segment that is a token replaced (see ``PathTokens``).
func redactPathTokens(inURL url: String, names: SecretFieldNames, _ placeholders: inout RedactionPlaceholders) -> String {
    replacing(PathTokens.ranges(inURL: url, names: names), in: url, &placeholders)
}

/// `text` with each of `ranges`, in order and apart, replaced by its placeholder.
private func replacing(_ ranges: [Range<String.Index>], in text: String, _ placeholders: inout RedactionPlaceholders) -> String {
    guard !ranges.isEmpty else { return text }
    var result = ""
    var position = text.startIndex
    for range in ranges {
        result += text[position..<range.lowerBound]
        result += placeholders.placeholder(for: String(text[range]))
        position = range.upperBound
    }
    return result + text[position...]
}

/// The JSON object or array a query item's decoded `value` holds (an OAuth
/// `state`, an analytics beacon's `data`), with the strings of its
/// secret-named members replaced where they stand, key order and spacing
/// kept, written back percent-encoded with the placeholders left readable;
/// `nil` when it holds no JSON or nothing in it is hidden.
func redactEmbeddedJSON(inQueryValue value: String, names: SecretFieldNames, _ placeholders: inout RedactionPlaceholders) -> String? {
    guard let document = embeddedJSON(value) else { return nil }
    let redacted = redactMembers(where: names.matches, in: document, &placeholders)
    guard redacted != document else { return nil }
    var hidden: [(String, String)] = []
    PayloadRewriter.changedStrings(document, redacted, into: &hidden)
    var rewritten = value
    for (secret, placeholder) in hidden {
        rewritten = rewritten.replacingOccurrences(
            of: CanonicalPrinter.compactText(.string(secret)), with: CanonicalPrinter.compactText(.string(placeholder)))
    }
    // A value hidden that was no string (`"pin":4821`) cannot be replaced where it stands: the document is written anew.
    var scratch = placeholders
    if let parsed = embeddedJSON(rewritten), redactMembers(where: names.matches, in: parsed, &scratch) != parsed {
        rewritten = CanonicalPrinter.compactText(redacted)
    }
    var encoded = rewritten.addingPercentEncoding(withAllowedCharacters: RedactedValues.unreserved) ?? rewritten
    for placeholder in Set(RedactionPlaceholders.ranges(in: rewritten).map { String(rewritten[$0]) }) {
        let escaped = placeholder.addingPercentEncoding(withAllowedCharacters: RedactedValues.unreserved) ?? placeholder
        encoded = encoded.replacingOccurrences(of: escaped, with: placeholder)
    }
    return encoded
}

/// Where the userinfo of `url` stands: after `scheme://`, before the first `@`
/// of the authority; `nil` when the URL has none.
func userinfoRange(in url: Substring) -> Range<Substring.Index>? {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let scheme = url[..<schemeEnd.lowerBound]
    guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
    else { return nil }
    let authorityStart = schemeEnd.upperBound
    let authorityEnd = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
    guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return nil }
    return authorityStart..<at
}

/// `url` with the password of its userinfo, or a userinfo without one, replaced.
func redactUserinfo(inURL url: String, _ placeholders: inout RedactionPlaceholders) -> String {
    let text = Substring(url)
    guard let range = userinfoRange(in: text), !range.isEmpty else { return url }
    let userinfo = text[range]
    // Already a placeholder, whose own colon is no password separator.
    if RedactionPlaceholders.number(in: String(userinfo)) != nil { return url }
    let secretStart = userinfo.firstIndex(of: ":").map { userinfo.index(after: $0) } ?? userinfo.startIndex
    let secret = userinfo[secretStart...]
    guard !secret.isEmpty else { return url }
    let decoded = secret.removingPercentEncoding ?? String(secret)
    return text[..<secretStart] + placeholders.placeholder(for: decoded) + text[range.upperBound...]
}

extension Redaction {
    /// Credentials found by their shape wherever text stands — JSON Web
    /// Tokens, the token after `Bearer`, the `user:password` base64 after `Basic`, and keys of well-known services by
    /// their prefix (`sk_live_`, `ghp_`, `AKIA`, `xoxb-`…) — in header
    /// values, URLs, free-form values and text bodies; listed as
    /// `shapes:credentials`. Only the credential is replaced: the text around
    /// it stays readable.
    public static let credentialShapes: Redaction = {
        var rewriter = PayloadRewriter()
        rewriter.header = { header, placeholders in HTTPHeader(header.name, redactShapes(in: header.value, &placeholders)) }
        rewriter.url = { url, placeholders in redactShapes(in: url, &placeholders) }
        rewriter.text = { text, placeholders in redactShapes(in: text, &placeholders) }
        rewriter.json = { value, placeholders in redactShapes(in: value, &placeholders) }
        return Redaction(name: credentialShapesName, identity: credentialShapesName, rewriter: rewriter)
    }()

    static let credentialShapesName = "shapes:credentials"
}

/// `text` with every credential ``SecretShapes`` finds in it replaced.
func redactShapes(in text: String, _ placeholders: inout RedactionPlaceholders) -> String {
    let matches = SecretShapes.matches(in: text)
    guard !matches.isEmpty else { return text }
    var result = ""
    var position = text.startIndex
    for match in matches where match.range.lowerBound >= position {
        result += text[position..<match.range.lowerBound]
        result += placeholders.placeholder(for: String(text[match.range]))
        position = match.range.upperBound
    }
    return result + text[position...]
}

/// `value` with every credential in its strings replaced.
func redactShapes(in value: JSONValue, _ placeholders: inout RedactionPlaceholders) -> JSONValue {
    mappingStrings(in: value, &placeholders) { text, placeholders in redactShapes(in: text, &placeholders) }
}

/// `value` with `transform` applied to every string in it, members in key
/// order so placeholders are numbered the same way on every run.
private func mappingStrings(
    in value: JSONValue, _ placeholders: inout RedactionPlaceholders,
    _ transform: (String, inout RedactionPlaceholders) -> String
) -> JSONValue {
    switch value {
    case .string(let text): return .string(transform(text, &placeholders))
    case .array(let elements):
        var mapped: [JSONValue] = []
        mapped.reserveCapacity(elements.count)
        for element in elements { mapped.append(mappingStrings(in: element, &placeholders, transform)) }
        return .array(mapped)
    case .object(let members):
        var mapped: [String: JSONValue] = [:]
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            mapped[key] = mappingStrings(in: member, &placeholders, transform)
        }
        return .object(mapped)
    case .null, .bool, .number: return value
    }
}

/// `text` with the quoted value of every secret-named literal replaced.
func redactScriptLiterals(in text: String, names: SecretFieldNames, _ placeholders: inout RedactionPlaceholders) -> String {
    replacing(ScriptLiterals.secretMembers(in: text, names: names).map(\.value), in: text, &placeholders)
}
