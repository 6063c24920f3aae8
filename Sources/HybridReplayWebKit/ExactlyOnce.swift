import HybridReplaySeams

/// Wraps a completion handler that must be called exactly once, as WebKit's
/// decision and reply handlers must.
///
/// The first `call` is delivered; later ones are dropped and reported.
/// If the wrapper is released uncalled — app code dropped the handler — the
/// miss is reported and `fallback` is delivered, so WebKit is never left
/// waiting (WebKit itself throws "Completion handler … was not called").
/// Release is when the last closure holding the wrapper goes, so the report
/// comes at a deterministic point, not after a timeout.
package final class ExactlyOnce<Value: Sendable>: Sendable {
    private let called = Locked(false)
    private let deliver: @Sendable (Value) -> Void
    private let fallback: Value
    private let what: String
    private let report: @Sendable (WebKitAdapterIssue) -> Void

    /// - Parameters:
    ///   - what: The handler, as issues name it, such as `decision handler for https://example.com/`.
    ///   - fallback: What to deliver when the handler is never called.
    ///   - report: Where issues go.
    ///   - deliver: Passes the value on to WebKit.
    package init(
        _ what: String, fallback: Value, report: @escaping @Sendable (WebKitAdapterIssue) -> Void,
        deliver: @escaping @Sendable (Value) -> Void
    ) {
        self.what = what
        self.fallback = fallback
        self.report = report
        self.deliver = deliver
    }

    /// Delivers `value` the first time; reports and drops every later call.
    package func call(_ value: Value) {
        let first = called.withLock { called in
            defer { called = true }
            return !called
        }
        if first {
            deliver(value)
        } else {
            report(WebKitAdapterIssue(.calledTwice, "the \(what) was called more than once; the call with \(value) was dropped"))
        }
    }

    deinit {
        if !called.current {
            report(WebKitAdapterIssue(.neverCalled, "the \(what) was never called; answered \(fallback) in its place"))
            deliver(fallback)
        }
    }
}
