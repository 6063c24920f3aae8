import Foundation

/// One header line; order and repeats are kept, as `Set-Cookie` needs.
///
/// ```swift
/// HTTPResponse(status: 302, headers: [
///     HTTPHeader("Location", "https://api.example.com/session/ready"),
///     HTTPHeader("Set-Cookie", "sid=…; Path=/; Secure; HttpOnly"),
/// ])
/// ```
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    /// A header line `name: value`; the cassette writes it as `{"name": …, "value": …}`.
    ///
    /// - Parameters:
    ///   - name: The header's name, such as `Content-Type`; compared without case by `headers.values(named:)`.
    ///   - value: Its value, as it is sent.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPHeader] {
    /// The values of every header named `name`, compared case-insensitively.
    public func values(named name: String) -> [String] {
        filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}

/// A request or response body: text, a JSON document, or bytes.
public enum HTTPBody: Sendable, Hashable {
    case text(String)
    case json(JSONValue)
    case bytes(Data)
}
