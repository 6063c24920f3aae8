/// The text `--help` prints, built from a command's configuration.
enum HelpText {
    /// Text is wrapped to this many columns.
    static let width = 80
    /// Where the descriptions of options, arguments and subcommands start.
    static let labelWidth = 24

    /// The help for `configuration`, ending in a newline.
    ///
    /// - Parameters:
    ///   - configuration: The command to describe.
    ///   - subcommands: The subcommands to list, for the top-level command and groups.
    ///   - seeAlso: The command that gives a subcommand's help.
    static func render(
        _ configuration: CommandConfiguration, subcommands: [CommandConfiguration] = [], seeAlso: String? = nil
    ) -> String {
        var sections = ["OVERVIEW: \(configuration.abstract)"]
        if !configuration.discussion.isEmpty {
            sections.append(paragraphs(configuration.discussion))
        }
        sections.append("USAGE: \(configuration.usage)")
        if !configuration.operands.help.isEmpty {
            let argument = "<\(configuration.operands.name)>"
            sections.append("ARGUMENTS:\n" + entry(argument, configuration.operands.help))
        }
        let options =
            configuration.flags.map { entry($0.helpLabel, $0.help) }
            + configuration.options.map { entry($0.helpLabel, $0.help) } + [entry(Flag.help.helpLabel, Flag.help.help)]
        sections.append("OPTIONS:\n" + options.joined())
        if !subcommands.isEmpty {
            let list = subcommands.map { entry($0.name, $0.abstract) }.joined()
            sections.append(
                "SUBCOMMANDS:\n\(list)\n  See '\(seeAlso ?? "\(configuration.commandName) help <subcommand>")' for detailed help.\n")
        }
        if !configuration.exitStatuses.isEmpty {
            let list = configuration.exitStatuses.map { status in
                let code = String(status.code.rawValue)
                return wrap(status.meaning, indent: 6, firstLine: "  " + code.padding(to: 4))
            }
            let note = configuration.exitsWithHighest ? "  When several apply, the command exits with the highest.\n" : ""
            sections.append("EXIT STATUS:\n" + list.joined() + note)
        }
        return sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }

    /// One line of a list: a label and its description, wrapped.
    private static func entry(_ label: String, _ text: String) -> String {
        let indent = 2 + labelWidth
        if label.count < labelWidth {
            return wrap(text, indent: indent, firstLine: "  " + label.padding(to: labelWidth))
        }
        return "  \(label)\n" + wrap(text, indent: indent, firstLine: String(repeating: " ", count: indent))
    }

    /// Wraps each line of `text`, keeping lines that start with a space as they are.
    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty || line.hasPrefix(" ") ? String(line) + "\n" : wrap(String(line), indent: 0, firstLine: "")
        }.joined()
    }

    /// The words of `text`, with a 'quoted phrase' kept as one word so a
    /// command or an output line is never split across lines.
    private static func units(of text: String) -> [String] {
        var units: [String] = []
        var quote: [Substring] = []
        for word in text.split(separator: " ") {
            if quote.isEmpty {
                if word.hasPrefix("'"), !closesQuote(word.dropFirst()) {
                    quote = [word]
                } else {
                    units.append(String(word))
                }
                continue
            }
            quote.append(word)
            if closesQuote(word) {
                units.append(quote.joined(separator: " "))
                quote = []
            }
        }
        if !quote.isEmpty { units.append(quote.joined(separator: " ")) }
        return units
    }

    /// Whether `word` ends a quotation: a quote, then at most punctuation.
    private static func closesQuote(_ word: Substring) -> Bool {
        var end = word
        while let last = end.last, ".,;:".contains(last) { end = end.dropLast() }
        return end.hasSuffix("'")
    }

    /// Wraps `text` at word boundaries, starting after `firstLine` and
    /// indenting the following lines; ends in a newline.
    private static func wrap(_ text: String, indent: Int, firstLine: String) -> String {
        var lines: [String] = []
        var line = firstLine
        var lineHasWord = false
        for word in units(of: text) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// Spaces followed by the string, up to `width` characters.
    func leftPadding(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
