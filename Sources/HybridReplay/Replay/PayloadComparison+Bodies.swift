extension PayloadComparison {
    /// `payload` with each HTTP body as the document its `Content-Type`
    /// says: JSON given as text or bytes read as `json`, a form or multipart
    /// body given as bytes read as `text`.
    ///
    /// A recorder stores a redacted JSON body as `json` even when the app
    /// sent bytes (see ``Redaction``), so a replay compares bodies by what
    /// they hold, not by how each side happens to encode them; a placeholder
    /// inside then binds field by field, and a report names the field that
    /// differs instead of two base64 strings.
    static func comparableBodies(_ payload: any EventPayload) -> any EventPayload {
        switch payload {
        case var request as HTTPRequest:
            request.body = comparable(request.body, request.headers)
            return request
        case var response as HTTPResponse:
            response.body = comparable(response.body, response.headers)
            return response
        case var load as NavigationLoad:
            load.body = comparable(load.body, load.headers)
            return load
        default:
            return payload
        }
    }

    private static func comparable(_ body: HTTPBody?, _ headers: [HTTPHeader]) -> HTTPBody? {
        guard let body, case .json = body else { return body?.document(as: BodyMediaType(headers: headers)) ?? body }
        return body
    }
}
