import Foundation

/// Credentials found by their shape in free text, whatever field holds
/// them: JSON Web Tokens, `Bearer` tokens, `Basic` credentials, the keys of well-known services
/// by their prefix (`sk_live_`, `ghp_`, `AKIA`, `xoxb-`…), and the
/// credentials in a URL's userinfo.
///
/// The secret scanner reports them; a replay's report hides them.
enum SecretShapes {
    /// One credential in a text: what it looks like and where it stands.
    struct Match {
        var kind: String
        var range: Range<String.Index>
    }

    /// Key prefixes of well-known services, each with the fewest characters that follow it in a real key.
    static let keyPrefixes: [(prefix: String, kind: String, minimumRest: Int)] = [
        ("sk_live_", "a Stripe secret key", 10), ("rk_live_", "a Stripe restricted key", 10),
        ("sk_test_", "a Stripe test secret key", 10), ("ghp_", "a GitHub token", 20), ("gho_", "a GitHub token", 20),
        ("ghu_", "a GitHub token", 20), ("ghs_", "a GitHub token", 20), ("ghr_", "a GitHub token", 20),
        ("github_pat_", "a GitHub token", 20), ("glpat-", "a GitLab token", 16), ("xoxb-", "a Slack token", 10),
        ("xoxp-", "a Slack token", 10), ("xoxa-", "a Slack token", 10), ("xoxr-", "a Slack token", 10),
        ("xoxs-", "a Slack token", 10), ("xapp-", "a Slack token", 10), ("AIza", "a Google API key", 30),
        ("npm_", "an npm token", 30), ("sk-proj-", "an OpenAI key", 20), ("sk-ant-", "an Anthropic key", 20),
    ]

    /// Every credential `text` holds by its shape, in text order.
    static func matches(in text: String) -> [Match] {
        var found: [Match] = []
        for word in words(of: text) {
            if let kind = kind(of: word) { found.append(Match(kind: kind, range: word.startIndex..<word.endIndex)) }
        }
        for token in bearerTokens(in: text) where !found.contains(where: { $0.range.overlaps(token) }) {
            found.append(Match(kind: "a bearer token", range: token))
        }
        for credentials in basicCredentials(in: text) where !found.contains(where: { $0.range.overlaps(credentials) }) {
            found.append(Match(kind: "Basic credentials", range: credentials))
        }
        found += userinfo(in: text)
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The token after each `Bearer ` in `text`: every character up to a
    /// space, a quote or a separator, so a base64 token with `+`, `/` and
    /// `=` is taken whole. Eight characters at least, not a placeholder.
    private static func bearerTokens(in text: String) -> [Range<String.Index>] {
        tokens(after: "bearer ", in: text) { $0.isWhitespace || "\"'`,;<>()[]{}".contains($0) }.filter { token in
            text[token].count >= 8 && !SecretScanner.isRedacted(String(text[token]))
        }
    }

    /// The base64 after each `Basic ` in `text` that decodes to `user:password`,
    /// as an `Authorization` header carries it, wherever the text stands:
    /// another header, a script, a log line.
    private static func basicCredentials(in text: String) -> [Range<String.Index>] {
        tokens(after: "basic ", in: text) { !($0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0))) }.filter { token in
            guard text[token].count >= 8, let data = Data(base64Encoded: String(text[token])) else { return false }
            return String(bytes: data, encoding: .utf8)?.contains(":") ?? false
        }
    }

    /// Where the token after each `scheme` (such as `bearer `, matched
    /// without case, not inside a longer word) stands in `text`: from the
    /// first character after it that is no space to the first that `ends`.
    private static func tokens(
        after scheme: String, in text: String, endingAt ends: (Character) -> Bool
    ) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let match = text.range(of: scheme, options: .caseInsensitive, range: searchStart..<text.endIndex) {
            searchStart = match.upperBound
            if match.lowerBound > text.startIndex, text[text.index(before: match.lowerBound)].isLetter { continue }
            let start = text[match.upperBound...].firstIndex { $0 != " " } ?? text.endIndex
            found.append(start..<(text[start...].firstIndex(where: ends) ?? text.endIndex))
        }
        return found
    }

    /// What `word` looks like, or `nil` for an ordinary word.
    private static func kind(of word: Substring) -> String? {
        if SecretScanner.isRedacted(String(word)) { return nil }
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].hasPrefix("eyJ"), parts[1].hasPrefix("eyJ"), parts[2].count >= 8 {
            return "a JSON Web Token"
        }
        if word.count == 20, word.hasPrefix("AKIA") || word.hasPrefix("ASIA"),
            word.allSatisfy({ ($0.isUppercase || $0.isNumber) && $0.isASCII })
        {
            return "an AWS access key id"
        }
        for key in keyPrefixes where word.hasPrefix(key.prefix) && word.count >= key.prefix.count + key.minimumRest {
            return key.kind
        }
        return nil
    }

    /// The runs of characters a token is made of: letters, digits, `_`, `-` and `.`.
    private static func words(of text: String) -> [Substring] {
        text.split { character in
            !(character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."))
        }
    }

    /// The credential in the userinfo of each URL in `text`: the password,
    /// or the whole userinfo when it has none.
    private static func userinfo(in text: String) -> [Match] {
        var found: [Match] = []
        var searchStart = text.startIndex
        while let separator = text[searchStart...].range(of: "://") {
            searchStart = separator.upperBound
            var start = separator.lowerBound
            while start > text.startIndex {
                let previous = text.index(before: start)
                guard text[previous].isASCII, text[previous].isLetter || text[previous].isNumber || "+-.".contains(text[previous])
                else { break }
                start = previous
            }
            let end = text[separator.upperBound...].firstIndex { $0.isWhitespace || "\"'<>`".contains($0) } ?? text.endIndex
            guard let range = userinfoRange(in: text[start..<end]), !range.isEmpty else { continue }
            let userinfo = text[range]
            if RedactionPlaceholders.number(in: String(userinfo)) != nil { continue }
            let secretStart = userinfo.firstIndex(of: ":").map { userinfo.index(after: $0) } ?? userinfo.startIndex
            let secret = userinfo[secretStart...]
            guard !secret.isEmpty, !SecretScanner.isRedacted(String(secret)) else { continue }
            found.append(Match(kind: "a credential in a URL's userinfo", range: secretStart..<range.upperBound))
        }
        return found
    }
}
