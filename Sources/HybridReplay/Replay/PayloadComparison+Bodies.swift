extension PayloadComparison {
    /// `body` as the document `headers` say; used by the compared form of each kind with HTTP bodies.
    ///
    /// Each HTTP body as the document its `Content-Type`
    /// says: JSON given as text or bytes read as `json`, a form or multipart
    /// body given as bytes read as `text`, and an
    /// `application/x-www-form-urlencoded` form with its fields ordered by
    /// name, the fields of one name in their order (``FormFields/ordered(_:)``),
    /// as the recorder writes it: two forms compare as their fields, whatever
    /// order of names each was sent in, as JSON objects compare by key.
    ///
    /// A recorder stores a redacted JSON body as `json` even when the app
    /// sent bytes (see ``Redaction``), so a replay compares bodies by what
    /// they hold, not by how each side happens to encode them; a placeholder
    /// inside then binds field by field, and a report names the field that
    /// differs instead of two base64 strings.
    static func comparable(_ body: HTTPBody?, _ headers: [HTTPHeader]) -> HTTPBody? {
        guard let body else { return nil }
        if case .json = body { return body }
        let type = BodyMediaType(headers: headers, body: body)
        let document = body.document(as: type) ?? body
        if type.isForm, case .text(let text) = document, let ordered = FormFields.ordered(text) { return .text(ordered) }
        return document
    }
}
