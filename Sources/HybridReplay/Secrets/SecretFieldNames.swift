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
    /// Folded names that are no secret's even though they match
    /// ``endings`` or ``exactNames``, such as `sessionid` for an app whose
    /// `sessionId` is a parking session's public id; see ``exempting(_:)``.
    public var exemptNames: Set<String> = []

    /// Creates a policy from names written any way; they are folded here.
    ///
    /// - Parameters:
    ///   - endings: Endings of secret names, such as `token`.
    ///   - exactNames: Whole secret names, such as `session`.
    public init(endings: Set<String>, exactNames: Set<String> = []) {
        self.endings = Set(endings.map(Self.fold))
        self.exactNames = Set(exactNames.map(Self.fold))
    }

    /// These names with `names` counted as no secret's.
    ///
    /// Each is compared as every name is, without case, `_`, `-` or `.`,
    /// and whole: exempting `sessionId` exempts `session_id` and
    /// `SESSION-ID` too, but not `auth_session_id`, which still ends in a
    /// secret's name.
    ///
    /// - Parameter names: Names written any way, such as `sessionId`.
    /// - Returns: The policy with those names exempted.
    public func exempting(_ names: some Sequence<String>) -> SecretFieldNames {
        var exempted = self
        exempted.exemptNames.formUnion(names.map(Self.fold).filter { !$0.isEmpty })
        return exempted
    }

    /// `password`, `passwd`, `passcode`, `secret`, `token`, `api_key`,
    /// `credential(s)`, `session_id`, `private_key`, `signature`,
    /// `secret_key`, `auth_key` or `subscription_key` at the end of a name
    /// (`access_token`, `refresh_token`, `id_token`, `client_secret`,
    /// `x-api-key`, `X-Secret-Key`, `Ocp-Apim-Subscription-Key`), the
    /// password typed again (`password_confirmation`, `passwordConfirm`,
    /// `password_repeat`, `passwordAgain`, `password2`), AWS's
    /// `SecretAccessKey`, a `code_verifier`, one-time and security codes
    /// (`otp_code`, `verification_code`, `security_code`, `mfa_code`,
    /// `sms_code`, `two_factor_code`, `auth_code`, `cvv`, `cvc`), lists and
    /// maps of them (`secrets`, `passwords`, `api_keys`, `recovery_codes`,
    /// `backup_codes`; not `tokens`, which counts them in `max_tokens`), and the whole names `auth`, `authorization`, `session`,
    /// `sessid`, `sid`, `pwd`, `pw`, `pass`, `pin`, `otp`, `apisecret`, and `csrf` and
    /// `xsrf` (`_csrf`), whose token is bound to the session.
    public static let `default` = SecretFieldNames(
        endings: [
            "password", "passwd", "passcode", "secret", "token", "apikey", "credential", "credentials", "sessionid",
            "privatekey", "signature", "secretkey", "authkey", "subscriptionkey",
            // The password typed again, as sign-up forms post it (`password_confirmation`, `passwordConfirm`, `password2`).
            "passwordconfirmation", "passwordconfirm", "passwordrepeat", "passwordagain", "password2",
            // AWS's temporary keys, a PKCE or OAuth 1 verifier, one-time codes and a card's security code.
            "secretaccesskey", "verifier", "otpcode", "verificationcode", "securitycode", "mfacode", "smscode", "twofactorcode",
            "authcode", "cvv", "cvc",
            // Lists and maps of secrets; not `tokens`, which counts them (`max_tokens`).
            "secrets", "passwords", "apikeys", "recoverycode", "recoverycodes", "backupcode", "backupcodes",
        ],
        exactNames: [
            "auth", "authorization", "session", "sessid", "sid", "pwd", "pw", "pass", "pin", "otp", "apisecret", "csrf", "xsrf",
        ])

    /// Whether `name` is the name of a secret.
    ///
    /// - Parameter name: A field, member or query item name, as written.
    /// - Returns: `true` when the folded name is one of the exact names or ends with one of the endings.
    ///
    /// A nested field, as Rails and PHP name form fields (`user[password]`,
    /// `auth[token]`, `pin[]`), is read by its last name in brackets, or by
    /// the name before them when they are empty.
    public func matches(_ name: String) -> Bool {
        var name = Substring(name)
        if name.hasSuffix("[]") { name = name.dropLast(2) }
        if name.hasSuffix("]"), let open = name.lastIndex(of: "["), open > name.startIndex {
            name = name[name.index(after: open)..<name.index(before: name.endIndex)]
        }
        let folded = Self.fold(String(name))
        guard !folded.isEmpty, !exemptNames.contains(folded) else { return false }
        return exactNames.contains(folded) || endings.contains { folded.hasSuffix($0) }
    }

    /// The names a `prompt()`'s message could give the text typed into it:
    /// each word, then each two words written together (`API key` gives
    /// `APIkey`), in the order they stand.
    ///
    /// A prompt may ask for a secret in other words. One that asks for a
    /// code sent to the user or proving who they are — `code` with
    /// ``codeQualifiers`` (`Enter the code we texted you`, `Verification
    /// code`, `6-digit code`, `Security code`) — asks for a `passcode`; one
    /// that asks for the answer to a security question (`Security answer`,
    /// `… (security question)`, `Memorable word`) for a `secret`. A promo,
    /// postal or country code asks for neither.
    static func namesAsked(inPrompt message: String) -> [String] {
        let words = message.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        let lowered = Set(words.map { $0.lowercased() })
        var implied: [String] = []
        if lowered.contains("code") || lowered.contains("codes"), !lowered.isDisjoint(with: codeQualifiers) { implied.append("passcode") }
        if lowered.contains("security") && !lowered.isDisjoint(with: ["answer", "question"])
            || lowered.contains("memorable") && !lowered.isDisjoint(with: ["word", "answer", "information"])
        {
            implied.append("secret")
        }
        return words + zip(words, words.dropFirst()).map { $0 + $1 } + implied
    }

    /// Words that make a prompt's `code` one that proves who the user is.
    static let codeQualifiers: Set<String> = [
        "verification", "verify", "security", "confirmation", "confirm", "texted", "text", "sms", "sent", "emailed", "email",
        "digit", "onetime", "one", "2fa", "mfa", "authentication", "authenticator", "auth", "login", "signin", "sign", "access",
    ]

    static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != "." && $0 != " " })
    }
}
