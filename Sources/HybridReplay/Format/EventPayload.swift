/// The typed content of an event: what crossed the seam.
///
/// Every kind of the format has its own payload type, such as
/// ``NavigationAction`` or ``HTTPResponse``; ``CustomEvent`` carries the
/// events of user-defined seams. Read a payload with
/// ``Event/payload(as:)``.
public protocol EventPayload: Sendable, Hashable {
    /// The channel and kind this payload is recorded as.
    var kind: EventKind { get }
    /// Which way the payload crosses its seam.
    var direction: Direction { get }
    /// One line describing the payload, as `cassette show` prints it.
    var summary: String { get }
}

extension EventPayload {
    /// Whether `other` is a payload of the same type with equal fields.
    public func isEqual(to other: any EventPayload) -> Bool {
        (other as? Self) == self
    }
}

/// A payload of a fixed kind that reads and writes its own fields.
protocol StandardPayload: EventPayload {
    static var eventKind: EventKind { get }
    static var eventDirection: Direction { get }
    /// Reads the payload, recording problems in `reader`; `nil` when a
    /// required field is missing or invalid.
    static func read(_ reader: inout FieldReader) -> Self?
    /// Writes the fields in canonical order.
    func write(_ writer: inout FieldWriter)
}

extension StandardPayload {
    public var kind: EventKind { Self.eventKind }
    public var direction: Direction { Self.eventDirection }
}

/// The payload types of the current format version, by kind.
enum PayloadRegistry {
    static let standardTypes: [any StandardPayload.Type] = [
        ScriptMessage.self, ScriptReply.self, ScriptHandlerRemoval.self,
        UserScriptInstallation.self, JavaScriptEvaluation.self, JavaScriptResult.self, JavaScriptDialog.self,
        JavaScriptDialogAnswer.self,
        NavigationAction.self, NavigationDecision.self, NativeRoute.self, NavigationLoad.self,
        NavigationStart.self, NavigationCommit.self, NavigationFinish.self, NavigationFailure.self,
        WebContentProcessTermination.self, NavigationResponse.self, NavigationResponseDecision.self,
        NewWindowRequest.self, NewWindowResult.self,
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

    /// The kind names a channel defines, for error messages.
    static func kindNames(of channel: Channel) -> [String] {
        standardTypes.compactMap { type in
            type.eventKind.channel == channel ? type.eventKind.name : nil
        }
    }
}
