import HybridReplay

/// The page's promises: an id the page sends with a message is settled by one
/// JavaScript call that names it, in the page that sent it.
extension PlatformRule {
    /// The body fields a page sends a promise id in, as the seed bridges do (`{guid}`).
    public static let promiseIDFields = ["guid", "promiseId", "callbackId"]

    /// Every promise id the page sent, in a message that awaits no reply, is
    /// settled exactly once: by one `evaluateJavaScript` call whose first
    /// argument is the id as a string literal (`executePromise("…", …)`,
    /// `rejectPromise('…', …)`). A message that awaits a reply is settled by
    /// the reply (``replyOnce``). The same id sent twice is settled twice.
    ///
    /// A page gone by a navigation the app heard of (`didCommit`), or by its
    /// web content process ending, has no promise left to settle: its ids are
    /// settled at most once, before it went; one settled after breaks
    /// ``noSettlementIntoNewPage``.
    public static let promiseSettledOnce = PlatformRule(
        name: "promise-settled-once",
        summary: "Every promise id the page sent is settled exactly once by a call naming it.",
        check: { rule, trace in
            let pages = PromisePages(trace)
            return pages.order.compactMap { key in
                let messages = pages.sent[key] ?? []
                let settlements = pages.settlements(of: key)
                let replaced = key.page < pages.lastPage
                if settlements.count == messages.count || (replaced && settlements.count < messages.count) { return nil }
                let literal = JavaScriptLiteral.string(key.id)
                let asked = messages.count == 1 ? "once" : "\(messages.count) times"
                let message =
                    settlements.isEmpty
                    ? "the page sent promise id \(literal) \(asked) and it was never settled, so the page's promise stays pending"
                    : "the page sent promise id \(literal) \(asked) and it was settled \(settlements.count) times; settle each promise exactly once"
                return RuleViolation(rule: rule, eventIDs: messages + settlements.map(\.id), message: message)
            }
        })

    /// No promise id is settled after a navigation the app heard of replaced
    /// the page that sent it: the call would run in the new page, which never
    /// sent the id and may be another site's, handing it the old page's data.
    /// A page whose web content process ended is gone too (what is evaluated
    /// before a load is ``noEvaluationAfterProcessEnded``'s).
    public static let noSettlementIntoNewPage = PlatformRule(
        name: "no-settlement-into-new-page",
        summary: "A promise id is not settled after a navigation replaced the page that sent it.",
        check: { rule, trace in
            let pages = PromisePages(trace)
            return pages.order.compactMap { key in
                guard key.page < pages.lastPage else { return nil }
                let late = pages.lateSettlements(of: key)
                guard let end = pages.ends.first(where: { $0.page == key.page + 1 }), !late.isEmpty else { return nil }
                // The script is the implementation's output, which may hold what no report should show: it is named by its event.
                return RuleViolation(
                    rule: rule, eventIDs: (pages.sent[key] ?? []) + [end.id] + late.map(\.id),
                    message: "the page that sent promise id \(JavaScriptLiteral.string(key.id)) was gone (another page committed, or its web content process ended) "
                        + "before the id was settled, and it was settled afterwards, in a page that never sent it: drop an answer for a page that is gone")
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

/// The promise ids of a trace by the page that sent them: a page ends where
/// a main-frame navigation the app heard of commits another one, or where its
/// web content process ends.
private struct PromisePages {
    struct Key: Hashable {
        var id: String
        var page: Int
    }

    /// Each id's messages, by page, in the order the ids were first sent.
    var sent: [Key: [Int]] = [:]
    var order: [Key] = []
    /// Every evaluation with the page it ran in.
    var evaluations: [(event: Event, page: Int)] = []
    /// Each commit or process ending with the page it starts.
    var ends: [(id: Int, page: Int)] = []
    var lastPage = 0

    init(_ trace: Cassette) {
        for event in trace.events {
            if event.payload is NavigationCommit || event.payload is WebContentProcessTermination {
                lastPage += 1
                ends.append((event.id, lastPage))
            } else if event.payload is JavaScriptEvaluation {
                evaluations.append((event, lastPage))
            } else if event.direction == .stimulus, let message = event.payload as? ScriptMessage, !message.expectsReply,
                let id = PlatformRule.promiseID(in: message.body)
            {
                let key = Key(id: id, page: lastPage)
                if sent[key] == nil { order.append(key) }
                sent[key, default: []].append(event.id)
            }
        }
    }

    /// The evaluations that settle `key`'s id in the page that sent it.
    func settlements(of key: Key) -> [Event] {
        evaluations.filter { $0.page == key.page && PlatformRule.settles($0.event.payload as? JavaScriptEvaluation, key.id) }.map(\.event)
    }

    /// The evaluations that settle `key`'s id in a later page that never sent it.
    func lateSettlements(of key: Key) -> [Event] {
        evaluations.filter { evaluation in
            evaluation.page > key.page && sent[PromisePages.Key(id: key.id, page: evaluation.page)] == nil
                && PlatformRule.settles(evaluation.event.payload as? JavaScriptEvaluation, key.id)
        }.map(\.event)
    }
}
