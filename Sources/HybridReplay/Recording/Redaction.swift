/// The rules a recorder applies to every event before storing it, so
/// secrets never reach a cassette.
///
/// Rules replace a secret with a numbered placeholder (`[REDACTED:1]`, see
/// ``RedactionPlaceholders``) and are listed by name in the cassette's
/// `redactions`. Combine them with `+` or ``adding(_:)``:
///
/// ```swift
/// let redaction = Redaction.default + .queryItem("token") + .jsonField("password")
/// ```
///
/// Only the recording is redacted: the app code and the live platform keep
/// seeing the real values.
public struct Redaction: Sendable {
    /// One rule: its name in the cassette header and what it rewrites.
    struct Rule: Sendable {
        /// How the rule is listed in `redactions`, such as `header:Authorization`.
        var name: String
        /// Identifies rules that do the same thing, so combining presets
        /// does not list a rule twice. `nil` for custom rules, which are never merged.
        var identity: String?
        /// What a built-in rule rewrites; `nil` for a custom rule.
        var rewriter: PayloadRewriter?
        /// What a custom rule does; `nil` for a built-in rule.
        var transform: (@Sendable (any EventPayload, inout RedactionPlaceholders) -> any EventPayload)?
        /// The secrets a ``values(_:)`` rule declares; empty for any other rule.
        var values: [String] = []
    }

    let rules: [Rule]
    /// The built-in rules as one rewriter, so a payload is walked once and
    /// placeholders are numbered in the order values appear in it.
    let rewriter: PayloadRewriter

    init(rules: [Rule]) {
        self.rules = rules
        self.rewriter = rules.compactMap(\.rewriter).reduce(PayloadRewriter()) { $0.followed(by: $1) }
    }

    init(name: String, identity: String, rewriter: PayloadRewriter) {
        self.init(rules: [Rule(name: name, identity: identity, rewriter: rewriter)])
    }

    /// The names of the rules, as the cassette header lists them, each once.
    public var ruleNames: [String] {
        var seen: Set<String> = []
        return rules.map(\.name).filter { seen.insert($0).inserted }
    }

    /// Redacts nothing. Use it only for sessions without credentials.
    public static let none = Redaction(rules: [])

    /// The values of the `Cookie`, `Set-Cookie`, `Authorization` and
    /// `Proxy-Authorization` headers and of cookies in the cookie store,
    /// every field whose name says it holds a secret (``secretFields``) in
    /// JSON, form and multipart bodies, query items and secret-named
    /// headers, the credentials in URL userinfo (``urlUserinfo``), and
    /// credentials found by their shape, such as a JWT in a text body
    /// (``credentialShapes``).
    ///
    /// Cookie names and attributes stay readable
    /// (`session_id=[REDACTED:1]; Path=/; HttpOnly`), as does the scheme of a
    /// credential (`Bearer [REDACTED:2]`) and the name of a field
    /// (`password=[REDACTED:3]`).
    public static let `default`: Redaction =
        .header("Cookie") + .header("Set-Cookie") + .header("Authorization") + .header("Proxy-Authorization")
        + .cookieValues + .secretFields + .urlUserinfo + .credentialShapes

    /// A redaction with the rules of `self` followed by those of `other`;
    /// a rule already present is not added again.
    ///
    /// - Parameter other: The rules to add.
    /// - Returns: The combined redaction.
    public func adding(_ other: Redaction) -> Redaction {
        var combined = rules
        for rule in other.rules {
            if let identity = rule.identity, combined.contains(where: { $0.identity == identity }) { continue }
            combined.append(rule)
        }
        return Redaction(rules: combined)
    }

    /// The rules of `lhs` followed by those of `rhs`; see ``adding(_:)``.
    public static func + (lhs: Redaction, rhs: Redaction) -> Redaction {
        lhs.adding(rhs)
    }

    /// `payload` with every rule applied: the built-in rules in one walk over
    /// the payload, then the custom rules in the order they were added.
    ///
    /// - Parameters:
    ///   - payload: The event payload as the seam saw it.
    ///   - placeholders: The recording's placeholder numbering, updated with new secrets.
    /// - Returns: The payload to store.
    public func apply(to payload: any EventPayload, placeholders: inout RedactionPlaceholders) -> any EventPayload {
        let rewritten = rewriter.apply(to: payload, &placeholders)
        return rules.compactMap(\.transform).reduce(rewritten) { payload, transform in transform(payload, &placeholders) }
    }

    /// A rule of your own, for secrets the built-in rules cannot find.
    ///
    /// The transform runs while the recorder holds its lock: it must not
    /// call the recorder or its seams. It should return a payload of the
    /// same kind and direction as the one it is given.
    ///
    /// - Parameters:
    ///   - name: How the rule is listed in the cassette's `redactions`, such as `custom:account-numbers`.
    ///   - transform: Rewrites a payload; use the placeholders to number what it hides.
    /// - Returns: A redaction with that one rule.
    public static func custom(
        name: String,
        _ transform: @escaping @Sendable (any EventPayload, inout RedactionPlaceholders) -> any EventPayload
    ) -> Redaction {
        Redaction(rules: [Rule(name: name, identity: nil, transform: transform)])
    }
}
