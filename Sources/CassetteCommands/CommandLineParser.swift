/// Splits a command's arguments into flags and operands.
///
/// The rules are the usual ones: options start with `-`, `--` ends them, a
/// lone `-` is an operand, and `-h`/`--help` anywhere before `--` asks for
/// help even when other arguments are wrong.
public enum CommandLineParser {
    /// Parses `arguments` against `configuration`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the command's name.
    ///   - configuration: The flags and operands the command accepts.
    /// - Returns: The flags given and the operands in order.
    /// - Throws: `UsageError` for an unknown option, a value given to a
    ///   flag, or too few or too many operands.
    public static func parse(
        _ arguments: some Sequence<String>, for configuration: CommandConfiguration
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var firstError: UsageError?
        var optionsEnded = false
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if !optionsEnded, argument == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
                if let flag = configuration.flag(named: argument) {
                    parsed.flags.insert(flag.name)
                } else if firstError == nil {
                    firstError = problem(with: argument, in: configuration)
                }
                continue
            }
            parsed.operands.append(argument)
            if configuration.operands.arity == .remainder {
                while let rest = iterator.next() { parsed.operands.append(rest) }
            }
        }
        if parsed.isHelpRequested { return parsed }
        if let firstError { throw firstError }
        try checkCount(of: parsed.operands, against: configuration.operands)
        return parsed
    }

    private static func problem(with option: String, in configuration: CommandConfiguration) -> UsageError {
        if let equals = option.firstIndex(of: "="), let flag = configuration.flag(named: String(option[..<equals])) {
            return UsageError("option '\(flag.label)' does not take a value")
        }
        return UsageError("unknown option '\(option)'")
    }

    private static func checkCount(of operands: [String], against expected: Operands) throws(UsageError) {
        let range: ClosedRange<Int> =
            switch expected.arity {
            case .zero: 0...0
            case .one: 1...1
            case .optional: 0...1
            case .oneOrMore: 1...Int.max
            case .remainder: 0...Int.max
            }
        if operands.count < range.lowerBound {
            throw UsageError("missing expected argument '\(expected.usage)'")
        }
        if operands.count > range.upperBound {
            throw UsageError("unexpected argument '\(operands[range.upperBound])'")
        }
    }
}

/// The arguments of one command, sorted into flags and operands.
public struct ParsedArguments: Sendable, Hashable {
    /// The long names of the flags given, without dashes.
    public var flags: Set<String>
    /// The arguments that are not options, in order.
    public var operands: [String]

    /// Creates parsed arguments, as a test or a caller that skips parsing would.
    ///
    /// - Parameters:
    ///   - flags: The long names of the flags given, without dashes.
    ///   - operands: The arguments that are not options.
    public init(flags: Set<String> = [], operands: [String] = []) {
        self.flags = flags
        self.operands = operands
    }

    /// Whether `flag` was given.
    public func contains(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Whether `-h` or `--help` was given.
    public var isHelpRequested: Bool { contains(.help) }
}

/// A command line that does not fit the command: the message says what is
/// wrong, and the caller adds the usage line.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in lowercase without a final full stop, such as
    /// `unknown option '--chek'`.
    public var message: String

    /// Creates a usage error.
    ///
    /// - Parameter message: What is wrong, such as `unknown option '--chek'`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
