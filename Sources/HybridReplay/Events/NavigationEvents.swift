/// What started a navigation, as `WKNavigationType` names it.
public struct NavigationType: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linkActivated = NavigationType(rawValue: "linkActivated")
    public static let formSubmitted = NavigationType(rawValue: "formSubmitted")
    public static let backForward = NavigationType(rawValue: "backForward")
    public static let reload = NavigationType(rawValue: "reload")
    public static let formResubmitted = NavigationType(rawValue: "formResubmitted")
    public static let other = NavigationType(rawValue: "other")
    public static let known: [NavigationType] = [
        .linkActivated, .formSubmitted, .backForward, .reload, .formResubmitted, .other,
    ]
    public static let valueName = "navigation type"
}

/// The app's answer to a navigation action, as `WKNavigationActionPolicy` names it.
public struct NavigationPolicy: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let cancel = NavigationPolicy(rawValue: "cancel")
    public static let allow = NavigationPolicy(rawValue: "allow")
    public static let download = NavigationPolicy(rawValue: "download")
    public static let known: [NavigationPolicy] = [.cancel, .allow, .download]
    public static let valueName = "navigation policy"
}

/// A navigation the web view asks the app to decide on
/// (`decidePolicyFor navigationAction`).
public struct NavigationAction: StandardPayload {
    public static let eventKind = EventKind(.navigation, "action")
    public static let eventDirection = Direction.stimulus

    public var url: String
    public var method: String
    public var navigationType: NavigationType
    /// The frame the navigation started in, when known.
    public var sourceFrame: Frame?
    /// The frame to navigate; `nil` opens a new window (`target="_blank"`).
    public var targetFrame: Frame?

    public init(
        url: String, method: String = "GET", navigationType: NavigationType,
        sourceFrame: Frame? = nil, targetFrame: Frame?
    ) {
        self.url = url
        self.method = method
        self.navigationType = navigationType
        self.sourceFrame = sourceFrame
        self.targetFrame = targetFrame
    }

    public var summary: String {
        "\(navigationType) \(method) \(url)" + (targetFrame == nil ? " (new window)" : "")
    }

    static func read(_ reader: inout FieldReader) -> NavigationAction? {
        let url = reader.string("url")
        let method = reader.string("method")
        let navigationType = reader.known("navigationType", NavigationType.self)
        let sourceFrame = reader.nested("sourceFrame", required: false, Frame.read)
        // The key must be present: null is how a new window is recorded.
        let targetPresent = reader.value("targetFrame", required: true) != nil
        let targetFrame = reader.nested("targetFrame", required: false, Frame.read)
        guard let url, let method, let navigationType, targetPresent else { return nil }
        return NavigationAction(
            url: url, method: method, navigationType: navigationType, sourceFrame: sourceFrame,
            targetFrame: targetFrame)
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
    }
}

/// The policy the app decided for a navigation action (`decisionHandler(…)`).
public struct NavigationDecision: StandardPayload {
    public static let eventKind = EventKind(.navigation, "decision")
    public static let eventDirection = Direction.effect

    public var policy: NavigationPolicy

    public init(_ policy: NavigationPolicy) { self.policy = policy }

    public var summary: String { policy.rawValue }

    static func read(_ reader: inout FieldReader) -> NavigationDecision? {
        reader.known("policy", NavigationPolicy.self).map(NavigationDecision.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("policy", policy) }
}

/// A native screen the app shows instead of a page, such as `present` with a colour.
public struct NativeRoute: StandardPayload {
    public static let eventKind = EventKind(.navigation, "route")
    public static let eventDirection = Direction.effect

    /// The route, such as `present` or `push`.
    public var name: String
    public var parameters: [String: JSONValue]

    public init(name: String, parameters: [String: JSONValue] = [:]) {
        self.name = name
        self.parameters = parameters
    }

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

/// What the app loads into the web view: a request (`webView.load(request)`),
/// or content it already has (`loadHTMLString(_:baseURL:)`, `load(_:mimeType:…)`),
/// such as the final response of a redirect chain it followed itself.
public struct NavigationLoad: StandardPayload {
    public static let eventKind = EventKind(.navigation, "load")
    public static let eventDirection = Direction.effect

    /// The request's URL, or the base URL of loaded content.
    public var url: String
    public var method: String
    public var headers: [HTTPHeader]
    /// The content loaded directly; `nil` when the web view fetches `url` itself.
    public var body: HTTPBody?

    public init(url: String, method: String = "GET", headers: [HTTPHeader] = [], body: HTTPBody? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

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
