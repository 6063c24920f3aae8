extension Redaction {
    /// The built-in rules a cassette header lists, such as `header:Authorization`,
    /// rebuilt from their names so that what a replay reports about the
    /// cassette hides what its recording hid.
    ///
    /// A `body:` name stands for a member's key or for a path; both are
    /// applied, and for a path its last key too, since hiding more in a
    /// report is harmless. `fields:secret-names` reads names with those
    /// the `fields:not-secret:` names exempt (``exemptingFieldNames(_:)``). A name no built-in rule has, such as a custom
    /// rule's, cannot be rebuilt and is skipped.
    ///
    /// - Parameter names: The cassette's `redactions`.
    package init(ruleNames names: [String]) {
        var combined = Redaction.none
        let secretNames = Self.secretFieldNames(forRuleNames: names)
        for name in names {
            let (kind, argument) = Self.split(name)
            switch kind {
            case "header" where !argument.isEmpty: combined = combined + .header(argument)
            case "cookie" where argument == "*": combined = combined + .cookieValues
            case "query" where !argument.isEmpty: combined = combined + .queryItem(argument)
            case "fields" where name == Self.secretFieldsName: combined = combined + .secretFields(names: secretNames)
            case "fields" where name.hasPrefix(Self.exemptNamePrefix) && name.count > Self.exemptNamePrefix.count:
                combined = combined + Redaction(rules: [Self.exemptionRule(String(name.dropFirst(Self.exemptNamePrefix.count)))])
            case "url" where name == Self.urlUserinfoName: combined = combined + .urlUserinfo
            case "shapes" where name == Self.credentialShapesName: combined = combined + .credentialShapes
            case "body" where !argument.isEmpty:
                combined = combined + .jsonField(argument)
                if let last = Self.lastKey(of: argument), last != argument { combined = combined + .jsonField(last) }
            default: continue
            }
        }
        self = combined
    }

    /// Whether the redaction has no rule at all.
    package var isEmpty: Bool { rules.isEmpty }

    private static func split(_ name: String) -> (kind: String, argument: String) {
        guard let colon = name.firstIndex(of: ":") else { return (name, "") }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }

    /// The last object key of a path such as `user.password` or `items[2].secret`.
    private static func lastKey(of path: String) -> String? {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        let key = last.split(separator: "[").first.map(String.init) ?? last
        return key.isEmpty ? nil : key
    }
}
