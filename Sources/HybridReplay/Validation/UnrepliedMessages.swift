import HybridReplayFormat
import HybridReplaySeams

/// The messages a cassette records as awaiting a reply that it has none for:
/// warnings of `cassette lint`.
///
/// A page that posts to a handler with reply awaits a promise that only the
/// reply settles. A cassette without that reply is valid — the recording
/// may have ended while the app was still answering, and a replay then
/// expects no reply either — but it is usually a recording of a bug (the app
/// never replied), made the truth by re-recording after a replay reported
/// `the page awaits a reply to this message and none was sent`. So lint says
/// so, and `--strict` fails on it, where a reviewer would otherwise see only
/// an event that is not there.
enum UnrepliedMessages {
    static func findings(in cassette: Cassette) -> [CassetteProblem] {
        var replied: Set<Int> = []
        for event in cassette.events where event.payload is ScriptReply {
            if let cause = event.cause { replied.insert(cause) }
        }
        return cassette.events.enumerated().compactMap { index, event in
            guard let message = event.payload as? ScriptMessage, message.expectsReply, !replied.contains(event.id) else {
                return nil
            }
            return CassetteProblem(
                path: JSONPath([.key("events"), .index(index), .key("payload"), .key("expectsReply")]),
                message: "script.message \(event.id) to '\(message.handler)' awaits a reply and the cassette has none: "
                    + "the page's promise never settles. If the app never replied, that is the bug a replay reports as "
                    + "'none was sent': fix the app and record again; if the recording ended before the reply, let the "
                    + "drive wait for it (recorder.waitForEvents(ScriptReply.eventKind))")
        }
    }
}
