/// Secret-named members and assignments written as literals in script
/// source and other text: `password: "hunter2"`, `"access_token": 'tok…'`,
/// `apiKey = "…"`.
///
/// A script the app evaluates (`login({email: "ada", password: "…"})`) is
/// JavaScript, not JSON, so the JSON rules never see its members: this finds
/// a quoted string value that follows a secret name and `:` or `=`. Only the
/// quoted value is a finding; `password == "x"`, a name without a quoted
/// value and an empty value are not.
enum ScriptLiterals {
    /// One secret-named literal: its name, and where its value stands, quotes excluded.
    struct Member {
        var name: String
        var value: Range<String.Index>
    }

    /// Every secret-named member of `text` whose value is a non-empty quoted string.
    ///
    /// - Parameters:
    ///   - text: Script source or other text.
    ///   - names: Which names hold secrets.
    /// - Returns: The members, in the order they stand.
    static func secretMembers(in text: String, names: SecretFieldNames = .default) -> [Member] {
        var members: [Member] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard isNameStart(text[index]), index == text.startIndex || !isNamePart(text[text.index(before: index)]) else {
                index = text.index(after: index)
                continue
            }
            let nameEnd = text[index...].firstIndex { !isNamePart($0) } ?? text.endIndex
            let name = String(text[index..<nameEnd])
            index = nameEnd
            guard names.matches(name), let value = quotedValue(in: text, afterName: nameEnd) else { continue }
            members.append(Member(name: name, value: value))
            index = value.upperBound
        }
        return members
    }

    /// The quoted value after a name: an optional closing quote of the name,
    /// spaces, one `:` or `=` (not `==`), spaces, then a string in `"`, `'`
    /// or `` ` `` on one line.
    ///
    /// JSON inside a string literal (`JSON.parse("{\"token\":\"…\"}")`) has
    /// its quotes escaped: a name closed by `\"` and a value between `\"` and
    /// `\"` are found too, an escaped backslash (`\\`) escaping what follows it.
    private static func quotedValue(in text: String, afterName start: String.Index) -> Range<String.Index>? {
        var index = start
        if index < text.endIndex, quotes.contains(text[index]) {
            index = text.index(after: index)
        } else if let quote = escapedQuote(in: text, at: index) {
            index = text.index(after: quote)
        }
        index = skipSpaces(in: text, from: index)
        guard index < text.endIndex, text[index] == ":" || text[index] == "=" else { return nil }
        index = text.index(after: index)
        guard index < text.endIndex, text[index] != "=" else { return nil }
        index = skipSpaces(in: text, from: index)
        if let quote = escapedQuote(in: text, at: index) { return escapedValue(in: text, quotedAt: quote) }
        guard index < text.endIndex, quotes.contains(text[index]) else { return nil }
        let quote = text[index]
        let valueStart = text.index(after: index)
        var position = valueStart
        while position < text.endIndex, text[position] != quote, !text[position].isNewline {
            if text[position] == "\\" {
                position = text.index(after: position)
                guard position < text.endIndex else { return nil }
            }
            position = text.index(after: position)
        }
        guard position < text.endIndex, text[position] == quote, position > valueStart else { return nil }
        return valueStart..<position
    }

    /// The index of the quote of a `\"` (or `\'`) at `index`, if one stands there.
    private static func escapedQuote(in text: String, at index: String.Index) -> String.Index? {
        guard index < text.endIndex, text[index] == "\\" else { return nil }
        let quote = text.index(after: index)
        return quote < text.endIndex && quotes.contains(text[quote]) ? quote : nil
    }

    /// The value that follows the escaped quote at `open`, up to the next escaped quote of the same kind.
    private static func escapedValue(in text: String, quotedAt open: String.Index) -> Range<String.Index>? {
        let quote = text[open]
        let valueStart = text.index(after: open)
        var position = valueStart
        while position < text.endIndex, !text[position].isNewline {
            guard text[position] == "\\" else {
                position = text.index(after: position)
                continue
            }
            let next = text.index(after: position)
            guard next < text.endIndex else { return nil }
            if text[next] == quote { break }
            position = text.index(after: next)
            // An escaped backslash escapes the character after it, itself perhaps written as an escape (`\\\"`).
            if text[next] == "\\", position < text.endIndex {
                if text[position] == "\\" { position = text.index(after: position) }
                if position < text.endIndex { position = text.index(after: position) }
            }
        }
        guard position < text.endIndex, text[position] == "\\", position > valueStart else { return nil }
        return valueStart..<position
    }

    private static let quotes: Set<Character> = ["\"", "'", "`"]

    private static func skipSpaces(in text: String, from index: String.Index) -> String.Index {
        text[index...].firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    }

    private static func isNameStart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_" || character == "$")
    }

    private static func isNamePart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "$" || character == "-")
    }
}
