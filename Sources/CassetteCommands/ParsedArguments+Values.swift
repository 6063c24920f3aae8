extension ParsedArguments {
    /// The whole number given to `option`, or `nil` when it was not given.
    ///
    /// Underscores may group digits, as in `100_000`.
    ///
    /// - Parameters:
    ///   - option: The option whose value to read.
    ///   - range: The numbers the option accepts.
    /// - Returns: The number, within `range`.
    /// - Throws: `UsageError` naming the option and the range when the value
    ///   is not a whole number in `range`.
    package func number<Number: FixedWidthInteger>(
        of option: Option, in range: ClosedRange<Number>
    ) throws(UsageError) -> Number? {
        guard let text = value(of: option) else { return nil }
        let digits = text.hasPrefix("_") ? text : text.replacingOccurrences(of: "_", with: "")
        guard let number = Number(digits, radix: 10), range.contains(number) else {
            throw UsageError("invalid value '\(text)' for '\(option.usageLabel)': expected \(Self.describe(range))")
        }
        return number
    }

    /// The value of `option` as one of `Choice`'s cases, or `nil` when it was not given.
    ///
    /// - Parameters:
    ///   - option: The option whose value to read.
    ///   - choices: The values the option accepts, in the order errors list them.
    /// - Returns: The case whose raw value was given.
    /// - Throws: `UsageError` listing the accepted values when another was given.
    package func choice<Choice: RawRepresentable>(
        of option: Option, among choices: [Choice]
    ) throws(UsageError) -> Choice? where Choice.RawValue == String {
        guard let text = value(of: option) else { return nil }
        guard let choice = choices.first(where: { $0.rawValue == text }) else {
            let names = choices.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            throw UsageError("invalid value '\(text)' for '\(option.usageLabel)': expected \(list)")
        }
        return choice
    }

    /// A range of whole numbers as an error message names it.
    private static func describe<Number: FixedWidthInteger>(_ range: ClosedRange<Number>) -> String {
        switch (range.lowerBound == Number.min, range.upperBound == Number.max) {
        case (true, true): "a whole number"
        case (false, true): "a whole number of at least \(range.lowerBound)"
        case (true, false): "a whole number of at most \(range.upperBound)"
        case (false, false): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        }
    }
}
