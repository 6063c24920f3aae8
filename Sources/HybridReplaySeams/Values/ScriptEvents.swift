/// A message the page posted to a script message handler
/// (`window.webkit.messageHandlers.<handler>.postMessage(body)`).
public struct ScriptMessage: Sendable, Hashable {
    /// The handler's name, such as `nativeProcess`.
    public var handler: String
    /// The message body: strings, numbers, booleans, null, arrays and objects.
    public var body: JSONValue
    /// The frame that posted the message.
    public var frame: Frame?
    /// Whether the handler answers with a reply (`WKScriptMessageHandlerWithReply`).
    public var expectsReply: Bool
    /// The world the page posted from, and the handler is registered in (`WKScriptMessage.world`).
    public var contentWorld: ContentWorld

    public init(
        handler: String, body: JSONValue, frame: Frame? = nil, expectsReply: Bool = false,
        contentWorld: ContentWorld = .page
    ) {
        self.handler = handler
        self.body = body
        self.frame = frame
        self.expectsReply = expectsReply
        self.contentWorld = contentWorld
    }

    /// The member name that marks an object in a body as a date: WebKit
    /// delivers a JavaScript `Date` as a date, which JSON has no type for,
    /// so a body records it as `{"$date": "<RFC 3339>"}`.
    public static let dateMarker = "$date"

    /// A body value standing for `date`, as the format records dates.
    public static func date(_ rfc3339: String) -> JSONValue { .object([dateMarker: .string(rfc3339)]) }
}

/// `WKScriptMessage`'s names for the same fields, so a handler ported from
/// Apple's API reads a message as it did.
extension ScriptMessage {
    /// ``handler``, as `WKScriptMessage.name`.
    public var name: String { handler }
    /// ``frame``, as `WKScriptMessage.frameInfo` (`nil` when the cassette names no frame).
    public var frameInfo: Frame? { frame }
    /// ``contentWorld``, as `WKScriptMessage.world`.
    public var world: ContentWorld { contentWorld }
}

/// The value or error a handler with reply answered a message with.
public struct ScriptReply: Sendable, Hashable {
    public var outcome: Outcome

    public init(_ outcome: Outcome) { self.outcome = outcome }
}

/// A value, or an error message, that answers a message or an evaluation.
public enum Outcome: Sendable, Hashable {
    case value(JSONValue)
    case error(String)
}
