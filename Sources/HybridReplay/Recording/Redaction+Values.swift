extension Redaction {
    /// Secrets the test knows, such as the password its drive types into the
    /// page, hidden wherever they appear in any event, whatever their length;
    /// listed as `values:declared`, never with the values.
    ///
    /// The recorder numbers a declared value the first time an event holds
    /// it and replaces it as it replaces any value a rule redacted (see
    /// docs/secrets.md), short values included: a declared 4-digit PIN is
    /// hidden in a script too. A value no event holds takes no number.
    ///
    /// - Parameter secrets: The values to hide; empty strings are ignored.
    /// - Returns: A redaction with that one rule.
    public static func values(_ secrets: [String]) -> Redaction {
        Redaction(rules: [Rule(name: declaredValuesName, identity: nil, values: secrets.filter { !$0.isEmpty })])
    }

    /// The values every ``values(_:)`` rule of this redaction declares.
    var declaredValues: [String] {
        rules.flatMap(\.values)
    }

    static let declaredValuesName = "values:declared"
}
