import Foundation

/// App-served URL schemes of format version 2, on the `scheme` channel: the
/// page's `scheme.request` and `scheme.stop` are stimuli; the app's
/// `scheme.response`, `scheme.data` and `scheme.completion`, each caused by
/// the request, are effects.
extension URLSchemeRequest: StandardPayload {
    public static let eventKind = EventKind(.scheme, "request")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(method) \(url)" + (body.map { " (\($0.summary))" } ?? "")
            + (frame.map { $0.isMainFrame ? "" : " (subframe)" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> URLSchemeRequest? {
        let url = reader.string("url")
        let method = reader.string("method")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        let body = reader.nested("body", required: false, HTTPBody.read)
        let frame = reader.nested("frame", required: false, Frame.read)
        if let url, !url.contains(":") { reader.report("url", "'\(url)' has no scheme; a scheme request's URL starts with the scheme the app serves") }
        guard let url, let method, let headers else { return nil }
        return URLSchemeRequest(url: url, method: method, headers: headers, body: body, frame: frame)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", url)
        writer.write("method", method)
        writer.writeArray("headers", headers) { $1.write(&$0) }
        if let body { writer.writeObject("body", body.write) }
        if let frame { writer.writeObject("frame", frame.write) }
    }
}

extension URLSchemeResponse: StandardPayload {
    public static let eventKind = EventKind(.scheme, "response")

    public static let eventDirection = Direction.effect

    public var summary: String {
        (status.map { "\($0)" } ?? "URLResponse") + (mimeType.map { " \($0)" } ?? "")
            + (headers.values(named: "Content-Type").first.map { mimeType == nil ? " \($0)" : "" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> URLSchemeResponse? {
        let url = reader.string("url")
        let status = reader.integer("status", required: false)
        let mimeType = reader.optionalString("mimeType")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        if let status, !(100...599).contains(status) {
            reader.report("status", "HTTP status \(status) is outside 100...599")
            return nil
        }
        guard let url, let headers else { return nil }
        return URLSchemeResponse(url: url, status: status, mimeType: mimeType, headers: headers)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", url)
        writer.write("status", status)
        writer.write("mimeType", mimeType)
        writer.writeArray("headers", headers) { $1.write(&$0) }
    }
}

extension URLSchemeData: StandardPayload {
    public static let eventKind = EventKind(.scheme, "data")

    public static let eventDirection = Direction.effect

    public var summary: String {
        String(data: data, encoding: .utf8) != nil ? "\(data.count) bytes of text" : "\(data.count) bytes"
    }

    /// The piece as text when it is UTF-8 that reads back to the same bytes,
    /// so HTML and scripts stay readable in a diff; as base64 otherwise.
    static func read(_ reader: inout FieldReader) -> URLSchemeData? {
        let text = reader.optionalString("text")
        let base64 = reader.optionalString("base64")
        guard (text == nil) != (base64 == nil) else {
            reader.report(nil, "a scheme.data piece has exactly one of 'text' or 'base64'")
            return nil
        }
        if let text { return URLSchemeData(Data(text.utf8)) }
        guard let base64, let data = Data(base64Encoded: base64) else {
            reader.report("base64", "not valid base64")
            return nil
        }
        return URLSchemeData(data)
    }

    func write(_ writer: inout FieldWriter) {
        if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data {
            writer.write("text", text)
        } else {
            writer.write("base64", data.base64EncodedString())
        }
    }
}

extension URLSchemeCompletion: StandardPayload {
    public static let eventKind = EventKind(.scheme, "completion")

    public static let eventDirection = Direction.effect

    public var summary: String { error.map { "failed: \($0)" } ?? "finished" }

    static func read(_ reader: inout FieldReader) -> URLSchemeCompletion? {
        URLSchemeCompletion(error: reader.optionalString("error"))
    }

    func write(_ writer: inout FieldWriter) { writer.write("error", error) }
}

extension URLSchemeStop: StandardPayload {
    public static let eventKind = EventKind(.scheme, "stop")

    public static let eventDirection = Direction.stimulus

    public var summary: String { url }

    static func read(_ reader: inout FieldReader) -> URLSchemeStop? {
        reader.string("url").map(URLSchemeStop.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("url", url) }
}
