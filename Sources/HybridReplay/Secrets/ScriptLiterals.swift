/// Secret-named members and assignments written as literals in script
/// source and other text: `password: "hunter2"`, `"access_token": 'tok…'`,
/// `apiKey = "…"`.
///
/// A script the app evaluates (`login({email: "ada", password: "…"})`) is
/// JavaScript, not JSON, so the JSON rules never see its members: this finds
/// a quoted string value that follows a secret name and `:` or `=`, or a
/// quoted secret name a call takes first (`localStorage.setItem('authToken',
/// '…')`, `headers.set("X-Api-Key", "…")`), the value of the cookie a
/// script sets (`document.cookie = "sid=…; path=/"`), and the value of an
/// HTML tag whose `name` is a secret's (`<meta name="csrf-token" content="…">`,
/// quoted or not). It also finds the quoted arguments of a call whose name
/// says it takes a credential (``CredentialCall``: `login("ada", "…")` hides
/// all but the first, `setPassword("…")` all), and an unquoted value after
/// a secret name and `=` as a URL or a log line writes it
/// (`?access_token=…`, `token=…`). Only the value (the cookie's value) is a
/// finding; `password == "x"`, a name without a value and an empty value
/// are not.
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
            let nameStart = index
            let nameEnd = text[index...].firstIndex { !isNamePart($0) } ?? text.endIndex
            let name = String(text[index..<nameEnd])
            index = nameEnd
            if name == "cookie", nameStart > text.startIndex, text[text.index(before: nameStart)] == ".",
                let literal = quotedValue(in: text, afterName: nameEnd)
            {
                index = literal.upperBound
                if let value = cookieValue(in: text, literal: literal) { members.append(Member(name: name, value: value)) }
                continue
            }
            if let open = callOpen(in: text, after: nameEnd) {
                if let hidden = CredentialCall(name, names: names) {
                    for (position, argument) in quotedArguments(in: text, from: open)
                    where hidden == .every || position > 0 {
                        members.append(Member(name: name, value: argument))
                    }
                    continue
                }
                // A call whose name says nothing, given the action as its first argument
                // (`bridge.send("login", "ada", "…")`): the rest are that action's arguments.
                let arguments = quotedArguments(in: text, from: open)
                if let action = arguments.first, action.0 == 0, let hidden = CredentialCall(action: text[action.1], names: names) {
                    for (position, argument) in arguments.dropFirst() where hidden == .every || position > 1 {
                        members.append(Member(name: String(text[action.1]), value: argument))
                    }
                }
            }
            guard names.matches(name) || isAuthorizationCode(in: text, name: nameStart..<nameEnd),
                let value = quotedValue(in: text, afterName: nameEnd) ?? argumentValue(in: text, name: nameStart..<nameEnd)
                    ?? unquotedValue(in: text, name: nameStart..<nameEnd) ?? colonValue(in: text, name: nameStart..<nameEnd)
            else { continue }
            members.append(Member(name: name, value: value))
            index = value.upperBound
        }
        let markup = htmlAttributeMembers(in: text, names: names) + xmlElementMembers(in: text, names: names)
        var merged: [Member] = []
        for member in (members + markup).sorted(by: { $0.value.lowerBound < $1.value.lowerBound })
        where merged.last.map({ $0.value.upperBound <= member.value.lowerBound }) ?? true {
            merged.append(member)
        }
        return merged
    }

    /// The `value` or `content` of each HTML tag whose `name` attribute names
    /// a secret: `<input type="hidden" name="authenticity_token" value="…">`,
    /// `<meta name="csrf-token" content="…">`, and attributes HTML lets go
    /// unquoted (`<input type=hidden name=csrf_token value=…>`).
    ///
    /// An `<input type="password">` holds a secret whatever its `name`
    /// (`<input type=password name=p value=…>`).
    private static func htmlAttributeMembers(in text: String, names: SecretFieldNames) -> [Member] {
        guard text.contains("<") else { return [] }
        var members: [Member] = []
        // `name=` whose value names a secret, and `type=password`, each say that their tag's value is one.
        let markers: [(attribute: String, isSecret: (Substring) -> Bool)] = [
            ("name=", { names.matches(String($0)) }), ("type=", { $0.lowercased() == "password" }),
        ]
        for marker in markers {
            var searchStart = text.startIndex
            while let found = text.range(of: marker.attribute, options: .caseInsensitive, range: searchStart..<text.endIndex) {
                searchStart = found.upperBound
                guard found.lowerBound > text.startIndex, text[text.index(before: found.lowerBound)].isWhitespace,
                    let named = attributeValue(in: text, at: found.upperBound), marker.isSecret(text[named]),
                    let open = text[..<found.lowerBound].lastIndex(where: { $0 == "<" || $0 == ">" }), text[open] == "<"
                else { continue }
                let close = text[named.upperBound...].firstIndex(of: ">") ?? text.endIndex
                for attribute in ["value=", "content="] {
                    guard let at = text.range(of: attribute, options: .caseInsensitive, range: open..<close),
                        text[text.index(before: at.lowerBound)].isWhitespace, let value = attributeValue(in: text, at: at.upperBound)
                    else { continue }
                    members.append(Member(name: String(text[named]), value: value))
                    break
                }
            }
        }
        return members
    }

    /// The text of each XML element named like a secret, its namespace
    /// prefix aside (`<password>…</password>`, `<wsse:Password>…</wsse:Password>`,
    /// `<AccessToken>…</AccessToken>`), and of the `<string>` after a
    /// property list's secret-named `<key>` (`<key>token</key><string>…</string>`),
    /// as a SOAP call, a SAML or OAuth answer or a plist carries them. Only
    /// text: an element holding other elements (`<` first) is not one value.
    private static func xmlElementMembers(in text: String, names: SecretFieldNames) -> [Member] {
        guard text.contains("</") else { return [] }
        var members: [Member] = []
        var searchStart = text.startIndex
        while let open = text[searchStart...].firstIndex(of: "<") {
            searchStart = text.index(after: open)
            let nameEnd = text[searchStart...].firstIndex { !(isNamePart($0) || $0 == ":" || $0 == ".") } ?? text.endIndex
            guard nameEnd < text.endIndex, searchStart < nameEnd else { continue }
            let element = text[searchStart..<nameEnd]
            // Attributes may follow the name; the content starts after `>`, which comes before any other `<`.
            guard let close = text[nameEnd...].firstIndex(where: { $0 == ">" || $0 == "<" }), text[close] == ">",
                text[text.index(before: close)] != "/"
            else { continue }
            let local = element.split(separator: ":").last.map(String.init) ?? ""
            var contentStart = text.index(after: close)
            var name = local
            if local == "key" {
                // A plist's `<key>token</key>` names the value of the element after it.
                guard let keyEnd = text.range(of: "</key>", range: contentStart..<text.endIndex),
                    names.matches(String(text[contentStart..<keyEnd.lowerBound]))
                else { continue }
                name = String(text[contentStart..<keyEnd.lowerBound])
                let next = skipWhitespace(in: text, from: keyEnd.upperBound)
                guard text[next...].hasPrefix("<string>") else { continue }
                contentStart = text.index(next, offsetBy: "<string>".count)
            } else if !names.matches(local) {
                continue
            }
            guard let contentEnd = text[contentStart...].firstIndex(of: "<"), contentStart < contentEnd,
                text[contentEnd...].hasPrefix("</"), !text[contentStart..<contentEnd].allSatisfy(\.isWhitespace)
            else { continue }
            members.append(Member(name: name, value: contentStart..<contentEnd))
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
        return quotedString(in: text, at: index)
    }

    /// The value after a name that is the whole of a call's first argument,
    /// `('authToken', '…')`: the second argument, when it is a quoted string.
    private static func argumentValue(in text: String, name: Range<String.Index>) -> Range<String.Index>? {
        guard name.lowerBound > text.startIndex, name.upperBound < text.endIndex else { return nil }
        let quote = text[text.index(before: name.lowerBound)]
        guard quotes.contains(quote), text[name.upperBound] == quote else { return nil }
        let open = text[..<text.index(before: name.lowerBound)].lastIndex { $0 != " " && $0 != "\t" }
        guard let open, text[open] == "(" else { return nil }
        var index = skipSpaces(in: text, from: text.index(after: name.upperBound))
        guard index < text.endIndex, text[index] == "," else { return nil }
        index = skipSpaces(in: text, from: text.index(after: index))
        return quotedString(in: text, at: index)
    }

    /// Which quoted arguments of a call hold a secret, by the called function's name.
    enum CredentialCall: Equatable {
        /// A setter named after a secret (`setPassword`, `storeApiKey`, `verifyPin`): every argument.
        case every
        /// A sign-in (`login`, `signIn`, `auth`, `authenticate`): every argument after the first, which names the account.
        case afterTheFirst

        /// How the quoted arguments of a call to `name` are hidden, or `nil` for a call that takes no secret.
        ///
        /// Names are folded as ``SecretFieldNames`` folds them. A getter or
        /// remover (`getToken('refresh')`, `removePassword(user)`) takes a key, not a secret.
        init?(_ name: String, names: SecretFieldNames) {
            self.init(folded: SecretFieldNames.fold(name), names: names)
        }

        /// How the arguments after an action named in a call's first argument
        /// are hidden: the action is a name (`"login"`, `'Auth.signIn'`,
        /// `"user/setPassword"`), read by its last part.
        init?(action: Substring, names: SecretFieldNames) {
            guard !action.isEmpty, action.allSatisfy({ ScriptLiterals.isNamePart($0) || "./:".contains($0) }),
                let last = action.split(whereSeparator: { "./:".contains($0) }).last
            else { return nil }
            self.init(folded: SecretFieldNames.fold(String(last)), names: names)
        }

        private init?(folded: String, names: SecretFieldNames) {
            if Self.keyTakingPrefixes.contains(where: { folded.hasPrefix($0) }) { return nil }
            if names.endings.contains(where: { folded.hasSuffix($0) }) || Self.secretEndings.contains(where: { folded.hasSuffix($0) }) {
                self = .every
            } else if folded == "auth" || Self.signInWords.contains(where: { folded.contains($0) }) {
                self = .afterTheFirst
            } else {
                return nil
            }
        }

        /// Words a sign-in function's name contains.
        static let signInWords = ["login", "logon", "signin", "signon", "authenticate", "authorize", "unlock"]
        /// Short secret names that end a setter's name (`setPin`, `submitOtp`), besides ``SecretFieldNames/endings``.
        static let secretEndings = ["pin", "otp", "pwd"]
        /// Prefixes of functions whose arguments name a secret, or the
        /// account it belongs to, rather than hold it (`resetPassword("ada@bank.test")`).
        static let keyTakingPrefixes = ["get", "has", "is", "remove", "delete", "clear", "reset", "forgot", "show", "hide", "toggle"]
    }

    /// The index just past the `(` that follows a name, spaces between allowed.
    private static func callOpen(in text: String, after nameEnd: String.Index) -> String.Index? {
        let open = skipSpaces(in: text, from: nameEnd)
        guard open < text.endIndex, text[open] == "(" else { return nil }
        return text.index(after: open)
    }

    /// The arguments of a call that are quoted strings, with their
    /// positions: `("ada", pin, 'x')` gives `ada` at 0 and `x` at 2. An
    /// argument that is no string literal (a
    /// variable, a number, an object) is skipped, brackets and strings in it
    /// included; the list ends at the call's `)`, or a `;` outside brackets.
    /// Arguments may stand on lines of their own, as formatters write a long call.
    private static func quotedArguments(in text: String, from start: String.Index) -> [(Int, Range<String.Index>)] {
        var found: [(Int, Range<String.Index>)] = []
        var index = start
        var position = -1
        while index < text.endIndex {
            position += 1
            index = skipWhitespace(in: text, from: index)
            guard index < text.endIndex, text[index] != ")" else { break }
            if let value = quotedString(in: text, at: index) {
                let after = skipWhitespace(in: text, from: text.index(after: value.upperBound))
                if after < text.endIndex, text[after] == "," || text[after] == ")" {
                    found.append((position, value))
                    index = after
                    if text[after] == "," { index = text.index(after: after) }
                    continue
                }
            }
            // A literal the script decodes (`atob("…")`, `decodeURIComponent('…')`) is the argument's value too.
            if let wrapped = wrappedLiteral(in: text, at: index) {
                found.append((position, wrapped.literal))
                index = wrapped.end
                if index < text.endIndex, text[index] == "," { index = text.index(after: index) }
                continue
            }
            // Not a string literal by itself: skip to the `,` or `)` that ends the argument.
            var depth = 0
            while index < text.endIndex {
                let character = text[index]
                if quotes.contains(character), let string = quotedString(in: text, at: index) {
                    index = text.index(after: string.upperBound)
                    continue
                }
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) {
                    if depth == 0 { break }
                    depth -= 1
                }
                if character == ",", depth == 0 { break }
                if character == ";", depth == 0 { return found }
                index = text.index(after: index)
            }
            guard index < text.endIndex, text[index] == "," else { break }
            index = text.index(after: index)
        }
        return found
    }

    /// Whether `name` is the `code` item of an OAuth redirect written in the
    /// text (`location.href = 'myapp://callback?code=…'`), as
    /// ``FormFields/isAuthorizationRedirect(_:)`` reads the URL around it.
    private static func isAuthorizationCode(in text: String, name: Range<String.Index>) -> Bool {
        guard text[name] == "code", name.lowerBound > text.startIndex, "?&#".contains(text[text.index(before: name.lowerBound)])
        else { return false }
        let isEdge: (Character) -> Bool = { $0.isWhitespace || quotes.contains($0) || "()<>\\".contains($0) }
        let start = text[..<name.lowerBound].lastIndex(where: isEdge).map { text.index(after: $0) } ?? text.startIndex
        let end = text[name.upperBound...].firstIndex(where: isEdge) ?? text.endIndex
        return FormFields.isAuthorizationRedirect(text[start..<end])
    }

    /// The one quoted string of a call that is a whole argument by itself,
    /// `atob("…")` or `window.decodeURIComponent('…')`, and where the
    /// argument's `,` or `)` stands.
    static func wrappedLiteral(
        in text: String, at start: String.Index
    ) -> (literal: Range<String.Index>, end: String.Index)? {
        guard start < text.endIndex, isNameStart(text[start]) else { return nil }
        let nameEnd = text[start...].firstIndex { !(isNamePart($0) || $0 == ".") } ?? text.endIndex
        guard let open = callOpen(in: text, after: nameEnd) else { return nil }
        let quote = skipWhitespace(in: text, from: open)
        guard let literal = quotedString(in: text, at: quote) else { return nil }
        let close = skipWhitespace(in: text, from: text.index(after: literal.upperBound))
        guard close < text.endIndex, text[close] == ")" else { return nil }
        let end = skipWhitespace(in: text, from: text.index(after: close))
        guard end < text.endIndex, text[end] == "," || text[end] == ")" else { return nil }
        return (literal, end)
    }

    /// The unquoted value of `name=value`, as a URL's query or fragment
    /// (`?access_token=…`, `#id_token=…`) or a log line (`token=…`) writes
    /// it: after `=` with no space, every character a query value or a
    /// token is made of. After `?`, `&`, `#` or `;` any such value counts;
    /// elsewhere only one that no script could mean as code — one with a
    /// digit or a character no identifier has (`-`, `%`, `+`, `/`, `=`, `~`,
    /// `:`) and not followed by `(`, so `token=response.token` and
    /// `password=read()` stay as they are.
    private static func unquotedValue(in text: String, name: Range<String.Index>) -> Range<String.Index>? {
        guard name.upperBound < text.endIndex, text[name.upperBound] == "=" else { return nil }
        let start = text.index(after: name.upperBound)
        guard start < text.endIndex, text[start] != "=" else { return nil }
        let end = text[start...].firstIndex { !isUnquotedValuePart($0) } ?? text.endIndex
        guard start < end else { return nil }
        let value = text[start..<end]
        let before = name.lowerBound > text.startIndex ? text[text.index(before: name.lowerBound)] : " "
        if "?&#;".contains(before) { return start..<end }
        guard before.isWhitespace || "([{,\"'`>".contains(before) else { return nil }
        if end < text.endIndex, text[end] == "(" { return nil }
        let looksLikeCode = !value.contains { $0.isNumber || "-%+/=~:".contains($0) }
        return looksLikeCode ? nil : start..<end
    }

    /// The unquoted value of `name: value`, as a log line, YAML or a
    /// JavaScript object literal writes it (`password: hunter2`, `pin: 4821`,
    /// `{otp: 482913}`): after the name (its closing quote allowed), `:`
    /// with no space before it, spaces, then a word up to a space or one of
    /// `,;(){}[]<>`, quotes and `\`. Only a value that no script means as code
    /// counts: one with a digit or a character no identifier has (`-`, `%`,
    /// `+`, `/`, `=`, `~`, `:`, `!`, `@`, `#`, `^`, `&`, `*`, `?`), past a
    /// leading `!`, and not followed by `(`; so `{password: pw}`,
    /// `password: string`, `auth: !isGuest` and a ternary's `token : other`
    /// stay as they are.
    private static func colonValue(in text: String, name: Range<String.Index>) -> Range<String.Index>? {
        var index = name.upperBound
        if index < text.endIndex, quotes.contains(text[index]) {
            index = text.index(after: index)
        } else if let quote = escapedQuote(in: text, at: index) {
            index = text.index(after: quote)
        }
        guard index < text.endIndex, text[index] == ":" else { return nil }
        let before = name.lowerBound > text.startIndex ? text[text.index(before: name.lowerBound)] : " "
        guard before.isWhitespace || "([{,;\"'`>\\".contains(before) else { return nil }
        let start = skipSpaces(in: text, from: text.index(after: index))
        guard start < text.endIndex, text[start] != ":" else { return nil }
        let end = text[start...].firstIndex { $0.isWhitespace || ",;(){}[]<>\"'`\\".contains($0) } ?? text.endIndex
        guard start < end, end == text.endIndex || text[end] != "(" else { return nil }
        let value = text[start..<end].drop { $0 == "!" }
        let isData = value.contains { $0.isNumber || "-%+/=~:!@#^&*?".contains($0) }
        return isData ? start..<end : nil
    }

    private static func isUnquotedValuePart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-_.~%+/=:".contains(character))
    }

    /// The value of the cookie a `document.cookie` literal sets: after its
    /// name's `=`, up to the first `;`, spaces around it left out.
    private static func cookieValue(in text: String, literal: Range<String.Index>) -> Range<String.Index>? {
        guard let equals = text[literal].firstIndex(of: "=") else { return nil }
        let end = text[equals..<literal.upperBound].firstIndex(of: ";") ?? literal.upperBound
        let value = text[text.index(after: equals)..<end]
        guard let first = value.firstIndex(where: { $0 != " " }), let last = value.lastIndex(where: { $0 != " " })
        else { return nil }
        return first..<text.index(after: last)
    }

    /// An HTML attribute's value at `index`: quoted, or unquoted up to a
    /// space, `>` or a closing `/>` as HTML allows; `nil` when empty.
    private static func attributeValue(in text: String, at index: String.Index) -> Range<String.Index>? {
        if let quoted = quotedString(in: text, at: index) { return quoted }
        guard index < text.endIndex, !quotes.contains(text[index]) else { return nil }
        var end = text[index...].firstIndex { $0.isWhitespace || $0 == ">" || $0 == "<" || $0 == "=" } ?? text.endIndex
        if end > index, text[text.index(before: end)] == "/", end < text.endIndex, text[end] == ">" { end = text.index(before: end) }
        return index < end ? index..<end : nil
    }

    /// The content of the string in `"`, `'` or `` ` `` that starts at `index`, on one line; `nil` when empty.
    static func quotedString(in text: String, at index: String.Index) -> Range<String.Index>? {
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

    private static func skipWhitespace(in text: String, from index: String.Index) -> String.Index {
        text[index...].firstIndex { !$0.isWhitespace } ?? text.endIndex
    }

    private static func skipSpaces(in text: String, from index: String.Index) -> String.Index {
        text[index...].firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    }

    static func isNameStart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_" || character == "$")
    }

    static func isNamePart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "$" || character == "-")
    }
}
