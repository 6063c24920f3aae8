import HybridReplay
import HybridReplaySimulation

/// The simulated platform a scenario plays the platform side on: the page,
/// the server, the cookie jar, the device, the host app's own seam and the
/// clock, with ways to wait for what the implementation does in its own tasks.
///
/// Everything the implementation does goes through a recorder wrapped
/// around these stand-ins; the scenario drives the stand-ins directly, so
/// what it does is recorded as the platform's stimuli.
///
/// Times come only from ``clock``, which moves only when the scenario moves
/// it. A scenario that waits for the last effect of each reaction before
/// its next stimulus, and moves the clock only then, records the same
/// bytes every time.
package struct ScenarioStage: Sendable {
    /// How long a wait lasts in real time before it fails, unless a
    /// recording says otherwise: the engine's, for every recording drive.
    package static let defaultPatience = WaitTimeout.defaultPatience

    /// The scenario's path, which errors name.
    package let scenario: String
    /// How long a wait lasts in real time before it fails.
    package let patience: Duration
    /// The clock the recorder stamps events with.
    package let clock: ManualClock
    /// The page: posts script messages and proposes navigations.
    package let page: SimulatedWebView
    /// The server: holds each request until the scenario answers it.
    package let server: HeldHTTPTransport
    /// The shared cookie jar the implementation reads and writes.
    package let cookieJar: InMemoryCookieStore
    /// The location hardware and the user answering prompts and changing settings.
    package let device: SimulatedLocationManager
    /// The host app's own seam.
    package let custom: SimulatedCustomSeam
    /// What has been recorded so far.
    package let recorder: Recorder

    /// Moves the clock forward: the time that passes before the next thing
    /// happens, such as a user reading a prompt. Nothing waits in real time.
    ///
    /// - Parameter duration: How long.
    package func advance(by duration: Duration) {
        clock.advance(by: duration)
    }

    /// Waits until `count` events of `kind` have been recorded in all, for
    /// work the implementation does in tasks of its own.
    ///
    /// - Parameters:
    ///   - kind: Such as `javascript.result`.
    ///   - count: How many, counting those recorded before.
    /// - Throws: ``ScenarioError`` naming the scenario and what was awaited
    ///   when ``patience`` runs out or the task is cancelled.
    package func waitForEvents(_ kind: EventKind, count: Int) async throws(ScenarioError) {
        do {
            try await recorder.waitForEvents(kind, count: count, patience: patience)
        } catch {
            throw failure(error)
        }
    }

    /// Waits for the next request the implementation sends, and checks it is the one expected.
    ///
    /// - Parameters:
    ///   - method: The method expected, such as `GET`.
    ///   - url: The URL expected.
    /// - Returns: The request, held until ``respond(to:after:with:)`` answers it.
    /// - Throws: ``ScenarioError`` when no request comes, or another one does.
    package func request(_ method: String, _ url: String) async throws(ScenarioError) -> HeldHTTPTransport.HeldRequest {
        let held: HeldHTTPTransport.HeldRequest
        do {
            held = try await server.nextRequest(patience: patience)
        } catch {
            throw failure(error, awaited: "the request \(method) \(url)")
        }
        guard held.request.method == method, held.request.urlString == url else {
            throw ScenarioError(
                scenario: scenario, message: "expected the request \(method) \(url), found \(held.request.summary)")
        }
        return held
    }

    /// Lets `delay` pass on the clock, then answers `held` with `response`.
    ///
    /// - Parameters:
    ///   - held: The request, from ``request(_:_:)``.
    ///   - delay: How long the server took.
    ///   - response: What it answered.
    /// - Throws: ``ScenarioError`` when `held` was answered already.
    package func respond(
        to held: HeldHTTPTransport.HeldRequest, after delay: Duration, with response: HTTPResponse
    ) throws(ScenarioError) {
        try settle(held, after: delay) { server.answer(held, with: response) }
    }

    /// Lets `delay` pass on the clock, then fails `held` outright with `error`,
    /// as a timeout or a lost connection would.
    ///
    /// - Parameters:
    ///   - held: The request, from ``request(_:_:)``.
    ///   - delay: How long the request took to fail.
    ///   - error: The error the transport throws, recorded as an `http.error`.
    /// - Throws: ``ScenarioError`` when `held` was answered already.
    package func fail(
        _ held: HeldHTTPTransport.HeldRequest, after delay: Duration, with error: HTTPTransportError
    ) throws(ScenarioError) {
        try settle(held, after: delay) { server.fail(held, with: error) }
    }

    /// Lets `delay` pass, then settles `held` with `settle`, which says whether it was still waiting.
    private func settle(
        _ held: HeldHTTPTransport.HeldRequest, after delay: Duration, _ settle: () -> Bool
    ) throws(ScenarioError) {
        advance(by: delay)
        guard settle() else {
            throw ScenarioError(scenario: scenario, message: "the request \(held) was answered twice")
        }
    }

    /// The error of a wait that ended in vain: `awaited`, if given, names what the scenario waited for.
    private func failure(_ error: any Error, awaited: String? = nil) -> ScenarioError {
        guard var timeout = error as? WaitTimeout else {
            return ScenarioError(scenario: scenario, message: "stopped waiting for \(awaited ?? "the implementation"): \(error)")
        }
        if let awaited { timeout.awaited = awaited }
        timeout.progress = recordedKinds
        return ScenarioError(scenario: scenario, message: timeout.description)
    }

    /// The kinds recorded so far, for error messages: `recorded so far: script.message, http.request`.
    private var recordedKinds: String {
        let kinds = recorder.events.map(\.kind.description)
        return "recorded so far: " + (kinds.isEmpty ? "nothing" : kinds.joined(separator: ", "))
    }
}
