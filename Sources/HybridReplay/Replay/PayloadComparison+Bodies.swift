extension PayloadComparison {
    /// `body` as the document `headers` say; used by the compared form of each kind with HTTP bodies.
    ///
    /// Each HTTP body as the document its `Content-Type`
    /// says: JSON given as text or bytes read as `json`, a form or multipart
    /// body given as bytes read as `text`.
    ///
    /// A recorder stores a redacted JSON body as `json` even when the app
    /// sent bytes (see ``Redaction``), so a replay compares bodies by what
    /// they hold, not by how each side happens to encode them; a placeholder
    /// inside then binds field by field, and a report names the field that
    /// differs instead of two base64 strings.
    static func comparable(_ body: HTTPBody?, _ headers: [HTTPHeader]) -> HTTPBody? {
        guard let body, case .json = body else { return body?.document(as: BodyMediaType(headers: headers, body: body)) ?? body }
        return body
    }
}
