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

// MARK: What the kind means

extension UserScriptInstallation {
    static let formatVersion = 1

    static let delivery = KindDelivery<UserScriptInstallation>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// The source is script the app wrote, as an evaluated script is: an app
    /// injects its session (`window.__session = {token: '…'}`) this way.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var installation = self
        installation.source = rewriter.text(source, &placeholders)
        return installation
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension UserScriptInstallation: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .addUserScript(self) }
}
