/// Tokens written as a segment of a URL's path: the links of a password
/// reset, a magic sign-in, an invitation or a session
/// (`/reset-password/8f3a…`, `/magic/4f9c2e…`, `/session/8f3a…/profile`),
/// in the path and in a hash route (`#/verify-token/…`).
///
/// A segment is a token when
/// - the segment before it names a secret (`/session/…`, `/reset-password/…`)
///   or a link that carries one (``linkWords``: `/magic/…`, `/invite/…`,
///   `/confirm-email/…`), and it is at least 8 letters, digits, `-` or `_`
///   with a digit and a letter among them; or
/// - whatever stands before it, it looks random: at least 32 letters,
///   digits, `-` or `_`, with an upper-case letter, a lower-case letter and
///   a digit among them (43 characters of `base64url`, as a random 32-byte
///   token is written).
///
/// Ids (`/orders/12345678`), UUIDs, hexadecimal hashes (`/commit/3f7868…`,
/// which are written in one case), names (`/verify/email`) and asset names
/// (`/static/app.4f9c2e.js`, whose `.` no token has) are not tokens.
/// `redactPathTokens(inURL:names:_:)` hides them; the secret scanner reports them.
enum PathTokens {
    /// Words whose segment announces a token in the next one, folded as
    /// ``SecretFieldNames`` folds names and found anywhere in the segment.
    static let linkWords = ["magic", "invit", "verif", "confirm", "activat", "reset", "login", "signin", "unsubscribe"]

    /// Where each token in the path of `url`, and in the path of a hash route, stands.
    static func ranges(inURL url: String, names: SecretFieldNames) -> [Range<String.Index>] {
        let queryStart = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var found: [Range<String.Index>] = []
        // A `://` after the query's or fragment's start is no scheme's (`?next=https://…`, `?ttps://…`).
        let beforeQuery = url[..<queryStart]
        if let schemeEnd = beforeQuery.range(of: "://"), let pathStart = beforeQuery[schemeEnd.upperBound...].firstIndex(of: "/") {
            found += ranges(inPath: url[pathStart..<queryStart], names: names)
        } else if url.hasPrefix("/"), !url.hasPrefix("//") {
            // A URL relative to its host, as a `Location` header may give it.
            found += ranges(inPath: url[..<queryStart], names: names)
        }
        let rest = url[queryStart...]
        if let hash = rest.firstIndex(of: "#"), rest[rest.index(after: hash)...].hasPrefix("/") {
            // A hash route's own path, up to its query.
            let routeStart = rest.index(after: hash)
            let routeEnd = rest[routeStart...].firstIndex(of: "?") ?? rest.endIndex
            found += ranges(inPath: rest[routeStart..<routeEnd], names: names)
        }
        return found
    }

    /// Where each segment of `path` that is a token stands.
    private static func ranges(inPath path: Substring, names: SecretFieldNames) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var previous: Substring?
        var start = path.startIndex
        while start <= path.endIndex {
            let end = path[start...].firstIndex(of: "/") ?? path.endIndex
            let segment = path[start..<end]
            if let previous, isToken(segment, after: previous, names: names) { found.append(start..<end) }
            previous = segment
            guard end < path.endIndex else { break }
            start = path.index(after: end)
        }
        return found
    }

    private static func isToken(_ segment: Substring, after previous: Substring, names: SecretFieldNames) -> Bool {
        guard segment.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return false }
        let name = FormFields.decoded(previous)
        let folded = SecretFieldNames.fold(name)
        if names.matches(name) || linkWords.contains(where: { folded.contains($0) }) {
            return segment.count >= 8 && segment.contains(where: \.isNumber) && segment.contains(where: \.isLetter)
        }
        return segment.count >= 32 && segment.contains(where: \.isUppercase) && segment.contains(where: \.isLowercase)
            && segment.contains(where: \.isNumber)
    }
}
