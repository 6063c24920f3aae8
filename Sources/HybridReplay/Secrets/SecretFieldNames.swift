/// Which field names say that a field holds a secret: JSON members, form
/// and multipart fields, and URL query items.
///
/// Names are compared without case and without `_`, `-` or `.`, so
/// `access_token`, `accessToken` and `access-token` are one name. A name
/// matches when it equals one of ``exactNames`` or ends with one of
/// ``endings``: `refresh_token` and `client_secret` match, `token_type`
/// and `expires_in` do not.
public struct SecretFieldNames: Sendable, Hashable {
    /// Folded endings, such as `token` or `apikey`.
    public var endings: Set<String>
    /// Folded names that match only whole, such as `auth` or `session`.
    public var exactNames: Set<String>

    /// Creates a policy from names written any way; they are folded here.
    ///
    /// - Parameters:
    ///   - endings: Endings of secret names, such as `token`.
    ///   - exactNames: Whole secret names, such as `session`.
    public init(endings: Set<String>, exactNames: Set<String> = []) {
        self.endings = Set(endings.map(Self.fold))
        self.exactNames = Set(exactNames.map(Self.fold))
    }

    /// `password`, `passwd`, `passcode`, `secret`, `token`, `api_key`,
    /// `credential(s)`, `session_id`, `private_key` at the end of a name
    /// (`access_token`, `refresh_token`, `id_token`, `client_secret`,
    /// `x-api-key`), and the whole names `auth`, `authorization`, `session`,
    /// `sessid`, `sid`, `pwd`, `pin`, `otp`, `apisecret`, and `csrf` and
    /// `xsrf` (`_csrf`), whose token is bound to the session.
    public static let `default` = SecretFieldNames(
        endings: [
            "password", "passwd", "passcode", "secret", "token", "apikey", "credential", "credentials", "sessionid",
            "privatekey", "signature",
        ],
        exactNames: ["auth", "authorization", "session", "sessid", "sid", "pwd", "pin", "otp", "apisecret", "csrf", "xsrf"])

    /// Whether `name` is the name of a secret.
    ///
    /// - Parameter name: A field, member or query item name, as written.
    /// - Returns: `true` when the folded name is one of the exact names or ends with one of the endings.
    public func matches(_ name: String) -> Bool {
        let folded = Self.fold(name)
        guard !folded.isEmpty else { return false }
        return exactNames.contains(folded) || endings.contains { folded.hasSuffix($0) }
    }

    /// The names a `prompt()`'s message could give the text typed into it:
    /// each word, then each two words written together (`API key` gives
    /// `APIkey`), in the order they stand.
    static func namesAsked(inPrompt message: String) -> [String] {
        let words = message.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        return words + zip(words, words.dropFirst()).map { $0 + $1 }
    }

    static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != "." && $0 != " " })
    }
}
