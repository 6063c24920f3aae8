import HybridReplay

/// `--volatile '<kind> <field>'`, repeatable: fields whose values `cassette diff`
/// and `cassette review` take as renamed, not changed, when renamed consistently.
enum VolatileFieldsOption {
    static let option = Option(
        "volatile", valueName: "field",
        help: "Takes the values of a field, named by event kind and path such as 'script.message body.callbackId', as volatile: renamed consistently, they are no change. Repeatable.")

    /// The declarations given, in order.
    ///
    /// - Throws: `UsageError` naming a declaration that does not read.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> [VolatileField] {
        var fields: [VolatileField] = []
        for text in arguments.allValues(of: option) {
            do {
                fields.append(try VolatileField(parsing: text))
            } catch {
                throw UsageError("invalid value '\(text)' for '\(option.usageLabel)': \(error.message)")
            }
        }
        return fields
    }
}
