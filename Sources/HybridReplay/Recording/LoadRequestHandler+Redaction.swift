extension LoadRequestHandler {
    /// A redaction that applies `rules` to the `headers` of ``eventName``
    /// events, which the built-in rules do not look inside; listed as
    /// `custom:load.headers`.
    ///
    /// With ``Redaction/default``, an `Authorization` header keeps its scheme
    /// and a `Cookie` header its names, and each value gets the placeholder
    /// it has in the `http.request` that sends it:
    ///
    /// ```swift
    /// Recorder(name: "…", redaction: .default + LoadRequestHandler.headerRedaction())
    /// ```
    ///
    /// - Parameter rules: The rules to hide header values with; their other rules do nothing here.
    /// - Returns: A redaction with that one rule.
    public static func headerRedaction(by rules: Redaction = .default) -> Redaction {
        .custom(name: "custom:load.headers") { payload, placeholders in
            guard var event = payload as? CustomEvent, event.name == eventName,
                case .array(let headers)? = event.fields["headers"]
            else { return payload }
            event.fields["headers"] = .array(
                headers.map { element in
                    guard let header = header(in: element),
                        let redacted = rules.apply(
                            to: HTTPRequest(url: "", headers: [header]), placeholders: &placeholders) as? HTTPRequest,
                        let hidden = redacted.headers.first
                    else { return element }
                    return .object(["name": .string(hidden.name), "value": .string(hidden.value)])
                })
            return event
        }
    }
}
