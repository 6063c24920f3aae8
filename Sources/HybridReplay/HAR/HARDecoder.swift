import Foundation

/// Reads a HAR document's JSON value into a ``HARLog``, recording a problem
/// for every field the importer needs that is missing or malformed.
///
/// Fields the importer does not use are not checked, so logs from tools that
/// leave out or add fields still read; fields starting with `_` are read
/// only from HybridReplay's own logs.
struct HARDecoder {
    let json: JSONReader
    private var isFromHybridReplay = false

    init(json: JSONReader) {
        self.json = json
    }

    /// The log in `value`, or `nil` when any problem was found.
    mutating func log(_ value: JSONValue, problems: inout [CassetteProblem]) -> HARLog? {
        guard var root = FieldReader(value, path: JSONPath(), problems: &problems) else { return nil }
        root.allowsUnknownFields = true
        let log = root.nested("log") { reader in self.log(&reader) }
        problems += root.problems
        return log
    }

    private mutating func log(_ reader: inout FieldReader) -> HARLog? {
        if let version = reader.string("version"), version.split(separator: ".").first != "1" {
            reader.report("version", "HAR version '\(version)' is not supported; expected 1.x, such as '\(HAR.version)'")
        }
        let creator = reader.nested("creator") { creator -> (String, String)? in
            guard let name = creator.string("name"), let version = creator.string("version") else { return nil }
            return (name, version)
        }
        isFromHybridReplay = creator?.0 == HAR.creatorName
        var origin: Int64?
        if isFromHybridReplay, let text = reader.optionalString("_origin") {
            origin = instant(text, key: "_origin", in: &reader)
        }
        let entries = reader.nestedArray("entries") { entry in self.entry(&entry) }
        guard let creator, let entries else { return nil }
        return HARLog(creatorName: creator.0, creatorVersion: creator.1, origin: origin, entries: entries)
    }

    private mutating func entry(_ reader: inout FieldReader) -> HAREntry? {
        let started = reader.string("startedDateTime").flatMap { instant($0, key: "startedDateTime", in: &reader) }
        let time = reader.number("time")
        let request = reader.nested("request") { request in self.request(&request) }
        let answer = reader.nested("response") { response in self.response(&response) }
        var link: HAREntry.Link?
        if isFromHybridReplay {
            link = reader.nested("_cassette", required: false) { link -> HAREntry.Link? in
                guard let request = link.integer("request") else { return nil }
                return HAREntry.Link(
                    request: request, answer: link.integer("answer", required: false),
                    cause: link.integer("cause", required: false))
            }
        }
        guard let started, let time, let request, let answer else { return nil }
        return HAREntry(
            path: reader.path, started: started, time: max(0, HAR.microseconds(time / 1_000)), request: request,
            answer: answer.0, redirectURL: answer.1, link: link)
    }

    private mutating func request(_ reader: inout FieldReader) -> HTTPRequest? {
        let method = nonEmpty("method", in: &reader)
        let url = nonEmpty("url", in: &reader)
        var headers = self.headers(&reader)
        let cookies = self.cookies(&reader)
        if let cookies, !cookies.isEmpty, headers?.values(named: "Cookie").isEmpty == true {
            // Some tools list the cookies sent without the header carrying them.
            headers?.append(HTTPHeader("Cookie", cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")))
        }
        let body = reader.nested("postData", required: false) { postData in self.postData(&postData) }
        guard let method, let url, let headers else { return nil }
        return HTTPRequest(method: method, url: url, headers: headers, body: body ?? nil)
    }

    private mutating func response(_ reader: inout FieldReader) -> (HAREntry.Answer, String)? {
        guard let status = reader.integer("status") else { return nil }
        guard status == 0 || (100...599).contains(status) else {
            reader.report("status", "unknown HTTP status \(status); expected 0 (no response) or 100 to 599")
            return nil
        }
        var headers = self.headers(&reader)
        let cookies = self.cookies(&reader)
        if let cookies, !cookies.isEmpty, headers?.values(named: "Set-Cookie").isEmpty == true {
            headers? += cookies.map { HTTPHeader("Set-Cookie", $0.setCookieHeader) }
        }
        let redirectURL = reader.optionalString("redirectURL") ?? ""
        let body = reader.nested("content", required: false) { content in self.content(&content) }
        guard let headers else { return nil }
        if status == 0 { return (failure(&reader), "") }
        let location = redirectURL.isEmpty ? headers.values(named: "Location").first ?? "" : redirectURL
        return (.response(HTTPResponse(status: status, headers: headers, body: body ?? nil)), location)
    }

    /// What a response with status 0 means: a failure, or, in HybridReplay's
    /// logs, a request left unanswered when the entry has no `_error`.
    private mutating func failure(_ reader: inout FieldReader) -> HAREntry.Answer {
        guard isFromHybridReplay else {
            return .failure(HTTPTransportFailure(code: -1, message: "no response: the HAR entry has status 0"))
        }
        let message = reader.optionalString("_error")
        let code = reader.integer("_errorCode", required: false)
        let domain = reader.optionalString("_errorDomain")
        guard message != nil || code != nil || domain != nil else { return .none }
        return .failure(
            HTTPTransportFailure(
                code: code ?? -1, domain: domain ?? HTTPTransportError.urlErrorDomain,
                message: message ?? "no response: the HAR entry has status 0"))
    }

    private mutating func headers(_ reader: inout FieldReader) -> [HTTPHeader]? {
        let headers = reader.nestedArray("headers") { header -> HTTPHeader? in
            guard let name = header.string("name"), let value = header.string("value") else { return nil }
            guard !name.isEmpty else {
                header.report("name", "a header name must not be empty")
                return nil
            }
            return HTTPHeader(name, value)
        }
        // HTTP/2 pseudo-headers (`:authority`, `:path`) are not headers an app sends or reads.
        return headers?.filter { !$0.name.hasPrefix(":") }
    }

    private mutating func cookies(_ reader: inout FieldReader) -> [HARCookie]? {
        reader.nestedArray("cookies", required: false) { cookie -> HARCookie? in
            guard let name = cookie.string("name"), let value = cookie.string("value") else { return nil }
            return HARCookie(
                name: name, value: value, path: cookie.optionalString("path"), domain: cookie.optionalString("domain"),
                secure: cookie.optionalBool("secure") ?? false, httpOnly: cookie.optionalBool("httpOnly") ?? false)
        } ?? []
    }

    private mutating func postData(_ reader: inout FieldReader) -> HTTPBody?? {
        let mimeType = reader.optionalString("mimeType") ?? ""
        var text = reader.optionalString("text")
        if text == nil, let params = reader.nestedArray("params", required: false, { param -> String? in
            guard let name = param.string("name") else { return nil }
            return Self.formEncoded(name) + "=" + Self.formEncoded(param.optionalString("value") ?? "")
        }) {
            text = params.joined(separator: "&")
        }
        return body(text: text, encoding: nil, mimeType: mimeType, in: &reader)
    }

    private mutating func content(_ reader: inout FieldReader) -> HTTPBody?? {
        let mimeType = reader.optionalString("mimeType") ?? ""
        return body(
            text: reader.optionalString("text"), encoding: reader.optionalString("encoding"), mimeType: mimeType,
            in: &reader)
    }

    /// The body `text` holds; `.some(nil)` when there is none, `nil` after a problem.
    private mutating func body(text: String?, encoding: String?, mimeType: String, in reader: inout FieldReader)
        -> HTTPBody??
    {
        guard let text else { return .some(nil) }
        if let encoding, encoding != "base64" {
            reader.report("encoding", "unknown content encoding '\(encoding)'; expected 'base64'")
            return nil
        }
        let kind = isFromHybridReplay ? reader.optionalString("_body") : nil
        if let kind, !HARBody.kinds.contains(kind) {
            reader.report("_body", "unknown body kind '\(kind)'; expected one of 'json', 'text', 'bytes'")
            return nil
        }
        do throws(HARBodyProblem) {
            return .some(try HARBody(mimeType: mimeType, text: text, encoding: encoding, kind: kind).decoded(json))
        } catch {
            reader.report("text", error.message)
            return nil
        }
    }

    private func nonEmpty(_ key: String, in reader: inout FieldReader) -> String? {
        guard let value = reader.string(key) else { return nil }
        guard !value.isEmpty else {
            reader.report(key, "'\(key)' must not be empty")
            return nil
        }
        return value
    }

    /// `text` as microseconds since 1970, or `nil` after reporting that it is no date-time.
    private func instant(_ text: String, key: String, in reader: inout FieldReader) -> Int64? {
        guard let dateTime = RFC3339.dateTime(text), dateTime.offset != nil, let instant = RFC3339.instant(dateTime)
        else {
            reader.report(key, "expected an ISO 8601 date-time with a zone, such as '2026-11-30T11:46:56.125Z', found '\(text)'")
            return nil
        }
        return instant.count(of: .microseconds)
    }

    private static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
