import HybridReplaySeams

/// The form of a payload that a replay and ``CassetteDiff`` compare: a JavaScript call's source
/// with its JSON object literals in one key order (see ``EmbeddedJSON``);
/// HTTP bodies as the document their `Content-Type` says (see
/// ``PayloadComparison/comparable(_:_:)``); every other payload as it is.
/// Each kind's description says it (``StandardPayload/comparedForm()``).
package enum ComparedForm {
    package static func of(_ payload: any EventPayload) -> any EventPayload {
        (payload as? any StandardPayload)?.comparedForm() ?? payload
    }
}
