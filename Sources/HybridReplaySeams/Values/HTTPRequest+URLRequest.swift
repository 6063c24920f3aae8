import Foundation

// `URLRequest`'s names for what app code reads and writes on a request, so
// code written against `URLRequest` ports unchanged (`request.url`,
// `request.httpMethod = "POST"`, `request.addValue(_:forHTTPHeaderField:)`).
// The type cannot be `URLRequest` itself: on Linux that lives in
// FoundationNetworking, which app code linking the seams does not link.
extension HTTPRequest {
    /// The request's URL, as `URLRequest.url`: `nil` when ``urlString`` is
    /// not a URL Foundation writes back as the same text, such as one holding
    /// a space. Setting it sets ``urlString`` to `absoluteString` (`nil`: the empty text).
    public var url: URL? {
        get { URL(recorded: urlString) }
        set { urlString = newValue?.absoluteString ?? "" }
    }

    /// The HTTP method, as `URLRequest.httpMethod`; setting `nil` means `GET`, as there.
    public var httpMethod: String? {
        get { method }
        set { method = newValue ?? "GET" }
    }

    /// The body's bytes, as `URLRequest.httpBody`; setting it stores bytes.
    public var httpBody: Data? {
        get { body?.data }
        set { body = newValue.map(HTTPBody.bytes) }
    }

    /// The header fields as `URLRequest.allHTTPHeaderFields` gives them:
    /// repeated lines joined with commas, under the first line's name.
    /// Setting it replaces every header line.
    public var allHTTPHeaderFields: [String: String]? {
        get {
            var fields: [String: String] = [:]
            for header in headers where fields.keys.allSatisfy({ !$0.equalsIgnoringCase(header.name) }) {
                fields[header.name] = headers.values(named: header.name).joined(separator: ",")
            }
            return fields
        }
        set { headers = (newValue ?? [:]).sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) } }
    }

    /// The value of the header `field`, compared case-insensitively, repeated
    /// lines joined with commas; `nil` when there is none, as `URLRequest.value(forHTTPHeaderField:)`.
    public func value(forHTTPHeaderField field: String) -> String? {
        let values = headers.values(named: field)
        return values.isEmpty ? nil : values.joined(separator: ",")
    }

    /// Sets the header `field` to `value`, replacing every line of that name;
    /// `nil` removes them, as `URLRequest.setValue(_:forHTTPHeaderField:)`.
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        guard let index = headers.firstIndex(where: { $0.name.equalsIgnoringCase(field) }) else {
            if let value { headers.append(HTTPHeader(field, value)) }
            return
        }
        let name = headers[index].name
        headers.removeAll { $0.name.equalsIgnoringCase(field) }
        if let value { headers.insert(HTTPHeader(name, value), at: index) }
    }

    /// Adds `value` to the header `field`, after a comma when the request
    /// already has it, as `URLRequest.addValue(_:forHTTPHeaderField:)` does.
    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) {
        guard let existing = self.value(forHTTPHeaderField: field) else {
            headers.append(HTTPHeader(field, value))
            return
        }
        setValue(existing + "," + value, forHTTPHeaderField: field)
    }
}

extension String {
    fileprivate func equalsIgnoringCase(_ other: String) -> Bool { caseInsensitiveCompare(other) == .orderedSame }
}
