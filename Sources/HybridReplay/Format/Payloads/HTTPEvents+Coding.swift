extension HTTPRequest: StandardPayload {
    public static let eventKind = EventKind(.http, "request")

    public static let eventDirection = Direction.effect

    public var summary: String {
        "\(method) \(url)" + headers.values(named: "Cookie").map { " cookie: \($0)" }.joined()
    }

    static func read(_ reader: inout FieldReader) -> HTTPRequest? {
        let method = reader.string("method")
        let url = reader.string("url")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        let body = reader.nested("body", required: false, HTTPBody.read)
        guard let method, let url, let headers else { return nil }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("method", method)
        writer.write("url", url)
        writer.writeArray("headers", headers) { $1.write(&$0) }
        if let body { writer.writeObject("body", body.write) }
    }
}

extension HTTPResponse: StandardPayload {
    public static let eventKind = EventKind(.http, "response")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        var text = "\(status)"
        if let location = headers.values(named: "Location").first { text += " → \(location)" }
        let cookies = headers.values(named: "Set-Cookie")
        if !cookies.isEmpty { text += " set-cookie: \(cookies.joined(separator: " | "))" }
        if let body { text += " (\(body.summary))" }
        return text
    }

    static func read(_ reader: inout FieldReader) -> HTTPResponse? {
        let status = reader.integer("status")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        let body = reader.nested("body", required: false, HTTPBody.read)
        if let status, !(100...599).contains(status) {
            reader.report("status", "HTTP status \(status) is outside 100...599")
            return nil
        }
        guard let status, let headers else { return nil }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("status", status)
        writer.writeArray("headers", headers) { $1.write(&$0) }
        if let body { writer.writeObject("body", body.write) }
    }
}

extension CookieStoreWrite: StandardPayload {
    public static let eventKind = EventKind(.http, "setCookie")

    public static let eventDirection = Direction.effect

    public var summary: String { cookie.summary }

    static func read(_ reader: inout FieldReader) -> CookieStoreWrite? {
        reader.nested("cookie", Cookie.read).map(CookieStoreWrite.init)
    }

    func write(_ writer: inout FieldWriter) { writer.writeObject("cookie", cookie.write) }
}

extension CookieStoreQuery: StandardPayload {
    public static let eventKind = EventKind(.http, "getCookies")

    public static let eventDirection = Direction.effect

    public var summary: String { url }

    static func read(_ reader: inout FieldReader) -> CookieStoreQuery? {
        reader.string("url").map(CookieStoreQuery.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("url", url) }
}

extension CookieStoreContents: StandardPayload {
    public static let eventKind = EventKind(.http, "cookies")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        cookies.isEmpty ? "(none)" : cookies.map(\.summary).joined(separator: "; ")
    }

    static func read(_ reader: inout FieldReader) -> CookieStoreContents? {
        reader.nestedArray("cookies", Cookie.read).map(CookieStoreContents.init)
    }

    func write(_ writer: inout FieldWriter) { writer.writeArray("cookies", cookies) { $1.write(&$0) } }
}
