extension Redaction {
    /// `result` with the value a script read hidden when the script reads a
    /// secret (see ``ScriptLiterals/nameRead(byScript:)``): the answer to
    /// `localStorage.getItem('authToken')` or `window.app.session.token` is
    /// hidden as a member of that name would be, and the answer to
    /// `document.cookie` as a `Cookie` header's value is, each cookie's name
    /// kept. A result that is an object or array has names of its own, which
    /// the rules read anyway.
    ///
    /// - Parameters:
    ///   - result: The result, unredacted.
    ///   - evaluation: The evaluation it answers, as recorded.
    ///   - placeholders: The recording's placeholder numbering.
    /// - Returns: The result, its value replaced by a placeholder when the script reads a secret.
    func hidingResult(
        _ result: JavaScriptResult, of evaluation: JavaScriptEvaluation, placeholders: inout RedactionPlaceholders
    ) -> JavaScriptResult {
        guard case .value(let value) = result.outcome, let name = ScriptLiterals.nameRead(byScript: evaluation.script) else {
            return result
        }
        switch value {
        case .string(let cookies) where name == "cookie":
            guard let header = rewriter.header else { return result }
            return JavaScriptResult(.value(.string(header(HTTPHeader("Cookie", cookies), &placeholders).value)))
        case .string, .number, .bool:
            return JavaScriptResult(.value(rewriter.named(value, name, &placeholders)))
        case .null, .array, .object:
            return result
        }
    }
}
