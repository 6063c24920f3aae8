/// The runtime's jobs of app code a recorder follows until they have run,
/// where the runtime watch sees jobs handed to Dispatch (Linux, in the testing
/// glue's recordings), so that a drive's wait returns only once app code has
/// gone as far as it can on its own (``Recorder/waitForEvents(_:count:patience:)``).
///
/// A task that awaited an answer is still on its way when the answer is
/// recorded: a consumer that drains an `AsyncStream` in `for await` and
/// evaluates JavaScript for each element has its result recorded inside its
/// own `evaluateJavaScript` call, then hops back to its actor and into the
/// stream's `next()`. A drive that delivers the next stimulus as soon as the
/// result is recorded finds it on its way there: the element is buffered,
/// wakes nothing, and what the consumer does for it is recorded with the
/// cause it had before (the answer, or an earlier stimulus).
///
/// A job is followed from when it is handed to an executor (the global one,
/// the main actor) until it has run, when it is handed over by code reacting
/// to one of the recorder's stimuli or by a followed job; never a job of a
/// task that existed before the recorder (the test driving it, resumed by
/// app code).
package enum RecordedJobs {
    /// Set in the key of a job a recorder follows, which tells it from a
    /// replay's (``WatchedJobs``) where the watch reports it.
    package static let keyBit: UInt = 1 << (UInt.bitWidth - 1)

    private struct Following {
        weak var recorder: Recorder?
        /// The number of the task that created the recorder: tasks at or below it are not app code's.
        let taskWatermark: UInt64
        /// The jobs handed over and not yet run.
        var pending = 0
    }

    private struct State {
        var lastKey: UInt = 0
        var following: [UInt: Following] = [:]
        /// The key of each recorder alive, by identity.
        var keys: [ObjectIdentifier: UInt] = [:]
        /// The tasks running a recording's set-up, by address, with their recorder's key, while they do.
        var setUps: [UInt: UInt] = [:]
    }

    private static let state = Locked(State())

    /// A key no recorder had before.
    static func newKey() -> UInt {
        state.withLock { state in
            state.lastKey += 1
            return keyBit | state.lastKey
        }
    }

    /// `recorder` began: its jobs are followed from now on.
    static func began(_ recorder: Recorder, taskWatermark: UInt64) {
        state.withLock { state in
            state.following[recorder.jobKey] = Following(recorder: recorder, taskWatermark: taskWatermark)
            state.keys[ObjectIdentifier(recorder)] = recorder.jobKey
        }
    }

    /// The recorder keyed `key` (identity `identity`) ended.
    static func ended(_ key: UInt, _ identity: ObjectIdentifier) {
        state.withLock { state in
            state.following[key] = nil
            if state.keys[identity] == key { state.keys[identity] = nil }
        }
    }

    /// Runs `body`, the implementation's set-up for `recorder`, following the
    /// calling task until it returns: every job the task is handed over as
    /// (its hop to the main actor for a `@MainActor` init, and back), and so
    /// every job those hand over — a consumer task an `init` starts to drain
    /// an `AsyncStream` — is followed until it has run, as a job handed over
    /// by code reacting to a stimulus is. A drive's wait then returns only
    /// once that consumer waits in `for await`, so the first element the
    /// drive makes the platform deliver wakes it and causes what it does.
    /// A task hopping has no current task, so its address tells it.
    package static func followingSetUp<R>(
        of recorder: Recorder, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> R {
        let task = withUnsafeCurrentTask { $0.map { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
        let key = recorder.jobKey
        if let task { state.withLock { $0.setUps[task] = key } }
        defer { if let task { state.withLock { _ = $0.setUps.removeValue(forKey: task) } } }
        return try await body()
    }

    /// How many jobs of the recorder keyed `key` are handed over and have not run yet.
    static func pending(_ key: UInt) -> Int {
        state.withLock { $0.following[key]?.pending ?? 0 }
    }

    /// Whether to follow `job`, being handed over on the calling thread while
    /// it runs the followed job keyed `running` (0 for none, or a replay's).
    ///
    /// Called from inside `dispatch_async_f`: it reads the thread's
    /// task-local scope and takes only this type's lock. The job's header is
    /// read only once code of a recorder's is found handing it over.
    ///
    /// - Returns: The key of the recorder that follows it until ``ran(_:key:)``, or 0.
    package static func handingOver(_ job: UnsafeRawPointer, running: UInt) -> UInt {
        // Where tasks are not numbered, the drive's own jobs could not be told from app code's.
        guard CurrentTask.isNumberedByRuntime else { return 0 }
        // A task running a recording's set-up, hopping: followed by its address (the drive's own task, which
        // the watermark below leaves out everywhere else, runs the set-up in the testing glue).
        let setUp = state.withLock { state -> UInt in
            guard let key = state.setUps[UInt(bitPattern: job)], state.following[key] != nil else { return 0 }
            state.following[key]?.pending += 1
            return key
        }
        if setUp != 0 { return setUp }
        let scopeOwner = running & keyBit != 0 ? nil : CauseScope.current?.owner
        // Neither a followed job nor code reacting to a recorder's stimulus: most jobs.
        guard running & keyBit != 0 || scopeOwner != nil else { return 0 }
        let found = state.withLock { state -> (key: UInt, taskWatermark: UInt64)? in
            let key = running & keyBit != 0 ? running : scopeOwner.flatMap { state.keys[$0] }
            guard let key, let following = state.following[key] else { return nil }
            return (key, following.taskWatermark)
        }
        guard let found else { return 0 }
        // The drive's own task, resumed by app code, is not app code's work.
        if let task = CurrentTask.header(ofJob: job)?.task, task.value <= found.taskWatermark { return 0 }
        return state.withLock { state in
            guard state.following[found.key] != nil else { return 0 }
            state.following[found.key]?.pending += 1
            return found.key
        }
    }

    /// Notes that a job ``handingOver(_:running:)`` followed under `key` has run.
    package static func ran(_ job: UnsafeRawPointer, key: UInt) {
        let idle = state.withLock { state -> Recorder? in
            guard var following = state.following[key] else { return nil }
            following.pending -= 1
            state.following[key] = following
            return following.pending == 0 ? following.recorder : nil
        }
        idle?.waiters.changed()
    }
}
