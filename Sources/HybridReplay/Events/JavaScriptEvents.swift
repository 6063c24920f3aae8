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
public struct UserScriptInstallation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "userScript")
    public static let eventDirection = Direction.effect

    public var source: String
    public var injectionTime: InjectionTime
    public var mainFrameOnly: Bool

    public init(source: String, injectionTime: InjectionTime, mainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.mainFrameOnly = mainFrameOnly
    }

    public var summary: String {
        "\(injectionTime)\(mainFrameOnly ? " main frame" : " all frames") \(JSONValue.string(source))"
    }

    static func read(_ reader: inout FieldReader) -> UserScriptInstallation? {
        let source = reader.string("source")
        let injectionTime = reader.known("injectionTime", InjectionTime.self)
        let mainFrameOnly = reader.bool("mainFrameOnly")
        guard let source, let injectionTime, let mainFrameOnly else { return nil }
        return UserScriptInstallation(source: source, injectionTime: injectionTime, mainFrameOnly: mainFrameOnly)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("source", source)
        writer.write("injectionTime", injectionTime)
        writer.write("mainFrameOnly", mainFrameOnly)
    }
}

/// JavaScript the app evaluates in the page (`evaluateJavaScript`), or a
/// function body it calls with arguments (`callAsyncJavaScript`).
public struct JavaScriptEvaluation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "evaluate")
    public static let eventDirection = Direction.effect

    public var script: String
    /// The named arguments of a `callAsyncJavaScript` call; `nil` for `evaluateJavaScript`.
    public var arguments: [String: JSONValue]?

    public init(script: String, arguments: [String: JSONValue]? = nil) {
        self.script = script
        self.arguments = arguments
    }

    public var summary: String {
        JSONValue.string(script).description + (arguments.map { " with \(JSONValue.object($0))" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> JavaScriptEvaluation? {
        let script = reader.string("script")
        let arguments = reader.optionalObject("arguments")
        guard let script else { return nil }
        return JavaScriptEvaluation(script: script, arguments: arguments)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("script", script)
        if let arguments { writer.write("arguments", JSONValue.object(arguments)) }
    }
}

/// What an evaluation produced: its value, or the error it threw.
public struct JavaScriptResult: OutcomePayload {
    public static let eventKind = EventKind(.javascript, "result")
    public static let eventDirection = Direction.stimulus

    public var outcome: Outcome

    public init(_ outcome: Outcome) { self.outcome = outcome }
}
