extension Redaction {
    /// `answer` with the text typed into a `prompt()` hidden when the prompt
    /// asks for a secret (see ``PayloadRewriter/promptText(_:asked:_:)``).
    ///
    /// - Parameters:
    ///   - answer: The answer, unredacted.
    ///   - dialog: The dialog it answers, as recorded.
    ///   - placeholders: The recording's placeholder numbering.
    /// - Returns: The answer, its text replaced by a placeholder when the prompt asks for a secret.
    func hidingAnswer(
        _ answer: JavaScriptDialogAnswer, to dialog: JavaScriptDialog, placeholders: inout RedactionPlaceholders
    ) -> JavaScriptDialogAnswer {
        guard dialog.kind == .prompt, let text = answer.text, let hidden = rewriter.promptText(text, asked: dialog.message, &placeholders)
        else { return answer }
        var redacted = answer
        redacted.text = hidden
        return redacted
    }
}

extension PayloadRewriter {
    /// The placeholder for text typed into, or pre-filled in, a `prompt()`
    /// whose message asks for a secret; `nil` to keep it.
    ///
    /// The message asks for a secret when a word of it, or two words written
    /// together (`API key`), is a secret's name to the field rules
    /// (`Password for ada`, `Enter your PIN`, `One-time code (OTP)`). The
    /// text has no name of its own, so it is hidden as the value of a field
    /// named by that word would be: by `fields:secret-names`, or a
    /// `jsonField(_:)` or `queryItem(_:)` rule of that name. A prompt that
    /// names no secret (`Your name?`) keeps its text; declare a secret it asks
    /// for with `Redaction.values(_:)`.
    ///
    /// - Parameters:
    ///   - text: The answer or the default text.
    ///   - message: The prompt's message.
    ///   - placeholders: The recording's placeholder numbering.
    func promptText(_ text: String, asked message: String, _ placeholders: inout RedactionPlaceholders) -> String? {
        guard !text.isEmpty, let field else { return nil }
        for name in SecretFieldNames.namesAsked(inPrompt: message) {
            if let hidden = field(name, text, &placeholders) { return hidden }
        }
        return nil
    }
}
