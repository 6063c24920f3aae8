import Foundation

extension Redaction {
    /// The value of every field whose name says it holds a secret (see
    /// ``SecretFieldNames/default``: `password`, `access_token`,
    /// `client_secret`, `api_key`, `session_id`, `auth`…), at any depth, in
    /// JSON bodies (as `json`, text or bytes) and every free-form value that
    /// ``jsonField(_:)`` covers, in form and multipart fields, and in URL
    /// query items, and the whole value of a header so named (`X-Api-Key`,
    /// `X-Auth-Token`) that no other rule has redacted; listed as
    /// `fields:secret-names`.
    public static let secretFields: Redaction = {
        let names = SecretFieldNames.default
        var rewriter = PayloadRewriter()
        rewriter.header = { header, placeholders in
            guard names.matches(header.name), !header.value.contains("[REDACTED:") else { return header }
            return HTTPHeader(header.name, redactWhole(header.value, &placeholders))
        }
        rewriter.json = { value, placeholders in redactMembers(where: names.matches, in: value, &placeholders) }
        rewriter.field = { name, value, placeholders in names.matches(name) ? redactField(value, &placeholders) : nil }
        rewriter.url = { url, placeholders in redactQuery(inURL: url, where: names.matches, &placeholders) }
        return Redaction(name: secretFieldsName, identity: secretFieldsName, rewriter: rewriter)
    }()

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
    let secretStart = userinfo.firstIndex(of: ":").map { userinfo.index(after: $0) } ?? userinfo.startIndex
    let secret = userinfo[secretStart...]
    guard !secret.isEmpty else { return url }
    let decoded = secret.removingPercentEncoding ?? String(secret)
    return text[..<secretStart] + placeholders.placeholder(for: decoded) + text[range.upperBound...]
}
