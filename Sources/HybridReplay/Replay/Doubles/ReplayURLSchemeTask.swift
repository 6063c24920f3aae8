import Foundation

/// The task a replay hands a scheme handler for a recorded `scheme.request`:
/// it verifies the head, the body and the end of the app's answer, and
/// reports the calls `WKURLSchemeTask` raises an exception for.
///
/// The body is compared as the concatenation of its pieces: the task cuts
/// what the app sends at the recorded pieces' sizes, so an app that sends
/// the same bytes in other pieces still matches. The cut is made as soon as
/// enough bytes have come, so a recorded `scheme.stop` after the first
/// piece is still delivered; what is left over is sent when the answer ends.
/// When a recorded piece holds a redaction placeholder, the recorded sizes
/// are not the app's (a token is longer or shorter than `[REDACTED:1]`), so
/// each piece is compared as the app sends it.
/// An answer that serves one of the app's own files is checked by its head
/// and by whether a body came, unless the replay pins served files (see
/// ``ServedFilesPolicy``): the recorded pieces then stand for what was served.
final class ReplayURLSchemeTask: URLSchemeTask {
    private enum Stage {
        case started
        case responded
        case ended
        case stopped
    }

    private struct State {
        var stage = Stage.started
        /// Bytes the app sent that do not yet fill the next recorded piece.
        var pending = Data()
        /// The sizes of the recorded pieces not yet cut; `nil` when pieces pass as they are sent.
        var pieceSizes: [Int]?
        /// Whether the recorded pieces were played as what the app served: see ``ServedFilesPolicy``.
        var servedRecordedPieces = false
        /// The head the app sent: a JSON piece after a JSON head is taken as the recorder writes it.
        var head: URLSchemeResponse?
    }

    let request: URLSchemeRequest
    let requestID: Int
    /// The handler that started the task, which a recorded stop is delivered to.
    let handler: any URLSchemeHandler
    private let engine: ReplayEngine
    private let state: Locked<State>
    /// Keeps the replay's clock going while app code holds the task.
    private let ticket: SettlementTicket
    /// The recorded body's pieces, when the answer serves one of the app's
    /// own files and only its head is checked; `nil` when every byte is.
    private let unpinnedPieces: [Data]?

    init(request: URLSchemeRequest, requestID: Int, handler: any URLSchemeHandler, engine: ReplayEngine) {
        self.request = request
        self.requestID = requestID
        self.handler = handler
        self.engine = engine
        let answer = (engine.script.effectsByCause[requestID] ?? []).compactMap { engine.script.event($0) }
        let pieces = answer.compactMap { $0.payload(as: URLSchemeData.self)?.data }
        let redacted = pieces.contains { RedactionPlaceholders.highestNumber(in: String(decoding: $0, as: UTF8.self)) > 0 }
        state = Locked(State(pieceSizes: redacted ? nil : pieces.map(\.count)))
        let head = answer.lazy.compactMap { $0.payload(as: URLSchemeResponse.self) }.first
        let mimeType = head.flatMap { $0.mimeType ?? $0.headers.first { $0.name.lowercased() == "content-type" }?.value }
        unpinnedPieces =
            engine.options.servedFiles == .shapeOnly && ServedFilesPolicy.isFile(mimeType: mimeType) ? pieces : nil
        ticket = SettlementTicket(engine: engine)
    }

    func didReceive(_ response: URLSchemeResponse) {
        let misuse: Misuse? = state.withLock { state in
            switch state.stage {
            case .started:
                state.stage = .responded
                state.head = response
                return nil
            case .responded: return .told("didReceive(_:) was given a second response head")
            case .ended: return .told("didReceive(_:) was given a response head after the task ended")
            case .stopped: return .afterStop
            }
        }
        if let misuse { return report(misuse, call: "didReceive(response)") }
        engine.effect(response, knownCause: requestID)
    }

    func didReceive(_ data: Data) {
        let result: Result<[Data], Misuse> = state.withLock { state in
            switch state.stage {
            case .started: return .failure(.told("didReceive(_:) was given data before a response head; send the head first"))
            case .ended: return .failure(.told("didReceive(_:) was given data after the task ended"))
            case .stopped: return .failure(.afterStop)
            case .responded:
                state.pending.append(URLSchemeData(data).recordedForm(answering: state.head).data)
                if let unpinned = unpinnedPieces {
                    // Only that a body came is checked: the recorded pieces stand for it.
                    guard !state.servedRecordedPieces, !unpinned.isEmpty, !state.pending.isEmpty else { return .success([]) }
                    state.servedRecordedPieces = true
                    state.pending = Data()
                    return .success(unpinned)
                }
                return .success(Self.cut(&state))
            }
        }
        switch result {
        case .failure(let misuse): report(misuse, call: "didReceive(data)")
        case .success(let pieces): for piece in pieces { engine.effect(URLSchemeData(piece), knownCause: requestID) }
        }
    }

    func didFinish() { end(.finished, call: "didFinish()") }

    func didFailWithError(_ error: any Error) { end(.failed(error), call: "didFailWithError(_:)") }

    /// Marks the task stopped, as the recorded `scheme.stop` says, before its handler hears of it.
    func markStopped() { state.withLock { $0.stage = .stopped } }

    private func end(_ completion: URLSchemeCompletion, call: String) {
        let result: Result<Data, Misuse> = state.withLock { state in
            switch state.stage {
            case .stopped: return .failure(.afterStop)
            case .started, .responded, .ended:
                // A second end is judged by the settlement, as a second reply is.
                state.stage = .ended
                // With the recorded pieces played, the rest of an unpinned body is not checked.
                let rest = state.servedRecordedPieces ? Data() : state.pending
                state.pending = Data()
                return .success(rest)
            }
        }
        switch result {
        case .failure(let misuse): report(misuse, call: call)
        case .success(let rest):
            // The app holds the task from here on, if at all; a recorded stop never follows an end.
            engine.receivers.update { $0.schemeTasks[requestID] = nil }
            if !rest.isEmpty { engine.effect(URLSchemeData(rest), knownCause: requestID) }
            engine.effect(completion, knownCause: requestID)
        }
    }

    /// The pieces of `state.pending` that fill the next recorded pieces.
    private static func cut(_ state: inout State) -> [Data] {
        guard state.pieceSizes != nil else {
            defer { state.pending = Data() }
            return state.pending.isEmpty ? [] : [state.pending]
        }
        var pieces: [Data] = []
        while let size = state.pieceSizes?.first, state.pending.count >= size {
            pieces.append(Data(state.pending.prefix(size)))
            state.pending = Data(state.pending.dropFirst(size))
            state.pieceSizes?.removeFirst()
        }
        return pieces
    }

    /// Reports `misuse` of the task by `call`, such as `didReceive(data)`.
    private func report(_ misuse: Misuse, call: String) {
        switch misuse {
        case .told(let message):
            engine.fail(
                ReplayIssue(
                    kind: .schemeTaskMisuse, eventID: requestID, eventKind: URLSchemeRequest.eventKind,
                    statement: .schemeTaskMisuse(message), cause: engine.script.reference(requestID, as: URLSchemeRequest.eventKind)))
        case .afterStop:
            // WebKit raises at the first call on a stopped task: the later ones are told under it.
            engine.failCallAfterStop(call, task: requestID)
        }
    }

    private enum Misuse: Error {
        /// A call out of order or after the end, as said here.
        case told(String)
        /// A call after the page stopped the task.
        case afterStop
    }
}
