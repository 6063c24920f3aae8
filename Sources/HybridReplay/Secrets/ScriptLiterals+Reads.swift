import Foundation

extension ScriptLiterals {
    /// The name of what a script the app evaluates reads, when its last
    /// statement is a read: a stored value's key (`localStorage.getItem('authToken')`,
    /// `Cookies.get("sid")`), a property (`window.app.session.refreshToken`,
    /// `sessionStorage["pin"]`, `return auth.token`), or `cookie` for
    /// `document.cookie`. The result the page answers with has no name of its
    /// own: this one stands for it, as a handler's name does for a bare message.
    ///
    /// - Parameter script: The evaluated script's source.
    /// - Returns: The name read, as written; `nil` when the last statement is no read.
    static func nameRead(byScript script: String) -> String? {
        var statement = Substring(script)
        while let last = statement.last, last.isWhitespace || last == ";" { statement = statement.dropLast() }
        if let end = statement.lastIndex(where: { $0 == ";" || $0.isNewline }) { statement = statement[statement.index(after: end)...] }
        statement = statement.drop(while: \.isWhitespace)
        if statement.hasPrefix("return ") { statement = statement.dropFirst("return ".count).drop(while: \.isWhitespace) }
        let text = String(statement)
        guard let first = text.first, isNameStart(first) else { return nil }
        // `a.b.getItem('key')`, `store.get("key")`: a getter given the key as its one string.
        if text.hasSuffix(")"), let open = text.firstIndex(of: "(") {
            let function = text[..<open].trimmingCharacters(in: .whitespaces)
            let quote = text[text.index(after: open)...].firstIndex { !$0.isWhitespace } ?? text.endIndex
            guard isPropertyChain(Substring(function)), let key = quotedString(in: text, at: quote),
                text[text.index(after: key.upperBound)...].dropLast().allSatisfy(\.isWhitespace),
                let last = function.split(separator: ".").last, last.lowercased().hasPrefix("get")
            else { return nil }
            return String(text[key])
        }
        // `a.b["key"]`: the key.
        if text.hasSuffix("]"), let open = text.lastIndex(of: "["),
            let key = quotedString(in: text, at: text.index(after: open)), text.index(after: key.upperBound) == text.index(before: text.endIndex),
            isPropertyChain(text[..<open])
        {
            return String(text[key])
        }
        // `a.b.key`: the last property.
        guard isPropertyChain(Substring(text)) else { return nil }
        return text.split(separator: ".").last.map(String.init)
    }

    /// Whether `text` is a chain of names joined by `.` (`window.app.token`).
    private static func isPropertyChain(_ text: Substring) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            part.first.map(isNameStart) == true && part.allSatisfy { isNamePart($0) && $0 != "-" }
        }
    }
}
