/// What a command is called, what it does and which arguments it takes;
/// the parser and the help text both come from it.
package struct CommandConfiguration: Sendable {
    /// The full name as typed, such as `cassette fmt`.
    package var commandName: String
    /// One sentence, ending in a full stop, shown in help and in the
    /// subcommand list.
    package var abstract: String
    /// Paragraphs printed under the abstract; lines starting with a space are
    /// printed as they are, the others are wrapped.
    package var discussion: String
    /// The flags besides `-h`/`--help`, which every command has.
    package var flags: [Flag]
    /// The options that take a value, such as `--repeat <n>`.
    package var options: [Option]
    /// The arguments that are not options.
    package var operands: Operands
    /// The statuses the command exits with and what each means.
    package var exitStatuses: [(code: ExitCode, meaning: String)]
    /// Whether the command can meet several problems in one run and then
    /// exits with the highest status, as help says.
    package var exitsWithHighest: Bool
    private var usageOverride: String?

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - commandName: The full name as typed, such as `cassette fmt`.
    ///   - abstract: One sentence ending in a full stop.
    ///   - discussion: More detail for the help text; empty for none.
    ///   - usage: The usage line, when the one built from flags and operands
    ///     does not fit.
    ///   - flags: The flags besides `-h`/`--help`.
    ///   - options: The options that take a value.
    ///   - operands: The arguments that are not options.
    ///   - exitStatuses: The statuses the command exits with.
    ///   - exitsWithHighest: Whether several problems can meet in one run;
    ///     by default, whether the command takes any number of paths.
    package init(
        commandName: String, abstract: String, discussion: String = "", usage: String? = nil, flags: [Flag] = [],
        options: [Option] = [], operands: Operands, exitStatuses: [(code: ExitCode, meaning: String)] = [],
        exitsWithHighest: Bool? = nil
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.usageOverride = usage
        self.flags = flags
        self.options = options
        self.operands = operands
        self.exitStatuses = exitStatuses
        // Only a command that goes through several files can meet several problems, unless it says otherwise.
        self.exitsWithHighest = exitsWithHighest ?? [.oneOrMore, .zeroOrMore].contains(operands.arity)
    }

    /// The first word of ``commandName``, such as `cassette`, as it starts every error message.
    package var toolName: String {
        commandName.split(separator: " ").first.map(String.init) ?? commandName
    }

    /// The help text `--help` prints, ending in a newline.
    package var help: String { HelpText.render(self) }

    /// The last word of ``commandName``, such as `fmt`.
    package var name: String {
        commandName.split(separator: " ").last.map(String.init) ?? commandName
    }

    /// Every flag the command accepts, `-h`/`--help` last.
    package var allFlags: [Flag] { flags + [.help] }

    /// The usage line without its `USAGE:` label, such as
    /// `cassette fmt [--check] <path> ...`.
    package var usage: String {
        if let usageOverride { return usageOverride }
        let words =
            [commandName] + flags.map { "[\($0.label)]" } + options.map { "[\($0.usageLabel)]" } + [operands.usage]
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The flag `argument` names, such as `--check` or `-h`.
    func flag(named argument: String) -> Flag? {
        allFlags.first { $0.matches(argument) }
    }

    /// The option `argument` names, such as `--repeat`.
    func option(named argument: String) -> Option? {
        options.first { $0.label == argument || $0.shortName.map { argument == "-\($0)" } == true }
    }
}

/// An option that takes no value, such as `--check`.
package struct Flag: Sendable, Hashable {
    /// The long name without its dashes, such as `check`.
    package var name: String
    /// The one-letter name, such as `h` for `-h`.
    package var shortName: Character?
    /// One sentence, ending in a full stop.
    package var help: String

    /// Creates a flag.
    ///
    /// - Parameters:
    ///   - name: The long name without its dashes.
    ///   - shortName: The one-letter name, if there is one.
    ///   - help: One sentence ending in a full stop.
    package init(_ name: String, shortName: Character? = nil, help: String) {
        self.name = name
        self.shortName = shortName
        self.help = help
    }

    /// `-h`/`--help`, which every command accepts.
    package static let help = Flag("help", shortName: "h", help: "Prints help information.")

    /// The flag as usage lines show it: `--check`.
    var label: String { "--\(name)" }

    /// The flag as help lists it: `-h, --help`.
    var helpLabel: String { shortName.map { "-\($0), \(label)" } ?? label }

    func matches(_ argument: String) -> Bool {
        argument == label || shortName.map { argument == "-\($0)" } == true
    }
}

/// An option that takes a value, such as `--repeat <n>`: the value is the
/// next argument, or follows an equals sign (`--repeat=5`).
package struct Option: Sendable, Hashable {
    /// The long name without its dashes, such as `repeat`.
    package var name: String
    /// The one-letter name, such as `o` for `-o <file>`.
    package var shortName: Character?
    /// What the value is, as usage lines show it between angle brackets, such as `n`.
    package var valueName: String
    /// One sentence, ending in a full stop.
    package var help: String

    /// Creates an option.
    ///
    /// - Parameters:
    ///   - name: The long name without its dashes.
    ///   - shortName: The one-letter name, if there is one.
    ///   - valueName: What the value is, such as `n` or `file`.
    ///   - help: One sentence ending in a full stop.
    package init(_ name: String, shortName: Character? = nil, valueName: String, help: String) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.help = help
    }

    /// The option without its value: `--repeat`.
    var label: String { "--\(name)" }

    /// The option as usage lines show it: `--repeat <n>`.
    package var usageLabel: String { "\(label) <\(valueName)>" }

    /// The option as help lists it: `-o, --output <file>`.
    var helpLabel: String { (shortName.map { "-\($0), " } ?? "") + usageLabel }
}

/// How many arguments that are not options a command takes, and what they are.
package struct Operands: Sendable, Hashable {
    enum Arity: Sendable, Hashable {
        case zero, one, optional, zeroOrMore, oneOrMore, remainder
        case counts([Int])
    }

    /// The name in usage lines, without brackets, such as `path`.
    package var name: String
    /// One sentence, ending in a full stop; empty to leave the operand out of
    /// the help's argument list.
    package var help: String
    var arity: Arity

    /// No operands.
    package static let empty = Operands(name: "", help: "", arity: .zero)

    /// Exactly one operand, such as `<file>`.
    package static func one(_ name: String, help: String) -> Operands {
        Operands(name: name, help: help, arity: .one)
    }

    /// At most one operand, such as `[<subcommand>]`.
    package static func optional(_ name: String, help: String) -> Operands {
        Operands(name: name, help: help, arity: .optional)
    }

    /// Any number of operands, none included, such as `[<path> ...]`.
    package static func zeroOrMore(_ name: String, help: String) -> Operands {
        Operands(name: name, help: help, arity: .zeroOrMore)
    }

    /// One operand or more, such as `<path> ...`.
    package static func oneOrMore(_ name: String, help: String) -> Operands {
        Operands(name: name, help: help, arity: .oneOrMore)
    }

    /// One of a few fixed numbers of operands, such as two files or git's
    /// seven diff arguments; the usage line names them.
    package static func counts(_ counts: [Int], _ name: String, help: String) -> Operands {
        Operands(name: name, help: help, arity: .counts(counts))
    }

    /// The first operand and every argument after it, options included,
    /// untouched: a subcommand and its own arguments. May be empty.
    package static func remainder(_ name: String, help: String) -> Operands {
        Operands(name: name, help: help, arity: .remainder)
    }

    /// The operand as usage lines show it.
    var usage: String {
        switch arity {
        case .zero: ""
        case .one, .remainder: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .zeroOrMore: "[<\(name)> ...]"
        case .oneOrMore: "<\(name)> ..."
        case .counts: "<\(name)> ..."
        }
    }
}
