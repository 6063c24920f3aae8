extension Recorder {
    /// Waits until `count` events of `kind` have been recorded in all, for
    /// effects the implementation makes in tasks of its own.
    ///
    /// A drive that waits for the last event of each reaction before its
    /// next stimulus records the same events in the same order every time;
    /// on a ``ManualClock`` that only the drive moves, the same bytes. The
    /// last event of an evaluation is the page's result, recorded after it:
    ///
    /// ```swift
    /// try page.postMessage("hello", to: "nativeProcess")
    /// try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: Such as `javascript.evaluate`.
    ///   - count: How many, counting those recorded before the call.
    ///   - patience: How long to wait in real time before giving up.
    /// - Returns: The `count`th event of `kind`.
    /// - Throws: ``WaitTimeout`` naming the events awaited and those recorded
    ///   so far when they do not come in time; `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForEvents(
        _ kind: EventKind, count: Int = 1, patience: Duration = WaitTimeout.defaultPatience
    ) async throws -> Event {
        let awaited = "\(count) \(kind) event\(count == 1 ? "" : "s")"
        return try await waiters.wait(for: awaited, patience: patience, progress: { [self] in recordedSoFar }) {
            [self] in
            let matching = eventsWithoutStrands.lazy.filter { $0.kind == kind }
            guard matching.count >= Swift.max(count, 1) else { return nil }
            let found = Array(matching)[Swift.max(count, 1) - 1]
            // Numbered once, for the event returned.
            return events.first { $0.id == found.id } ?? found
        }
    }

    /// Waits until `condition` holds for the events recorded so far.
    ///
    /// - Parameters:
    ///   - awaited: What is awaited, for the error: `the route to the settings screen`.
    ///   - patience: How long to wait in real time before giving up.
    ///   - condition: Checked now and after every event recorded; it must
    ///     not block or call into the implementation.
    /// - Throws: ``WaitTimeout`` naming `awaited` and the events recorded so
    ///   far when `condition` does not hold in time; `CancellationError` when the task is cancelled.
    public func waitUntil(
        _ awaited: String, patience: Duration = WaitTimeout.defaultPatience,
        _ condition: @escaping @Sendable ([Event]) -> Bool
    ) async throws {
        try await waiters.wait(for: awaited, patience: patience, progress: { [self] in recordedSoFar }) {
            [self] in condition(events) ? () : nil
        }
    }

    /// The kinds recorded so far, for errors: `recorded so far: script.message, http.request`.
    private var recordedSoFar: String {
        let kinds = eventsWithoutStrands.map(\.kind.description)
        return "recorded so far: " + (kinds.isEmpty ? "nothing" : kinds.joined(separator: ", "))
    }
}
