extension UserScriptInstallation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "userScript")

    public static let eventDirection = Direction.effect

    public var summary: String {
        "\(injectionTime)\(mainFrameOnly ? " main frame" : " all frames") \(JSONValue.string(source))"
            + (contentWorld == .page ? "" : " in \(contentWorld)")
    }

    static func read(_ reader: inout FieldReader) -> UserScriptInstallation? {
        let source = reader.string("source")
        let injectionTime = reader.known("injectionTime", InjectionTime.self)
        let mainFrameOnly = reader.bool("mainFrameOnly")
        let world = ContentWorld.read(&reader)
        guard let source, let injectionTime, let mainFrameOnly else { return nil }
        return UserScriptInstallation(
            source: source, injectionTime: injectionTime, mainFrameOnly: mainFrameOnly, contentWorld: world)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("source", source)
        writer.write("injectionTime", injectionTime)
        writer.write("mainFrameOnly", mainFrameOnly)
        contentWorld.write(&writer)
    }
}

extension JavaScriptEvaluation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "evaluate")

    public static let eventDirection = Direction.effect

    public var summary: String {
        JSONValue.string(script).description + (arguments.map { " with \(JSONValue.object($0))" } ?? "")
            + (frame.map { " in \($0.isMainFrame ? "main frame" : "frame") \($0.url ?? "")" } ?? "")
            + (contentWorld == .page ? "" : " in \(contentWorld)")
    }

    static func read(_ reader: inout FieldReader) -> JavaScriptEvaluation? {
        let script = reader.string("script")
        let arguments = reader.optionalObject("arguments")
        let frame = reader.nested("frame", required: false, Frame.read)
        let world = ContentWorld.read(&reader)
        guard let script else { return nil }
        return JavaScriptEvaluation(script: script, arguments: arguments, frame: frame, contentWorld: world)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("script", script)
        if let arguments { writer.write("arguments", JSONValue.object(arguments)) }
        if let frame { writer.writeObject("frame", frame.write) }
        contentWorld.write(&writer)
    }
}

extension JavaScriptResult: OutcomePayload {
    public static let eventKind = EventKind(.javascript, "result")

    public static let eventDirection = Direction.stimulus
}
