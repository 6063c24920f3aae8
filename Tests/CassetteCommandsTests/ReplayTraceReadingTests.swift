import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// Answers the page's message twice: WebKit raises on the second reply.
@MainActor private final class RepliesTwice: ScriptMessageHandlerWithReply {
    init(platform: Platform) { platform.webView.add(self, name: "notes") }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        replyHandler(.value(["saved": true]))
        replyHandler(.value(["saved": true]))
    }
}

/// A failed replay's trace (`.actual.json`) is read by the tool even when
/// it holds the rule the implementation broke, so it can be diffed against
/// the recording; a recording that breaks it is still refused.
@Suite struct ReplayTraceReadingTests {
    static let recording = Cassette(
        header: CassetteHeader(name: "notes"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "notes", body: ["op": "save"], expectsReply: true)),
            Event(id: 2, at: 0, cause: 1, payload: ScriptReply(.value(["saved": true]))),
        ])

    @Test("the trace of a replay that replied twice reads, lints clean and diffs against the recording")
    func traceOfADoubleReply() async throws {
        let report = await Replayer(cassette: Self.recording).replay { await RepliesTwice(platform: $0) }
        #expect(report.issues.map(\.kind) == [.replyRepeated], "\(report)")
        #expect(report.trace.header.recordedBy == .replayTrace)
        #expect(report.trace.events.filter { $0.payload is ScriptReply }.count == 2)
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(report.trace), to: "notes.actual.json")
            try directory.write(Samples.canonical(Self.recording), to: "notes.json")
            let lint = await cassette("lint", "--strict", "notes.actual.json", in: directory)
            #expect(lint.status == .success, "\(lint.standardError)")
            let diff = await cassette("diff", "notes.json", "notes.actual.json", in: directory)
            #expect(diff.standardError.isEmpty, "\(diff.standardError)")
            #expect(diff.standardOutput.contains("script.reply"), "\(diff.standardOutput)")
        }
    }

    @Test("a recording with a second reply is still refused, naming the rule")
    func recordingWithADoubleReply() async throws {
        var recording = Self.recording
        recording.events.append(Event(id: 3, at: 0, cause: 1, payload: ScriptReply(.value(["saved": true]))))
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(recording), to: "notes.json")
            let lint = await cassette("lint", "notes.json", in: directory)
            #expect(lint.status == .dataError)
            #expect(lint.standardError.contains("script.message 1 already has a reply (event 2); it gets exactly one"))
        }
    }
}
