/// An event of a seam the user defines, on the `custom` channel.
public struct CustomEvent: Sendable, Hashable {
    public var name: String
    public var direction: Direction
    /// The event's fields, free-form.
    public var fields: [String: JSONValue]

    /// - Parameters:
    ///   - name: The kind, such as `analytics.track`; written as the event's `kind`.
    ///   - direction: Whether the platform sends it (stimulus) or app code does (effect).
    ///   - fields: The payload.
    public init(name: String, direction: Direction, fields: [String: JSONValue] = [:]) {
        self.name = name
        self.direction = direction
        self.fields = fields
    }
}
