import HybridReplay
import HybridReplaySimulation
import HybridReplayReference

extension Scenario {
    /// Where the suite's events come from, written into each cassette's `recordedBy`.
    package static let engine = ReferenceContract.suiteEngine
    /// How long the simulated page takes to run a script the implementation
    /// evaluates, so a result follows its evaluation as it does in a browser.
    package static let scriptDuration: Duration = .milliseconds(3)

    /// Records the scenario: sets up the contract's reference implementation
    /// on a recorder wrapped around a fresh simulated platform, plays the
    /// drive, and returns the cassette's canonical bytes.
    ///
    /// Nothing in the bytes depends on when or where they were made: times
    /// come from a ``ManualClock`` that only the drive moves, the header
    /// names the tool's version and ``engine`` and no host or date, and the
    /// drive uses fixed identifiers. Recording an unchanged implementation
    /// again gives the same bytes.
    ///
    /// - Parameter patience: How long the drive waits in real time for an
    ///   effect or a request before it fails.
    /// - Returns: The canonical bytes of the cassette, checked as
    ///   `Recorder.write(to:)` checks them.
    /// - Throws: ``ScenarioError`` naming the scenario when the implementation
    ///   cannot be set up, the drive fails or waits in vain, the
    ///   implementation is still busy when the drive ends, or the recording
    ///   breaks a rule of the format.
    package func record(patience: Duration = ScenarioStage.defaultPatience) async throws(ScenarioError) -> [UInt8] {
        let clock = ManualClock()
        let page = SimulatedWebView { _, _ in
            clock.advance(by: Self.scriptDuration)
            return .success(.null)
        }
        let server = HeldHTTPTransport()
        // Expiry is checked against the suite's date, which the contract's loader counts Max-Age from,
        // so no cookie in the jar expires with the wall clock.
        let jar = InMemoryCookieStore(now: { ReferenceContract.suiteDate })
        for cookie in setting.cookies { jar.setCookie(cookie) }
        let device = SimulatedLocationManager(
            status: setting.authorization, accuracy: setting.accuracy, respondsToRequestsWith: nil)
        let custom = SimulatedCustomSeam()
        let live = Platform.simulated(
            webView: page, transport: server, cookieStore: jar, locationManager: device, custom: custom, clock: clock)
        let recorder = Recorder(
            name: name, description: description, contract: contract.name, redaction: redaction, clock: clock,
            engine: Self.engine)
        defer { server.failAll(with: HTTPTransportError("the scenario \(path) ended before answering")) }

        let subject: any Sendable
        do {
            subject = try await contract.setUp(recorder.platform(wrapping: live))
        } catch {
            throw failure("setting up the \(contract.name) reference implementation threw \(error)")
        }
        // A delegate set up there hears the authorization once the set-up has
        // returned; let it, so every scenario's drive starts from there.
        await device.settle()
        let stage = ScenarioStage(
            scenario: path, patience: patience, clock: clock, page: page, server: server, cookieJar: jar,
            device: device, custom: custom, recorder: recorder)
        do {
            try await drive(stage)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw failure("the drive threw \(error)")
        }
        try await checkFinished(stage)
        let bytes: [UInt8]
        do {
            bytes = try recorder.canonicalBytes(file: path)
        } catch {
            throw failure("the recording breaks the format: \(error)")
        }
        withExtendedLifetime(subject) {}
        return bytes
    }

    /// Checks that the session is over when the drive returns: no request
    /// left unanswered, no misuse of the page, and no effect still coming.
    ///
    /// An effect recorded after the drive returned would be in one
    /// recording and not the next; the drive must wait for it instead.
    private func checkFinished(_ stage: ScenarioStage) async throws(ScenarioError) {
        let unanswered = stage.server.unanswered
        guard unanswered.isEmpty else {
            throw failure(
                "the drive ended with requests unanswered: \(unanswered.map(\.description).joined(separator: ", ")); "
                    + "answer each with respond(to:after:with:)")
        }
        let misuses = stage.page.misuses
        guard misuses.isEmpty else {
            throw failure("the implementation misused the web view: \(misuses.joined(separator: "; "))")
        }
        let recorded = stage.recorder.events.count
        for _ in 0..<10 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(10))
        let late = stage.recorder.events.dropFirst(recorded)
        guard late.isEmpty else {
            throw failure(
                "events were still being recorded after the drive ended: "
                    + late.map { "\($0.id) \($0.kind)" }.joined(separator: ", ")
                    + "; wait for the last one with waitForEvents(_:count:) before the drive returns")
        }
    }

    private func failure(_ message: String) -> ScenarioError {
        ScenarioError(scenario: path, message: message)
    }
}
