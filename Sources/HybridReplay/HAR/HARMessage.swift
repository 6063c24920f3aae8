import Foundation

/// The `request` and `response` objects of an exported entry.
enum HARMessage {
    /// `request` as a HAR request: the `Cookie` headers also as `cookies`,
    /// the URL's query as `queryString`, the body as `postData`.
    static func request(_ request: HTTPRequest) -> CanonicalNode {
        var object = FieldWriter()
        object.write("method", request.method)
        object.write("url", request.urlString)
        object.write("httpVersion", "")
        object.writeArray("cookies", requestCookies(request.headers)) { cookie, pair in
            cookie.write("name", pair.name)
            cookie.write("value", pair.value)
        }
        object.write("headers", headers(request.headers))
        let query = URLComponents(string: request.urlString)?.queryItems ?? []
        object.writeArray("queryString", query) { item, query in
            item.write("name", query.name)
            item.write("value", query.value ?? "")
        }
        let body = request.body.map {
            HARBody($0, contentType: request.headers.values(named: "Content-Type").first, encodesBytes: false)
        }
        if let body {
            object.writeObject("postData") { postData in
                postData.write("mimeType", body.mimeType)
                postData.write("text", body.text)
                postData.write("_body", body.kind)
            }
        }
        object.write("headersSize", -1)
        object.write("bodySize", body?.size ?? 0)
        return object.node
    }

    /// The HAR response for `answer`: an `http.response`, an `http.error`
    /// (status 0 with `_error`, `_errorCode` and `_errorDomain`), or nothing
    /// (status 0 alone) for a request the cassette ends before answering.
    static func response(_ answer: (any EventPayload)?, to request: HTTPRequest, at started: Duration) -> CanonicalNode {
        var object = FieldWriter()
        guard let response = answer as? HTTPResponse else {
            object.write("status", 0)
            object.write("statusText", "")
            object.write("httpVersion", "")
            object.write("cookies", CanonicalNode.array([]))
            object.write("headers", CanonicalNode.array([]))
            object.writeObject("content") { content in
                content.write("size", 0)
                content.write("mimeType", "")
            }
            object.write("redirectURL", "")
            object.write("headersSize", -1)
            object.write("bodySize", -1)
            if let failure = answer as? HTTPTransportFailure {
                object.write("_error", failure.message)
                object.write("_errorCode", failure.code)
                object.write("_errorDomain", failure.domain)
            }
            return object.node
        }
        object.write("status", response.status)
        object.write("statusText", HTTPStatusText.reasonPhrase(for: response.status))
        object.write("httpVersion", "")
        let now = Date(timeIntervalSince1970: Double(started.count(of: .seconds)))
        object.write(
            "cookies",
            .array(response.headers.values(named: "Set-Cookie").map { responseCookie($0, requestURL: request.urlString, now: now) }))
        object.write("headers", headers(response.headers))
        let body = response.body.map {
            HARBody($0, contentType: response.headers.values(named: "Content-Type").first, encodesBytes: true)
        }
        object.writeObject("content") { content in
            content.write("size", body?.size ?? 0)
            content.write("mimeType", body?.mimeType ?? response.headers.values(named: "Content-Type").first ?? "")
            content.write("text", body?.text)
            content.write("encoding", body?.encoding)
            content.write("_body", body?.kind)
        }
        object.write("redirectURL", response.headers.values(named: "Location").first ?? "")
        object.write("headersSize", -1)
        object.write("bodySize", body?.size ?? 0)
        return object.node
    }

    private static func headers(_ headers: [HTTPHeader]) -> CanonicalNode {
        .array(headers.map { header in
            var object = FieldWriter()
            object.write("name", header.name)
            object.write("value", header.value)
            return object.node
        })
    }

    /// The `name=value` pairs of every `Cookie` header.
    private static func requestCookies(_ headers: [HTTPHeader]) -> [(name: String, value: String)] {
        headers.values(named: "Cookie").flatMap { header in
            header.split(separator: ";").compactMap { piece -> (name: String, value: String)? in
                let pair = piece.trimmingCharacters(in: .whitespaces)
                guard !pair.isEmpty else { return nil }
                guard let equals = pair.firstIndex(of: "=") else { return ("", pair) }
                return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
            }
        }
    }

    /// The cookie a `Set-Cookie` header sets, as RFC 6265 reads it for the
    /// request's URL at `now`; a header it rejects keeps its name and value.
    private static func responseCookie(_ header: String, requestURL: String, now: Date) -> CanonicalNode {
        var object = FieldWriter()
        if let cookie = SetCookie.parse(header, requestURL: requestURL, now: now) {
            object.write("name", cookie.name)
            object.write("value", cookie.value)
            object.write("path", cookie.path)
            object.write("domain", cookie.domain)
            object.write("expires", cookie.expires)
            object.write("httpOnly", cookie.httpOnly)
            object.write("secure", cookie.secure)
            return object.node
        }
        let pair = header.prefix { $0 != ";" }
        let equals = pair.firstIndex(of: "=")
        object.write("name", equals.map { pair[..<$0].trimmingCharacters(in: .whitespaces) } ?? "")
        object.write("value", (equals.map { pair[pair.index(after: $0)...] } ?? pair).trimmingCharacters(in: .whitespaces))
        return object.node
    }
}
