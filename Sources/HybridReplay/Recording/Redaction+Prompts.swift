extension Redaction {
    /// `answer` with the text typed into a `prompt()` hidden when the prompt
    /// asks for a secret: its message names one (`Password for ada`, `Enter
    /// your PIN`, `One-time code (OTP)`), a word or two words written
    /// together (`API key`) that the field rules take for a secret's name.
    ///
    /// The answer has no name of its own, so it is hidden as the value of a
    /// field named by that word would be: by `fields:secret-names`, or a
    /// ``jsonField(_:)`` or ``queryItem(_:)`` rule of that name. A prompt that
    /// names no secret (`Your name?`) keeps its answer readable; declare a
    /// secret it asks for with ``values(_:)``.
    ///
    /// - Parameters:
    ///   - answer: The answer, unredacted.
    ///   - dialog: The dialog it answers, as recorded.
    ///   - placeholders: The recording's placeholder numbering.
    /// - Returns: The answer, its text replaced by a placeholder when the prompt asks for a secret.
    func hidingAnswer(
        _ answer: JavaScriptDialogAnswer, to dialog: JavaScriptDialog, placeholders: inout RedactionPlaceholders
    ) -> JavaScriptDialogAnswer {
        guard dialog.kind == .prompt, let text = answer.text, !text.isEmpty, let field = rewriter.field else { return answer }
        for name in Self.namesAsked(in: dialog.message) {
            guard let hidden = field(name, text, &placeholders) else { continue }
            var redacted = answer
            redacted.text = hidden
            return redacted
        }
        return answer
    }

    /// The names a prompt's message could give its answer: each word, and
    /// each two words written together, in the order they stand.
    static func namesAsked(in message: String) -> [String] {
        let words = message.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        return words + zip(words, words.dropFirst()).map { $0 + $1 }
    }
}
