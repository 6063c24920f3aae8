import Foundation

/// Records each request the page makes to an app-served scheme as a
/// `scheme.request`, hands the app's handler a task that records its answer
/// — `scheme.response`, `scheme.data`, `scheme.completion`, each caused by
/// the request — and records a stop as a `scheme.stop` caused by it too.
///
/// Calls after the task ended or was stopped are recorded but not passed to
/// the live task, which would raise an exception: the cassette then fails
/// validation naming the request, which is the bug to fix.
final class RecordingURLSchemeHandler: URLSchemeHandler {
    let app: any URLSchemeHandler
    let recorder: Recorder
    /// The task handed to the app for each live task not yet ended or stopped.
    private let tasks = Locked<[ObjectIdentifier: RecordingURLSchemeTask]>([:])

    init(app: any URLSchemeHandler, recorder: Recorder) {
        self.app = app
        self.recorder = recorder
    }

    func start(_ task: any URLSchemeTask) {
        let requestID = recorder.record(task.request, cause: nil)
        let key = ObjectIdentifier(task)
        let recording = RecordingURLSchemeTask(live: task, recorder: recorder, requestID: requestID) { [tasks] in
            tasks.withLock { $0[key] = nil }
        }
        tasks.withLock { $0[key] = recording }
        recorder.deliver(requestID) { app.start(recording) }
    }

    func stop(_ task: any URLSchemeTask) {
        guard let recording = tasks.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        let stopID = recorder.record(URLSchemeStop(url: recording.request.urlString), cause: recording.requestID)
        recording.markStopped()
        recorder.deliver(stopID) { app.stop(recording) }
    }
}

/// The task the app answers during a recording: it records each call and
/// passes it to the live task while the live task accepts it.
final class RecordingURLSchemeTask: URLSchemeTask {
    let live: any URLSchemeTask
    let recorder: Recorder
    let requestID: Int
    private let ended: @Sendable () -> Void
    /// Whether the live task still takes calls: not ended, not stopped.
    private let open = Locked(true)
    /// The head the app sent, which says whether the pieces after it are JSON.
    private let head = Locked<URLSchemeResponse?>(nil)

    init(live: any URLSchemeTask, recorder: Recorder, requestID: Int, ended: @escaping @Sendable () -> Void) {
        self.live = live
        self.recorder = recorder
        self.requestID = requestID
        self.ended = ended
    }

    var request: URLSchemeRequest { live.request }

    func didReceive(_ response: URLSchemeResponse) {
        head.withLock { $0 = response }
        recorder.record(response, cause: requestID)
        if open.current { live.didReceive(response) }
    }

    func didReceive(_ data: Data) {
        // A JSON answer is written with sorted keys: see URLSchemeData.recordedForm(answering:).
        recorder.record(URLSchemeData(data).recordedForm(answering: head.current), cause: requestID)
        if open.current { live.didReceive(data) }
    }

    func didFinish() {
        recorder.record(URLSchemeCompletion.finished, cause: requestID)
        if close() { live.didFinish() }
    }

    func didFailWithError(_ error: any Error) {
        recorder.record(URLSchemeCompletion.failed(error), cause: requestID)
        if close() { live.didFailWithError(error) }
    }

    func markStopped() { open.withLock { $0 = false } }

    /// Ends the task; whether it was open.
    private func close() -> Bool {
        let wasOpen = open.withLock { open in
            defer { open = false }
            return open
        }
        if wasOpen { ended() }
        return wasOpen
    }
}
