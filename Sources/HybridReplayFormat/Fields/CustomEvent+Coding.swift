extension CustomEvent: EventPayload {
    public var kind: EventKind { EventKind(.custom, name) }

    public var summary: String { JSONValue.object(fields).description }
}
