/// Authentication challenges (format version 2): `navigation.challenge`,
/// which the web view hands the navigation delegate, and the delegate's
/// `navigation.challengeAnswer`, caused by it and called exactly once.
/// The seam is `NavigationDelegate.didReceive(_:completionHandler:)`.
extension AuthenticationChallenge: StandardPayload {
    public static let eventKind = EventKind(.navigation, "challenge")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(method) \(`protocol`.map { "\($0)://" } ?? "")\(host):\(port)" + (realm.map { " realm \(JSONValue.string($0))" } ?? "")
            + (previousFailureCount > 0 ? " after \(previousFailureCount) failed" : "")
    }

    static func read(_ reader: inout FieldReader) -> AuthenticationChallenge? {
        let host = reader.string("host")
        let port = reader.integer("port")
        let scheme = reader.optionalString("protocol")
        let realm = reader.optionalString("realm")
        let method = reader.known("method", AuthenticationMethod.self)
        let failures = reader.integer("previousFailureCount", required: false) ?? 0
        if let port, !(0...65535).contains(port) { reader.report("port", "a port is between 0 and 65535, found \(port)") }
        if failures < 0 { reader.report("previousFailureCount", "a failure count is 0 or more, found \(failures)") }
        guard let host, let port, (0...65535).contains(port), let method, failures >= 0 else { return nil }
        return AuthenticationChallenge(
            host: host, port: port, protocol: scheme, realm: realm, method: method, previousFailureCount: failures)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("host", host)
        writer.write("port", port)
        writer.write("protocol", `protocol`)
        writer.write("realm", realm)
        writer.write("method", method)
        if previousFailureCount > 0 { writer.write("previousFailureCount", previousFailureCount) }
    }
}

extension AuthenticationChallenge {
    static let formatVersion = 2

    static let delivery = KindDelivery<AuthenticationChallenge>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in
                    registered.navigationDelegate == nil ? "the web view has no navigation delegate to answer the challenge" : nil
                },
                deliver: { challenge, event, engine, registered in
                    guard let delegate = registered.navigationDelegate else { return }
                    let ticket = SettlementTicket(engine: engine)
                    delegate.webView(registered.delegatesWebView(engine), didReceive: challenge) { answer in
                        _ = ticket
                        engine.effect(answer, knownCause: event.id)
                    }
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// The host, realm and method are the server's, not the app's or the page's: nothing here is a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

extension AuthenticationAnswer: StandardPayload {
    public static let eventKind = EventKind(.navigation, "challengeAnswer")

    public static let eventDirection = Direction.effect

    /// Never the password: a summary reaches reports before any redaction.
    public var summary: String {
        guard let credential else { return disposition.rawValue }
        if credential.trustsServer { return "\(disposition) trusting the server" }
        return "\(disposition) as \(credential.user.map { JSONValue.string($0).description } ?? "no user")"
            + (credential.password == nil ? " without a password" : " with a password")
    }

    static func read(_ reader: inout FieldReader) -> AuthenticationAnswer? {
        let disposition = reader.known("disposition", AuthenticationDisposition.self)
        let credential = reader.nested("credential", required: false) { reader -> AuthenticationCredential? in
            let user = reader.optionalString("user")
            let password = reader.optionalString("password")
            let trust = reader.optionalBool("trustsServer") ?? false
            if trust, user != nil || password != nil {
                reader.report("trustsServer", "a credential trusts the server or names a user and password, not both")
                return nil
            }
            return AuthenticationCredential(user: user, password: password, trustsServer: trust)
        }
        if let disposition, credential != nil, disposition != .useCredential {
            reader.report("credential", "only an answer that is 'useCredential' gives a credential; this one is '\(disposition)'")
        }
        guard let disposition else { return nil }
        return AuthenticationAnswer(disposition, credential: credential)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("disposition", disposition)
        if let credential {
            writer.writeObject("credential") { writer in
                writer.write("user", credential.user)
                writer.write("password", credential.password)
                if credential.trustsServer { writer.write("trustsServer", true) }
            }
        }
    }
}

extension AuthenticationAnswer {
    static let formatVersion = 2

    static let delivery = KindDelivery<AuthenticationAnswer>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: AuthenticationChallenge.eventKind,
        repeatedIssue: .answerRepeated, missingIssue: .answerMissing,
        value: { $0.summary }, differenceShowsValue: false,
        repeatedHint: "call completionHandler exactly once", missingHint: "call completionHandler exactly once",
        wording: Settlement.Wording(
            repeated: "the authentication challenge {cause} was answered twice: first {expected}, then {found}; {hint}",
            missing: "the web view waits on the authentication challenge {cause} and its completion handler was not called; the recording answered {expected} in event {event}; {hint}",
            differs: "the answer to authentication challenge {cause} differs from the recording: expected {expected}, found {found}"))

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(AuthenticationChallenge.eventKind, "an answer")

    /// The password is a secret wherever it appears: the field rules hide it
    /// as they hide a form's `password` field.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        guard var credential, let password = credential.password, let field = rewriter.field else { return self }
        credential.password = field("password", password, &placeholders) ?? password
        return AuthenticationAnswer(disposition, credential: credential)
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
