/// Everything one kind of event means, described once: the payload type of
/// the kind conforms, in one file under `Kinds/` named after it.
///
/// Every requirement is one the engine, the recorder, the validator, the web
/// half or the tools look up; none has a default, so a new kind that leaves
/// one out does not compile. (Shapes that many kinds share, such as
/// ``FieldlessPayload`` or ``OutcomePayload``, supply reading and writing for
/// the kinds that opt into them; the rest each kind says itself.) The tables
/// that used to list kinds one row each — the registry, the versions that
/// added kinds, where the platform delivers each, which effect settles which
/// stimulus, the web half's roles, the written order, where secrets hide — are lookups on this
/// description (see ``PayloadRegistry``).
protocol StandardPayload: EventPayload {
    // MARK: Name, channel, direction, version

    /// The channel and name the kind is written with, such as `navigation.action`.
    static var eventKind: EventKind { get }
    /// Whether the platform hands the kind to app code (a stimulus) or app code makes it (an effect).
    static var eventDirection: Direction { get }
    /// The format version that added the kind: a cassette of an older version that holds it is an error.
    static var formatVersion: Int { get }

    // MARK: Fields and their validation

    /// Reads the payload, recording problems in `reader`; `nil` when a
    /// required field is missing or invalid.
    static func read(_ reader: inout FieldReader) -> Self?
    /// Writes the fields in canonical order.
    func write(_ writer: inout FieldWriter)

    // MARK: Where the platform delivers it

    /// Where and to whom the platform hands an event of the kind, and so
    /// where a replay does (see ``KindDelivery``).
    static var delivery: KindDelivery<Self> { get }
    /// The settlement an effect of the kind is (a decision, a reply, an
    /// answer, the end of a scheme task), or `nil` when it settles nothing.
    static var settlement: Settlement? { get }
    /// What the web half of a replay does with the kind.
    static var webHalfRole: WebHalfRole { get }
    /// Where the recorder writes the kind among work racing it.
    static var writtenOrder: WrittenOrder { get }
    /// Which effects a stimulus of the kind answers (in `answers`), and whether it must.
    static var answerRule: AnswerRule { get }
    /// Which stimulus an effect of the kind must name as its `cause`, once per stimulus.
    static var causeRule: CauseRule { get }

    // MARK: Secrets and written forms

    /// The payload with every field where a secret can hide rewritten by
    /// `rewriter`; `self` for a kind none of whose fields can hold one.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self
    /// The payload as the recorder writes what app code sent, so that
    /// re-recording unchanged code gives the same bytes (see ``RecordedForm``).
    func recordedForm() -> Self
    /// The payload as a replay and ``CassetteDiff`` compare it (see ``ComparedForm``).
    func comparedForm() -> Self
}

extension StandardPayload {
    public var kind: EventKind { Self.eventKind }
    public var direction: Direction { Self.eventDirection }
}

/// Where and to whom the platform hands an event of kind `Payload`.
enum KindDelivery<Payload: StandardPayload>: Sendable {
    /// App code makes it and the platform hands it nowhere; when the platform
    /// answers it (an evaluation's result, a response), the answer comes back
    /// on `answersOn`.
    case effect(answersOn: DeliveryExecutor)
    /// The platform's answer to a call app code made: it goes to the call
    /// that awaits it (on the executor its call's kind names), never to a
    /// receiver; nobody waits for one whose call passed no completion handler.
    case answer
    /// An unsolicited stimulus the platform hands, on the main actor, to a
    /// receiver app code registered.
    case receiver(StimulusReceiver<Payload>)
}

/// The receiver an unsolicited stimulus goes to: how a replay finds it among
/// what app code registered, and how it calls it.
struct StimulusReceiver<Payload: StandardPayload>: Sendable {
    /// In which main-queue turn the platform hands the stimulus over.
    let turn: HandOverTurn
    /// Why `payload` cannot be delivered with what app code has registered,
    /// or `nil` when its receiver is there (see ``ReplayReceivers/Table/missingReceiver(for:)``).
    let missing: @Sendable (_ payload: Payload, _ registered: ReplayReceivers.Table) -> String?
    /// Calls the receiver as the platform does, for the stimulus `event`
    /// whose payload (placeholders substituted) is `payload`. Called only
    /// when `missing` found the receiver.
    let deliver: @MainActor @Sendable (
        _ payload: Payload, _ event: Event, _ engine: ReplayEngine, _ registered: ReplayReceivers.Table
    ) -> Void
}

/// In which main-queue turn the platform hands an unsolicited stimulus to app code.
enum HandOverTurn: Sendable {
    /// A turn of its own, once what came before it has settled.
    case own
    /// The turn of the stimulus that caused it, right after it, when it was
    /// ready then — before anything app code started in that turn runs, as
    /// the platform hands them over together. The stop of a scheme task
    /// whose page went away right after asking, nothing of the answer sent
    /// (`SimulatedWebView.startAndStopURLSchemeTask`): delivered a turn
    /// later, whether the stop or a `DispatchQueue.main.async` answer came
    /// first would be the scheduler's choice.
    case withItsCause
}

extension StandardPayload {
    /// The turn in which the platform hands the kind over, when it hands it to a receiver.
    static var handOverTurn: HandOverTurn {
        switch delivery {
        case .receiver(let receiver): receiver.turn
        case .effect, .answer: .own
        }
    }
}

/// The payload types of the current format version, by kind: the one list of
/// kinds, from which every per-kind lookup reads its description.
enum PayloadRegistry {
    static let standardTypes: [any StandardPayload.Type] = [
        ScriptMessage.self, ScriptReply.self, ScriptHandlerRemoval.self,
        UserScriptInstallation.self, JavaScriptEvaluation.self, JavaScriptResult.self, JavaScriptDialog.self,
        JavaScriptDialogAnswer.self,
        NavigationAction.self, NavigationDecision.self, NativeRoute.self, NavigationLoad.self,
        NavigationStart.self, NavigationCommit.self, NavigationFinish.self, NavigationFailure.self,
        WebContentProcessTermination.self, NavigationResponse.self, NavigationResponseDecision.self,
        NewWindowRequest.self, NewWindowResult.self, WindowClose.self, AuthenticationChallenge.self, AuthenticationAnswer.self,
        MediaCaptureRequest.self, MediaCaptureDecision.self,
        HTTPRequest.self, HTTPResponse.self, HTTPTransportFailure.self, CookieStoreWrite.self, CookieStoreQuery.self,
        CookieStoreContents.self,
        URLSchemeRequest.self, URLSchemeResponse.self, URLSchemeData.self, URLSchemeCompletion.self, URLSchemeStop.self,
        LocationAuthorizationRequest.self, LocationDelegateChange.self, LocationAuthorizationChange.self, LocationConfiguration.self,
        LocationUpdatesStart.self, LocationUpdatesStop.self, LocationUpdate.self, LocationFailure.self,
        OneShotLocationRequest.self, TemporaryFullAccuracyRequest.self,
        LocationServiceValue.self, LocationServiceCompletion.self,
    ]

    static let byKind: [EventKind: any StandardPayload.Type] = Dictionary(
        standardTypes.map { ($0.eventKind, $0) }, uniquingKeysWith: { first, _ in first }
    )

    /// The description of `kind`, or `nil` for a custom kind.
    static func description(of kind: EventKind) -> (any StandardPayload.Type)? { byKind[kind] }

    /// The kind names a channel defines, for error messages.
    static func kindNames(of channel: Channel) -> [String] {
        standardTypes.compactMap { type in
            type.eventKind.channel == channel ? type.eventKind.name : nil
        }
    }
}

/// Which effects a stimulus of a kind may answer (its `answers`), checked by ``CassetteValidator``.
enum AnswerRule: Sendable {
    /// It answers nothing: it may not carry `answers`.
    case none
    /// It answers an effect of one of `kinds`; when `required`, it must.
    case answers(Set<EventKind>, required: Bool)
}

/// Which stimulus an effect of a kind names as its `cause`, checked by ``CassetteValidator``.
enum CauseRule: Sendable {
    /// Any earlier event, or none.
    case free
    /// Exactly a stimulus of `kind`, and at most one such effect per stimulus; `noun` names the effect in errors ("a decision").
    case onePer(EventKind, String)
}
