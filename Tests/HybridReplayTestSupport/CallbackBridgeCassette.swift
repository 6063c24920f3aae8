import HybridReplay

/// Cassettes of a Capacitor-style bridge: each plugin call carries a callback
/// id from a counter that starts at a random number, and native code answers
/// with it, for the tests of declared volatile fields.
package enum CallbackBridgeCassette {
    /// The field that holds the ids.
    package static let callbackID = VolatileField(kind: ScriptMessage.eventKind, path: "body.callbackId")

    /// `calls` calls with ids from `firstID`, each answered by a
    /// `javascript.evaluate` caused by it that carries its id, or `answered[call]`.
    ///
    /// - Parameter declared: Whether the header declares ``callbackID`` volatile.
    package static func make(firstID: Int, calls: Int = 4, answered: [Int: Int] = [:], declared: Bool) -> Cassette {
        var events: [Event] = []
        for call in 0..<calls {
            let id = String(firstID + call)
            let answer = String(answered[call] ?? firstID + call)
            events.append(Event(
                id: events.count + 1, at: Double(call),
                payload: ScriptMessage(
                    handler: "bridge", body: ["callbackId": .string(id), "pluginId": "Device", "methodName": "getInfo"])))
            events.append(Event(
                id: events.count + 1, at: Double(call) + 0.5, cause: events.count,
                payload: JavaScriptEvaluation(
                    script: "window.Capacitor.fromNative({\"callbackId\":\"\(answer)\",\"success\":true})")))
        }
        return Cassette(
            header: CassetteHeader(name: "capacitor-device", volatile: declared ? [callbackID] : []), events: events)
    }
}
