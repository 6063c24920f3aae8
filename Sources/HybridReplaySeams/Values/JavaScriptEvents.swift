/// When a user script runs: before the page's content loads or after.
public struct InjectionTime: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let documentStart = InjectionTime(rawValue: "documentStart")
    public static let documentEnd = InjectionTime(rawValue: "documentEnd")
    public static let known: [InjectionTime] = [.documentStart, .documentEnd]
    public static let valueName = "injection time"
}

/// A user script the app installs into every page (`WKUserScript`).
public struct UserScriptInstallation: Sendable, Hashable {
    public var source: String
    public var injectionTime: InjectionTime
    public var mainFrameOnly: Bool
    /// The world the script runs in (`WKUserScript(…, in:)`); ``ContentWorld/page`` unless the app says.
    public var contentWorld: ContentWorld

    public init(source: String, injectionTime: InjectionTime, mainFrameOnly: Bool, contentWorld: ContentWorld = .page) {
        self.source = source
        self.injectionTime = injectionTime
        self.mainFrameOnly = mainFrameOnly
        self.contentWorld = contentWorld
    }
}

/// JavaScript the app evaluates in the page (`evaluateJavaScript`), or a
/// function body it calls with arguments (`callAsyncJavaScript`).
public struct JavaScriptEvaluation: Sendable, Hashable {
    public var script: String
    /// The named arguments of a `callAsyncJavaScript` call; `nil` for `evaluateJavaScript`.
    public var arguments: [String: JSONValue]?
    /// The frame to evaluate in (`in frame:`); `nil` for the main frame.
    public var frame: Frame?
    /// The world to evaluate in (`in contentWorld:`).
    public var contentWorld: ContentWorld

    public init(
        script: String, arguments: [String: JSONValue]? = nil, frame: Frame? = nil, contentWorld: ContentWorld = .page
    ) {
        self.script = script
        self.arguments = arguments
        self.frame = frame
        self.contentWorld = contentWorld
    }
}

/// What an evaluation produced: its value, or the error it threw.
public struct JavaScriptResult: Sendable, Hashable {
    public var outcome: Outcome

    public init(_ outcome: Outcome) { self.outcome = outcome }
}
