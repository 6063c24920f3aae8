import Foundation
import HybridReplaySeams

/// Reads a JSON request or response body into a ``JSONValue`` for
/// ``URLSessionTransport``: a body whose `Content-Type` names JSON becomes
/// ``HTTPBody/json(_:)`` when the decoder returns a value, and stays text or
/// bytes when it returns `nil`.
///
/// ``foundation`` is the default and needs nothing but Foundation, so an app
/// target can use it. Tests that import `HybridReplay` get the engine's reader
/// instead: `URLSessionTransport(timeout:jsonReader:)` reads bodies exactly as
/// cassettes are read.
public struct JSONBodyDecoder: Sendable {
    private let decodeBody: @Sendable (Data) -> JSONValue?

    /// A decoder that reads each JSON body with `decode`.
    ///
    /// - Parameter decode: Returns the body's value, or `nil` when it is not JSON.
    public init(_ decode: @escaping @Sendable (Data) -> JSONValue?) {
        decodeBody = decode
    }

    /// The value `data` holds, or `nil` when it is not JSON.
    public func decode(_ data: Data) -> JSONValue? { decodeBody(data) }

    /// Reads bodies with `JSONSerialization`, on every platform.
    ///
    /// A boolean stays a boolean and `1` stays a number on Apple platforms and
    /// on Linux alike (``ScriptValueConversion/isBoolean(_:)``); numbers are
    /// read as `Double`, and a body holding a number out of its range is not
    /// JSON. Unlike the engine's `JSONReader`, `JSONSerialization` accepts an
    /// object with a duplicate key, keeping one of its values, and on Linux
    /// a trailing comma (`[1,]`).
    public static var foundation: JSONBodyDecoder {
        JSONBodyDecoder { data in
            guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                return nil
            }
            return try? ScriptValueConversion.jsonValue(from: object)
        }
    }
}
