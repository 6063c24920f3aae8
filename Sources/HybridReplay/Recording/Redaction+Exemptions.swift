extension Redaction {
    /// This redaction with `names` counted as no secret's by
    /// `fields:secret-names` (``secretFields``, one of the rules of
    /// ``default``), such as an app's `sessionId` that holds a parking
    /// session's public id rather than a credential.
    ///
    /// A member, form field, query item, header or script literal so named
    /// keeps its value, and so does the answer to a prompt that asks for it
    /// by that name; every other rule still applies, and a value another
    /// rule hides is hidden everywhere as before. Names are compared as
    /// ``SecretFieldNames`` compares them, without case, `_`, `-` or `.`,
    /// and whole: exempting `sessionId` exempts `session_id` too, not
    /// `auth_session_id`. The cassette header lists each name as
    /// `fields:not-secret:<name>` after `fields:secret-names`, so that
    /// `cassette lint` and a failed replay's report read names as the
    /// recorder did. A redaction without `fields:secret-names` is returned unchanged.
    ///
    /// - Parameter names: Names the default rules count as a secret's, such as `sessionId`.
    /// - Returns: The redaction with those names exempted.
    public func exemptingFieldNames(_ names: [String]) -> Redaction {
        guard rules.contains(where: { $0.identity == Self.secretFieldsName }) else { return self }
        var exempt = Self.exemptFieldNames(inRuleNames: rules.map(\.name))
        for name in names where !SecretFieldNames.fold(name).isEmpty
            && !exempt.contains(where: { SecretFieldNames.fold($0) == SecretFieldNames.fold(name) }) {
            exempt.append(name)
        }
        var combined: [Rule] = []
        for rule in rules where !rule.name.hasPrefix(Self.exemptNamePrefix) {
            guard rule.identity == Self.secretFieldsName else {
                combined.append(rule)
                continue
            }
            combined += Self.secretFields(names: SecretFieldNames.default.exempting(exempt)).rules
            combined += exempt.map(Self.exemptionRule)
        }
        return Redaction(rules: combined)
    }

    /// The names a redaction's rule names exempt (`fields:not-secret:<name>`), in order.
    package static func exemptFieldNames(inRuleNames names: [String]) -> [String] {
        names.filter { $0.hasPrefix(exemptNamePrefix) }.map { String($0.dropFirst(exemptNamePrefix.count)) }
            .filter { !$0.isEmpty }
    }

    /// The secret names `fields:secret-names` reads when a cassette lists `ruleNames`.
    package static func secretFieldNames(forRuleNames names: [String]) -> SecretFieldNames {
        let exempt = exemptFieldNames(inRuleNames: names)
        return exempt.isEmpty ? .default : SecretFieldNames.default.exempting(exempt)
    }

    /// A rule that rewrites nothing: it lists an exempted name in the header.
    static func exemptionRule(_ name: String) -> Rule {
        Rule(name: exemptNamePrefix + name, identity: exemptNamePrefix + SecretFieldNames.fold(name))
    }

    static let exemptNamePrefix = "fields:not-secret:"
}
