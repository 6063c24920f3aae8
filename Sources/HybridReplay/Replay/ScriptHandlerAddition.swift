/// A script message handler the app added under a name that already has one
/// in that content world, which `WKUserContentController` refuses.
///
/// WebKit looks for a handler of the same name in the same world, with reply
/// or without, and raises `NSInvalidArgumentException` ("Attempt to add script
/// message handler with name '…' when one already exists.") when it finds one
/// (`-[WKUserContentController _addScriptMessageHandler:]`). The replay
/// reports it as an issue of its own and the simulation keeps it as misuse;
/// both keep the first handler, and both say it in
/// ``ConsoleIssueRenderer/sentence(of:)``'s words.
package struct ScriptHandlerAddition: Sendable, Hashable {
    /// The name the app added the handler under.
    package var name: String
    /// The world the app added it in.
    package var contentWorld: ContentWorld
    /// Whether the handler added replies (`addScriptMessageHandler(_:contentWorld:name:)`).
    package var withReply: Bool

    package init(name: String, contentWorld: ContentWorld, withReply: Bool) {
        self.name = name
        self.contentWorld = contentWorld
        self.withReply = withReply
    }

    /// The `WKUserContentController` call the app made, as WebKit's Swift API names it.
    package var call: String { withReply ? "addScriptMessageHandler(_:contentWorld:name:)" : "add(_:contentWorld:name:)" }

    /// What the app did, in one line: `add(_:contentWorld:name:) 'bridge' in page`.
    package var summary: String { "\(call) '\(name)' in \(contentWorld)" }

    /// What to do about it.
    package var hint: String {
        "remove it first (removeScriptMessageHandler(forName:contentWorld:)), or add the handler once"
    }

    /// The replay's issue for it: not about a recorded event, so it names
    /// none, but the stimulus app code made the call in reaction to, when known.
    package func issue(reactingTo stimulus: ReplayIssue.EventReference? = nil) -> ReplayIssue {
        ReplayIssue(
            kind: .scriptHandlerAddedTwice, eventID: nil, eventKind: nil, statement: .scriptHandlerAddedTwice(self),
            cause: stimulus, actual: summary, hint: hint)
    }

    /// The addition with `transform` applied to its names, as redaction rewrites a report.
    func mapText(_ transform: (String) -> String) -> ScriptHandlerAddition {
        var copy = self
        copy.name = transform(name)
        if let world = contentWorld.name { copy.contentWorld = .world(name: transform(world)) }
        return copy
    }
}
