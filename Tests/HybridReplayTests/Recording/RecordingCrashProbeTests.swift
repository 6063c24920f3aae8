#if os(Linux)
import Foundation
import Testing

import Glibc

/// The crash tests' `loop` probes write until they are killed; one whose test process
/// is killed must not write on for ever. On Linux a probe dies with the process that
/// started it. Neither test can hang when that breaks: each waits a bounded time for
/// the probe to go, then kills it, and waits for a process only once it has ended or
/// been killed.
@Suite("recording-crash-probe dies with its parent")
struct RecordingCrashProbeTests {
    /// Generous for a kernel's signal and a reaper under a sanitizer, small beside a hang.
    private static let patience: Duration = .seconds(30)

    /// Whether a process with this pid runs a probe whose command line names `file`
    /// (so a pid reused by another process never counts, and is never killed).
    private static func isRunningProbe(_ pid: Int32, writing file: URL) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
            stat[stat.index(after: open)..<close] == "recording-crash",  // the name, cut to 15 bytes
            let state = stat[stat.index(after: close)...].split(separator: " ").first,
            state != "Z", state != "X",
            let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
        else { return false }
        // Empty while the kernel is still inside the probe's exec, which a spawn does not wait out.
        return commandLine.isEmpty || commandLine.split(separator: 0).contains { Array($0) == Array(file.path.utf8) }
    }

    /// Polls until `condition` holds or `patience` has passed; whether it held.
    private static func within(_ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while !condition() {
            if clock.now >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    @Test("a loop whose parent exits is killed with it instead of writing on")
    func loopDiesWithItsParent() throws {
        let folder = try RecorderWritingCrashTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        // The check below sees a loop that runs, so "gone" is not a check that sees nothing.
        let watched = try RecorderWritingCrashTests.probeProcess(["loop", file.path, "1", "1000000000"])
        watched.standardOutput = FileHandle.nullDevice
        watched.standardError = FileHandle.nullDevice
        try watched.run()
        // Polled: a spawn returns while the kernel may still be inside the probe's exec.
        let seen = Self.within { Self.isRunningProbe(watched.processIdentifier, writing: file) }
        kill(watched.processIdentifier, SIGKILL)
        watched.waitUntilExit()
        #expect(seen, "a running loop was not seen")

        let printed = folder.appendingPathComponent("loop-pid.txt")
        _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
        let handle = try FileHandle(forWritingTo: printed)
        // The parent starts a loop, prints its pid and exits. It prints to a file, not a
        // pipe: a loop that outlived it would hold a pipe open and hang a read to its end.
        let parent = try RecorderWritingCrashTests.probeProcess(["orphan", file.path, "1", "1000000000"])
        parent.standardOutput = handle
        parent.standardError = FileHandle.nullDevice
        try parent.run()
        defer {
            // Its own child, not yet reaped: the pid is still the parent's to kill.
            if parent.isRunning { kill(parent.processIdentifier, SIGKILL) }
            parent.waitUntilExit()
        }
        defer { try? handle.close() }
        let parentExited = Self.within { !parent.isRunning }
        #expect(parentExited, "the parent was still running \(Self.patience) after it started")
        guard parentExited else { return }
        #expect(parent.terminationReason == .exit && parent.terminationStatus == 0, "the parent failed: \(parent.terminationStatus)")
        let text = String(decoding: try Data(contentsOf: printed), as: UTF8.self)
        let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), "the parent printed \(text.debugDescription)")
        defer { if Self.isRunningProbe(pid, writing: file) { kill(pid, SIGKILL) } }

        #expect(
            Self.within { !Self.isRunningProbe(pid, writing: file) },
            "the loop \(pid) was still writing \(Self.patience) after its parent exited")
    }

    @Test("a probe whose parent is gone before it can ask to die with it stops before writing")
    func probeStartedForAParentThatIsGoneStops() throws {
        let folder = try RecorderWritingCrashTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        // Told its parent is another process, as when the parent died and it was adopted.
        let probe = try RecorderWritingCrashTests.probeProcess(["loop", file.path, "1", "1000000000"], parent: getppid())
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        let pid = probe.processIdentifier
        defer {
            // Its own child, not yet reaped: the pid is still the probe's to kill.
            if probe.isRunning { kill(pid, SIGKILL) }
            probe.waitUntilExit()
        }

        let stopped = Self.within { !probe.isRunning }
        #expect(stopped, "the probe \(pid) was still writing \(Self.patience) after it started")
        guard stopped else { return }
        probe.waitUntilExit()
        #expect(probe.terminationReason == .uncaughtSignal && probe.terminationStatus == SIGKILL)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the probe wrote before it stopped")
    }

    @Test("a loop ends on SIGTERM, though the thread that started it blocks that signal")
    func loopEndsOnTerminate() throws {
        let folder = try RecorderWritingCrashTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        // This thread blocks SIGTERM for a spawned process to inherit, as Dispatch's workers do.
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &terminate, &before)
        let probe = try RecorderWritingCrashTests.probeProcess(["loop", file.path, "1", "1000000000"])
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        try probe.run()
        let pid = probe.processIdentifier
        defer {
            if probe.isRunning { kill(pid, SIGKILL) }
            probe.waitUntilExit()
        }
        // Once it writes, it is past its start, where it unblocks the signals.
        #expect(Self.within { FileManager.default.fileExists(atPath: file.path) }, "the loop wrote nothing")

        kill(pid, SIGTERM)

        let stopped = Self.within { !probe.isRunning }
        #expect(stopped, "the loop \(pid) was still writing \(Self.patience) after SIGTERM")
        guard stopped else { return }
        probe.waitUntilExit()
        #expect(probe.terminationReason == .uncaughtSignal && probe.terminationStatus == SIGTERM)
    }
}
#endif
