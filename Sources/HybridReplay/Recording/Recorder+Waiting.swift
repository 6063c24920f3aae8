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
    /// Where the runtime watch is in (the testing glue's recordings on
    /// Linux), it returns only once the work those events set going has gone
    /// as far as it can on its own: a task
    /// that awaited the result is back where it waits for the next stimulus.
    ///
    /// - Parameters:
    ///   - kind: Such as `javascript.evaluate`.
    ///   - count: How many, counting those recorded before the call.
    ///   - patience: How long to wait in real time before giving up.
    /// - Returns: The `count`th event of `kind`.
    /// - Throws: ``WaitTimeout`` naming the events awaited and those recorded
    ///   so far when they do not come in time, or app code's work does not
    ///   settle in time after them; `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForEvents(
        _ kind: EventKind, count: Int = 1, patience: Duration = WaitTimeout.defaultPatience
    ) async throws -> Event {
        let awaited = "\(count) \(kind) event\(count == 1 ? "" : "s")"
        let found = try await waiters.wait(for: awaited, patience: patience, progress: { [self] in recordedSoFar }) {
            [self] () -> Event? in
            let matching = eventsWithoutStrands.lazy.filter { $0.kind == kind }
            guard matching.count >= Swift.max(count, 1) else { return nil }
            return Array(matching)[Swift.max(count, 1) - 1]
        }
        try await waitUntilAppCodeSettles(after: awaited, patience: patience)
        // Numbered once, for the event returned.
        return events.first { $0.id == found.id } ?? found
    }

    /// Waits until `condition` holds for the events recorded so far.
    ///
    /// - Parameters:
    ///   - awaited: What is awaited, for the error: `the route to the settings screen`.
    ///   - patience: How long to wait in real time before giving up.
    ///   - condition: Checked now and after every event recorded; it must
    ///     not block or call into the implementation.
    /// - Throws: ``WaitTimeout`` naming `awaited` and the events recorded so
    ///   far when `condition` does not hold in time, or app code's work does
    ///   not settle in time after it (see ``waitForEvents(_:count:patience:)``);
    ///   `CancellationError` when the task is cancelled.
    public func waitUntil(
        _ awaited: String, patience: Duration = WaitTimeout.defaultPatience,
        _ condition: @escaping @Sendable ([Event]) -> Bool
    ) async throws {
        try await waiters.wait(for: awaited, patience: patience, progress: { [self] in recordedSoFar }) {
            [self] in condition(events) ? () : nil
        }
        try await waitUntilAppCodeSettles(after: awaited, patience: patience)
    }

    /// Where the runtime watch follows app code's jobs (``RecordedJobs``),
    /// waits until what the events awaited set going has gone as far as it
    /// can on its own: the main queue has run what was handed to it before
    /// (a completion handler that recorded an answer and resumes the task
    /// that awaited it), and every job of app code handed over since has run.
    ///
    /// A task that awaited the answer is then back where it waits for the
    /// next stimulus, such as a consumer in `for await`, so the stimulus the
    /// drive delivers next wakes it and causes what it does.
    private func waitUntilAppCodeSettles(after awaited: String, patience: Duration) async throws {
        guard MainQueueBarrier.enqueued != nil else { return }
        await MainQueueBarrier.pass()
        try await waiters.wait(
            for: "app code's work to settle after \(awaited)", patience: patience, progress: { [self] in recordedSoFar }
        ) { [self] in RecordedJobs.pending(jobKey) == 0 ? () : nil }
    }

    /// Where the runtime watch counts main-queue blocks (Linux, in the
    /// testing glue's recordings), waits until what the set-up handed the
    /// main queue, and the jobs it set going, have run — and what those
    /// handed on, such as the authorization a location delegate set in a
    /// `DispatchQueue.main.async` from `init` hears — before the drive's
    /// first stimulus. On a device either may come first; a recording that
    /// let the drive race them wrote the page's first message before or
    /// after that authorization, changing the bytes from one re-record to
    /// the next. Passes the main queue until a pass records nothing and
    /// sees no block handed to it meanwhile (at most eight passes).
    package func waitUntilSetUpSettles(patience: Duration = WaitTimeout.defaultPatience) async throws {
        guard var enqueued = MainQueueBarrier.enqueued else { return }
        for _ in 0..<8 {
            let recorded = eventsWithoutStrands.count
            try await waitUntilAppCodeSettles(after: "the set-up", patience: patience)
            guard let now = MainQueueBarrier.enqueued else { return }
            if now == enqueued, eventsWithoutStrands.count == recorded { return }
            enqueued = now
        }
    }

    /// The kinds recorded so far, for errors: `recorded so far: script.message, http.request`.
    private var recordedSoFar: String {
        let kinds = eventsWithoutStrands.map(\.kind.description)
        return "recorded so far: " + (kinds.isEmpty ? "nothing" : kinds.joined(separator: ", "))
    }
}
