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
        filter { HTTPHeader.sameName($0.name, name) }.map(\.value)
    }
}

extension HTTPHeader {
    /// Whether two header names are the same without regard to case: two
    /// ASCII names (every name HTTP allows) byte by byte with `A`–`Z` folded,
    /// which is what Foundation's case-insensitive comparison finds for
    /// them, without its cost; any other pair by that comparison.
    static func sameName(_ left: String, _ right: String) -> Bool {
        let leftBytes = left.utf8
        let rightBytes = right.utf8
        guard leftBytes.allSatisfy({ $0 < 0x80 }), rightBytes.allSatisfy({ $0 < 0x80 }) else {
            return left.caseInsensitiveCompare(right) == .orderedSame
        }
        guard leftBytes.count == rightBytes.count else { return false }
        func folded(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        return zip(leftBytes, rightBytes).allSatisfy { folded($0) == folded($1) }
    }
}

/// A request or response body: text, a JSON document, or bytes.
public enum HTTPBody: Sendable, Hashable {
    case text(String)
    case json(JSONValue)
    case bytes(Data)
}
