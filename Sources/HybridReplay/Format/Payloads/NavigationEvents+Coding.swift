extension NavigationAction: StandardPayload {
    public static let eventKind = EventKind(.navigation, "action")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(navigationType) \(method) \(url)" + (targetFrame == nil ? " (new window)" : "")
            + (preferences.map { " (offering \($0.summary))" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> NavigationAction? {
        let url = reader.string("url")
        let method = reader.string("method")
        let navigationType = reader.known("navigationType", NavigationType.self)
        let sourceFrame = reader.nested("sourceFrame", required: false, Frame.read)
        // The key must be present: null is how a new window is recorded.
        let targetPresent = reader.value("targetFrame", required: true) != nil
        let targetFrame = reader.nested("targetFrame", required: false, Frame.read)
        let preferences = reader.nested("preferences", required: false, WebpagePreferences.read)
        guard let url, let method, let navigationType, targetPresent else { return nil }
        return NavigationAction(
            url: url, method: method, navigationType: navigationType, sourceFrame: sourceFrame,
            targetFrame: targetFrame, preferences: preferences)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", url)
        writer.write("method", method)
        writer.write("navigationType", navigationType)
        if let sourceFrame { writer.writeObject("sourceFrame", sourceFrame.write) }
        if let targetFrame {
            writer.writeObject("targetFrame", targetFrame.write)
        } else {
            writer.write("targetFrame", JSONValue.null)
        }
        if let preferences { writer.writeObject("preferences", preferences.write) }
    }
}

extension NavigationDecision: StandardPayload {
    public static let eventKind = EventKind(.navigation, "decision")

    public static let eventDirection = Direction.effect

    public var summary: String { policy.rawValue + (preferences.map { " (\($0.summary))" } ?? "") }

    static func read(_ reader: inout FieldReader) -> NavigationDecision? {
        let policy = reader.known("policy", NavigationPolicy.self)
        let preferences = reader.nested("preferences", required: false, WebpagePreferences.read)
        return policy.map { NavigationDecision($0, preferences: preferences) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("policy", policy)
        if let preferences { writer.writeObject("preferences", preferences.write) }
    }
}

extension NativeRoute: StandardPayload {
    public static let eventKind = EventKind(.navigation, "route")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(name) \(JSONValue.object(parameters))" }

    static func read(_ reader: inout FieldReader) -> NativeRoute? {
        let name = reader.string("name")
        let parameters = reader.object("parameters")
        guard let name, let parameters else { return nil }
        return NativeRoute(name: name, parameters: parameters)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("name", name)
        writer.write("parameters", JSONValue.object(parameters))
    }
}

extension NavigationLoad: StandardPayload {
    public static let eventKind = EventKind(.navigation, "load")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(method) \(url)" + (body.map { " (\($0.summary))" } ?? "") }

    static func read(_ reader: inout FieldReader) -> NavigationLoad? {
        let url = reader.string("url")
        let method = reader.string("method")
        let headers = reader.nestedArray("headers", required: false, HTTPHeader.read) ?? []
        let body = reader.nested("body", required: false, HTTPBody.read)
        guard let url, let method else { return nil }
        return NavigationLoad(url: url, method: method, headers: headers, body: body)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", url)
        writer.write("method", method)
        if !headers.isEmpty { writer.writeArray("headers", headers) { $1.write(&$0) } }
        if let body { writer.writeObject("body", body.write) }
    }
}
