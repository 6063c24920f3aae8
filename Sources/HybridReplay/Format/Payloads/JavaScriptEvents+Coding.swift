extension UserScriptInstallation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "userScript")

    public static let eventDirection = Direction.effect

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

extension JavaScriptEvaluation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "evaluate")

    public static let eventDirection = Direction.effect

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

extension JavaScriptResult: OutcomePayload {
    public static let eventKind = EventKind(.javascript, "result")

    public static let eventDirection = Direction.stimulus
}
