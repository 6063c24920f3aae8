import HybridReplaySeams

/// The form of a payload that a replay and ``CassetteDiff`` compare: a JavaScript call's source
/// with its JSON object literals in one key order (see ``EmbeddedJSON``);
/// HTTP bodies as the document their `Content-Type` says (see
/// ``PayloadComparison/comparableBodies(_:)``); every other payload as it is.
enum ComparedForm {
    static func of(_ payload: any EventPayload) -> any EventPayload {
        let payload = PayloadComparison.comparableBodies(payload)
        guard var evaluation = payload as? JavaScriptEvaluation else { return payload }
        let canonical = EmbeddedJSON.canonical(evaluation.script)
        guard canonical != evaluation.script else { return payload }
        evaluation.script = canonical
        return evaluation
    }
}
