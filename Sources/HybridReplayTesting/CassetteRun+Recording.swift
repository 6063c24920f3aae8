import Foundation
import HybridReplay
import HybridReplayRuntimeWatch

extension CassetteRun {
    /// Why a cassette is being recorded, which the "recorded" message says.
    enum RecordingReason {
        /// There was no file.
        case absent
        /// The mode records every cassette.
        case overwriting
        /// The replay failed and the mode re-records failures.
        case failing
    }

    /// Records the cassette with the test's ``RecordingSession`` and writes it.
    ///
    /// Even a recording that succeeds fails the test: a run that recorded
    /// has verified nothing, and must not look like one that did.
    ///
    /// - Returns: The failures: the "recorded" notice, or why nothing was written.
    func record<Subject>(_ setUp: (Platform) async throws -> Subject, reason: RecordingReason) async -> [CassetteFailure] {
        guard let session = recording else {
            return [
                CassetteFailure(
                    message: "\(path): cannot record '\(name)' (record mode \(mode)): "
                        + "replayCassette needs a RecordingSession to record; pass "
                        + "`recording: RecordingSession(platform: …) { … }` with the live or simulated platform "
                        + "and the stimuli that drive it, then run \(command(mode: mode))")
            ]
        }
        let recorder: Recorder
        do {
            // Made only now: a replay of the committed cassette needs no engine and no display.
            let started = try await session.start()
            recorder = Recorder(
                name: name, description: session.description, contract: session.contract, redaction: session.redaction,
                clock: started.platform.clock, engine: session.engine, volatile: session.volatile)
            // The runtime watch lets the recorder see work handed off around a delivery (RecordingOrder).
            // A main queue blocked for good would hang the recording with no report: the watch ends the process with one.
            try await MainQueueWatch.shared.recording(name, options: options) {
                try await RuntimeWatchInstallation.during {
                    // What the set-up starts (a consumer task in an init) is followed as a delivery's work is.
                    let platform = recorder.platform(wrapping: started.platform)
                    let subject = try await RecordedJobs.followingSetUp(of: recorder) { try await setUp(platform) }
                    // The drive starts once the set-up's hops have run, whatever the machine's speed.
                    try await recorder.waitUntilSetUpSettles()
                    try await started.drive(recorder)
                    withExtendedLifetime(subject) {}
                }
            }
        } catch {
            return [
                CassetteFailure(
                    message: "\(path): recording '\(name)' failed, so nothing was written: \(error); "
                        + "fix the implementation or the RecordingSession's drive, then run \(command(mode: mode))")
            ]
        }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            return [
                CassetteFailure(
                    message: "\(path): error: cannot create the folder for the recording: \(error.localizedDescription)")
            ]
        }
        do {
            try recorder.write(to: file)
        } catch {
            return [CassetteFailure(message: error.description)]
        }
        return [CassetteFailure(message: recordedMessage(reason, events: recorder.events.count))] + secretWarnings()
    }

    /// What `cassette lint` would warn about in the file just written: a
    /// likely secret the session's redaction did not hide, with its line and
    /// column, so it is seen before the cassette is committed.
    private func secretWarnings() -> [CassetteFailure] {
        CassetteReader().lint(contentsOf: file, displayPath: path).map { diagnostic in
            CassetteFailure(
                message: "\(diagnostic.description) (add a rule to the RecordingSession's redaction, "
                    + "such as `.default + .jsonField(\"name\")`, see docs/secrets.md, then run \(command(mode: .all)))")
        }
    }

    private func recordedMessage(_ reason: RecordingReason, events: Int) -> String {
        let count = events == 1 ? "1 event" : "\(events) events"
        let what: String
        switch reason {
        case .absent: what = "recorded \(path) (\(count))"
        case .overwriting: what = "re-recorded \(path) (\(count)), overwriting the cassette that was there"
        case .failing: what = "re-recorded \(path) (\(count)) because its replay failed"
        }
        return "\(what); run the test again without \(modeSetting) to verify it"
    }

    /// The failure for a cassette that is not there and will not be recorded.
    func missingFailure() -> CassetteFailure {
        guard isRecordable else { return CassetteFailure(message: "\(path): error: no cassette '\(name)'") }
        guard !isCI else {
            return CassetteFailure(
                message: "\(path): error: no cassette '\(name)'; CI is set, so it is not recorded here. "
                    + "Record it locally and commit it: \(command(mode: .missing))")
        }
        let missing = "\(path): error: no cassette '\(name)'"
        guard recording != nil else {
            return CassetteFailure(
                message: missing + "; this test only replays (replayCassette was given no RecordingSession), so it cannot "
                    + "record it: record it with the test that has its RecordingSession, or pass this call "
                    + "`recording: RecordingSession(platform: …) { … }` and run \(command(mode: .missing))")
        }
        guard !modeSetting.hasPrefix("record:") else {
            // The call's mode (or its test's .cassette trait's) wins over the environment's.
            return CassetteFailure(
                message: missing + "; the call says \(modeSetting), which the environment cannot override, so it is "
                    + "not recorded here: take out \(modeSetting), then run \(command(mode: .missing))")
        }
        return CassetteFailure(message: missing + ". Record it with: \(command(mode: .missing))")
    }
}
