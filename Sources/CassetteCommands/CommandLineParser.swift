/// Splits a command's arguments into flags, options with their values, and operands.
///
/// The rules are the usual ones: options start with `-`, `--` ends them, a
/// lone `-` is an operand, an option's value is the next argument or follows
/// `=` (`--repeat 5`, `--repeat=5`), and `-h`/`--help` anywhere before `--`
/// asks for help even when other arguments are wrong.
package enum CommandLineParser {
    /// Parses `arguments` against `configuration`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the command's name.
    ///   - configuration: The flags, options and operands the command accepts.
    /// - Returns: The flags given, the options' values and the operands in order.
    /// - Throws: `UsageError` for an unknown option, a value given to a
    ///   flag, an option without its value, or too few or too many operands.
    package static func parse(
        _ arguments: some Sequence<String>, for configuration: CommandConfiguration
    ) throws(UsageError) -> ParsedArguments {
        let arguments = Array(arguments)
        var parsed = ParsedArguments()
        var firstError: UsageError?
        var optionsEnded = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, argument == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
                if let flag = configuration.flag(named: argument) {
                    parsed.flags.insert(flag.name)
                } else if let option = configuration.option(named: argument) {
                    // A value may start with one dash, as `-1` does, but not with two: `--repeat --junit x`
                    // lacks the value rather than repeating '--junit' times.
                    if index < arguments.endIndex, !arguments[index].hasPrefix("--"),
                        configuration.flag(named: arguments[index]) == nil
                    {
                        parsed.set(option, arguments[index])
                        index += 1
                    } else if firstError == nil {
                        firstError = UsageError("missing value for '\(option.usageLabel)'")
                    }
                } else if let (option, value) = valued(argument, in: configuration) {
                    parsed.set(option, value)
                } else if firstError == nil {
                    firstError = problem(with: argument, in: configuration)
                }
                continue
            }
            parsed.operands.append(argument)
            if configuration.operands.arity == .remainder {
                parsed.operands += arguments[index...]
                break
            }
        }
        if parsed.isHelpRequested { return parsed }
        if let firstError { throw firstError }
        try checkCount(of: parsed.operands, against: configuration.operands)
        return parsed
    }

    /// The option and value of `--name=value`, when `name` is an option.
    private static func valued(_ argument: String, in configuration: CommandConfiguration) -> (Option, String)? {
        guard let equals = argument.firstIndex(of: "="),
            let option = configuration.option(named: String(argument[..<equals]))
        else { return nil }
        return (option, String(argument[argument.index(after: equals)...]))
    }

    private static func problem(with option: String, in configuration: CommandConfiguration) -> UsageError {
        if let equals = option.firstIndex(of: "="), let flag = configuration.flag(named: String(option[..<equals])) {
            return UsageError("option '\(flag.label)' does not take a value")
        }
        return UsageError("unknown option '\(option)'")
    }

    private static func checkCount(of operands: [String], against expected: Operands) throws(UsageError) {
        if case .counts(let counts) = expected.arity {
            guard !counts.contains(operands.count) else { return }
            let spelled = counts.map(String.init)
            let list = spelled.dropLast().joined(separator: ", ") + (counts.count > 1 ? " or " : "") + (spelled.last ?? "")
            throw UsageError("expected \(list) arguments, found \(operands.count)")
        }
        let range: ClosedRange<Int> =
            switch expected.arity {
            case .zero: 0...0
            case .one: 1...1
            case .optional: 0...1
            case .zeroOrMore: 0...Int.max
            case .oneOrMore: 1...Int.max
            case .remainder, .counts: 0...Int.max
            }
        if operands.count < range.lowerBound {
            throw UsageError("missing expected argument '\(expected.usage)'")
        }
        if operands.count > range.upperBound {
            throw UsageError("unexpected argument '\(operands[range.upperBound])'")
        }
    }
}

/// The arguments of one command, sorted into flags, options and operands.
package struct ParsedArguments: Sendable, Hashable {
    /// The long names of the flags given, without dashes.
    package var flags: Set<String>
    /// The value of each option given, by its long name without dashes; the
    /// last one wins when an option is given twice.
    package var values: [String: String]
    /// Every value of each option given, in order, for the options that may repeat.
    package var repeatedValues: [String: [String]] = [:]
    /// The arguments that are not options, in order.
    package var operands: [String]

    /// Creates parsed arguments, as a test or a caller that skips parsing would.
    ///
    /// - Parameters:
    ///   - flags: The long names of the flags given, without dashes.
    ///   - values: The options' values, by long name without dashes.
    ///   - operands: The arguments that are not options.
    package init(flags: Set<String> = [], values: [String: String] = [:], operands: [String] = []) {
        self.flags = flags
        self.values = values
        self.operands = operands
    }

    /// Whether `flag` was given.
    package func contains(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// The value given to `option`, or `nil` when it was not given.
    package func value(of option: Option) -> String? { values[option.name] }

    /// Every value given to `option`, in order; empty when it was not given.
    package func allValues(of option: Option) -> [String] {
        repeatedValues[option.name] ?? values[option.name].map { [$0] } ?? []
    }

    /// Notes `value` for `option`: the last one wins, and every one is kept for options that repeat.
    mutating func set(_ option: Option, _ value: String) {
        values[option.name] = value
        repeatedValues[option.name, default: []].append(value)
    }

    /// Whether `-h` or `--help` was given.
    package var isHelpRequested: Bool { contains(.help) }

    /// The file path given to `option`, or `nil` when it was not given.
    ///
    /// - Throws: `UsageError` when the path is empty.
    package func path(of option: Option) throws(UsageError) -> String? {
        guard let path = value(of: option) else { return nil }
        guard !path.isEmpty else { throw UsageError("invalid value '' for '\(option.usageLabel)': expected a file path") }
        return path
    }
}

/// A command line that does not fit the command: the message says what is
/// wrong, and the caller adds the usage line.
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in lowercase without a final full stop, such as
    /// `unknown option '--chek'`.
    package var message: String

    /// Creates a usage error.
    ///
    /// - Parameter message: What is wrong, such as `unknown option '--chek'`.
    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
