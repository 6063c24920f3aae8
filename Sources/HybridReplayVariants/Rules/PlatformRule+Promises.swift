import HybridReplay

/// The page's promises: an id the page sends with a message is settled by one
/// JavaScript call that names it.
extension PlatformRule {
    /// The body fields a page sends a promise id in, as the seed bridges do (`{guid}`).
    public static let promiseIDFields = ["guid", "promiseId", "callbackId"]

    /// Every promise id the page sent, in a message that awaits no reply, is
    /// settled exactly once: by one `evaluateJavaScript` call whose first
    /// argument is the id as a string literal (`executePromise("…", …)`,
    /// `rejectPromise('…', …)`). A message that awaits a reply is settled by
    /// the reply (``replyOnce``). The same id sent twice is settled twice.
    public static let promiseSettledOnce = PlatformRule(
        name: "promise-settled-once",
        summary: "Every promise id the page sent is settled exactly once by a call naming it.",
        check: { rule, trace in
            var sent: [String: [Int]] = [:]
            var order: [String] = []
            for event in trace.events where event.direction == .stimulus {
                guard let message = event.payload as? ScriptMessage, !message.expectsReply,
                    let id = promiseID(in: message.body)
                else { continue }
                if sent[id] == nil { order.append(id) }
                sent[id, default: []].append(event.id)
            }
            let evaluations = trace.events.filter { $0.payload is JavaScriptEvaluation }
            return order.compactMap { id in
                let messages = sent[id] ?? []
                let settlements = evaluations.filter { settles($0.payload as? JavaScriptEvaluation, id) }
                guard settlements.count != messages.count else { return nil }
                let literal = JavaScriptLiteral.string(id)
                let asked = messages.count == 1 ? "once" : "\(messages.count) times"
                let message =
                    settlements.isEmpty
                    ? "the page sent promise id \(literal) \(asked) and it was never settled, so the page's promise stays pending"
                    : "the page sent promise id \(literal) \(asked) and it was settled \(settlements.count) times; settle each promise exactly once"
                return RuleViolation(rule: rule, eventIDs: messages + settlements.map(\.id), message: message)
            }
        })

    /// The promise id a message body carries, if it is an object with a string id field.
    static func promiseID(in body: JSONValue) -> String? {
        guard case .object(let fields) = body else { return nil }
        for name in promiseIDFields {
            if case .string(let id)? = fields[name] { return id }
        }
        return nil
    }

    /// Whether `evaluation` calls a function with `id` as its first argument.
    static func settles(_ evaluation: JavaScriptEvaluation?, _ id: String) -> Bool {
        guard let script = evaluation?.script else { return false }
        let literals = [JavaScriptLiteral.string(id), "'\(id)'", "\"\(id)\""]
        return literals.contains { literal in
            ["(\(literal),", "(\(literal))", "( \(literal),", "(\(literal) ,"].contains { script.contains($0) }
        }
    }
}
