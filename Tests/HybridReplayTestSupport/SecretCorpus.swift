import Foundation
import HybridReplay

/// Credentials in every shape real apps send them, each in one HTTP
/// exchange: headers, cookies, JSON bodies as JSON and as bytes, form bodies
/// as text and as bytes, multipart fields, query items, URL userinfo, a JWT
/// in a text body, a token inside a JSON string, and response bodies too.
///
/// Every credential is generated from a seed, so no fixture marker
/// (`fake`, `example`) excuses it and each can be searched for in what a
/// recorder, an importer or a report writes.
package struct SecretCorpus: Sendable {
    /// One shape: the exchange that carries the credential, unredacted.
    package struct Shape: Sendable {
        package var name: String
        /// The secret the exchange carries, as it must never appear once redacted.
        package var credential: String
        package var request: HTTPRequest
        package var response: HTTPResponse
    }

    package var shapes: [Shape]

    /// The corpus generated from `seed`.
    package init(seed: UInt64 = 20) {
        var random = SplitMix64(seed: seed)
        func opaque(_ prefix: String = "") -> String {
            let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
            return prefix + String((0..<28).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        func jwt() -> String {
            let header = Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8).base64URL
            let claims = Data(#"{"sub":"\#(opaque())"}"#.utf8).base64URL
            return "\(header).\(claims).\(opaque())"
        }
        let api = "https://api.bank.test/v1"
        let json = HTTPHeader("Content-Type", "application/json")
        let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")
        let text = HTTPHeader("Content-Type", "text/plain; charset=utf-8")
        let ok = HTTPResponse(status: 200, headers: [text], body: .text("ok"))
        var shapes: [Shape] = []
        func add(_ name: String, _ credential: String, _ request: HTTPRequest, _ response: HTTPResponse = ok) {
            shapes.append(Shape(name: name, credential: credential, request: request, response: response))
        }

        var c = opaque()
        add("Authorization header", c, HTTPRequest(url: "\(api)/me", headers: [HTTPHeader("Authorization", "Bearer \(c)")]))
        c = Data("ada:\(opaque())".utf8).base64EncodedString()
        add("Basic Authorization header", c, HTTPRequest(url: "\(api)/me", headers: [HTTPHeader("Authorization", "Basic \(c)")]))
        c = opaque()
        add("X-Api-Key header", c, HTTPRequest(url: "\(api)/me", headers: [HTTPHeader("X-Api-Key", c)]))
        c = opaque()
        add("Cookie header", c, HTTPRequest(url: "\(api)/me", headers: [HTTPHeader("Cookie", "theme=dark; sid=\(c)")]))
        c = opaque()
        add(
            "Set-Cookie header", c, HTTPRequest(url: "\(api)/login"),
            HTTPResponse(status: 200, headers: [HTTPHeader("Set-Cookie", "sid=\(c); Domain=bank.test; Path=/; Secure; HttpOnly")]))
        c = opaque()
        add(
            "JSON body as JSON", c,
            HTTPRequest(method: "POST", url: "\(api)/login", headers: [json], body: .json(["username": "ada", "password": .string(c)])))
        c = opaque()
        add(
            "JSON body as bytes", c,
            HTTPRequest(
                method: "POST", url: "\(api)/login", headers: [json],
                body: .bytes(Data(#"{"username":"ada","password":"\#(c)","remember":true}"#.utf8))))
        c = opaque()
        add(
            "form body as text", c,
            HTTPRequest(method: "POST", url: "\(api)/login", headers: [form], body: .text("username=ada&password=\(c)")))
        c = opaque()
        add(
            "form body as bytes", c,
            HTTPRequest(
                method: "POST", url: "\(api)/token", headers: [form],
                body: .bytes(Data("grant_type=client_credentials&client_id=app&client_secret=\(c)".utf8))))
        c = opaque()
        let boundary = "----HybridReplayBoundary7MA4YWxk"
        let multipart =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\nada\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n\(c)\r\n--\(boundary)--\r\n"
        add(
            "multipart field", c,
            HTTPRequest(
                method: "POST", url: "\(api)/login",
                headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: .bytes(Data(multipart.utf8))))
        c = opaque()
        add("query item", c, HTTPRequest(url: "\(api)/me?access_token=\(c)&v=2"))
        c = opaque()
        add("URL userinfo", c, HTTPRequest(url: "https://ada:\(c)@api.bank.test/v1/me"))
        c = jwt()
        add("JWT in a text body", c, HTTPRequest(method: "POST", url: "\(api)/session", headers: [text], body: .text("session \(c) issued")))
        c = opaque()
        add(
            "token inside a JSON string", c,
            HTTPRequest(
                method: "POST", url: "\(api)/state", headers: [json],
                body: .json(["state": .string(#"{"refresh_token":"\#(c)","scope":"read"}"#)])))
        c = opaque("sk_live_")
        add("well-known key in a text body", c, HTTPRequest(method: "POST", url: "\(api)/keys", headers: [text], body: .text("key=\(c)\n")))
        c = opaque()
        add(
            "JSON response body as bytes", c, HTTPRequest(method: "POST", url: "\(api)/token"),
            HTTPResponse(
                status: 200, headers: [json],
                body: .bytes(Data(#"{"access_token":"\#(c)","token_type":"Bearer","expires_in":3600}"#.utf8))))
        c = opaque()
        add(
            "form response body", c, HTTPRequest(method: "POST", url: "\(api)/token"),
            HTTPResponse(status: 200, headers: [form], body: .text("access_token=\(c)&token_type=bearer&expires_in=3600")))
        c = jwt()
        add(
            "JWT response body as bytes", c, HTTPRequest(url: "\(api)/id-token"),
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/jwt")], body: .bytes(Data(c.utf8))))
        self.shapes = shapes
    }

    /// A cassette holding `shape`'s exchange as it was sent: the hand-made unredacted copy.
    package static func unredacted(_ shape: Shape) -> Cassette {
        Cassette(
            header: CassetteHeader(name: "unredacted"),
            events: [
                Event(id: 1, at: 0, payload: shape.request),
                Event(id: 2, at: 0.01, answers: 1, payload: shape.response),
            ])
    }

    /// Every credential of the corpus that `text` shows, as it is or inside a
    /// base64 body of it.
    package func exposed(in text: String) -> [String] {
        var decoded = text
        for field in text.components(separatedBy: "\"base64\": \"").dropFirst() {
            let encoded = field.prefix { $0 != "\"" }
            if let data = Data(base64Encoded: String(encoded)) { decoded += "\n" + String(decoding: data, as: UTF8.self) }
        }
        return shapes.map(\.credential).filter { decoded.contains($0) }
    }

    /// A HAR log of every exchange, as a browser writes it: request bodies
    /// as `postData` text, response bodies in `content`, base64 for bytes.
    package func har() -> String {
        let entries = shapes.enumerated().map { index, shape in
            """
            {"startedDateTime": "2026-01-01T00:00:\(String(format: "%02d", index)).000Z", "time": 10,
             "request": {"method": "\(shape.request.method)", "url": \(Self.quoted(shape.request.urlString)), "httpVersion": "HTTP/1.1",
               "cookies": [], "headers": \(Self.headers(shape.request.headers)), "queryString": [], "headersSize": -1, "bodySize": -1\(Self.postData(shape.request))},
             "response": {"status": \(shape.response.status), "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
               "headers": \(Self.headers(shape.response.headers)), "content": \(Self.content(shape.response)),
               "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"send": 0, "wait": 10, "receive": 0}}
            """
        }
        return """
            {"log": {"version": "1.2", "creator": {"name": "Corpus", "version": "1"}, "entries": [
            \(entries.joined(separator: ",\n"))
            ]}}
            """
    }

    private static func quoted(_ text: String) -> String { JSONValue.string(text).description }

    private static func headers(_ headers: [HTTPHeader]) -> String {
        "[" + headers.map { "{\"name\": \(quoted($0.name)), \"value\": \(quoted($0.value))}" }.joined(separator: ", ") + "]"
    }

    private static func contentType(_ headers: [HTTPHeader]) -> String {
        headers.values(named: "Content-Type").first ?? ""
    }

    private static func postData(_ request: HTTPRequest) -> String {
        guard let body = request.body else { return "" }
        return ", \"postData\": {\"mimeType\": \(quoted(contentType(request.headers))), \"text\": \(quoted(text(of: body)))}"
    }

    private static func content(_ response: HTTPResponse) -> String {
        let type = quoted(contentType(response.headers))
        switch response.body {
        case nil: return "{\"size\": 0, \"mimeType\": \(type)}"
        case .bytes(let data)?:
            return "{\"size\": \(data.count), \"mimeType\": \(type), \"text\": \(quoted(data.base64EncodedString())), \"encoding\": \"base64\"}"
        case let body?: return "{\"size\": -1, \"mimeType\": \(type), \"text\": \(quoted(text(of: body)))}"
        }
    }

    private static func text(of body: HTTPBody) -> String {
        switch body {
        case .text(let text): text
        case .json(let value): value.description
        case .bytes(let data): String(decoding: data, as: UTF8.self)
        }
    }
}

extension Data {
    /// The unpadded base64url text of a JWT part.
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
