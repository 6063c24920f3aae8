/// How the command that records a session is run: as it is, or under a
/// virtual display for an engine that needs one to record, such as WebKitGTK.
///
/// Every re-record hint a failure prints — a missing cassette, a replay
/// that failed, a recording that threw — is the `swift test` command run
/// this way, so the hint is a command that works:
/// `HYBRIDREPLAY_RECORD=failed xvfb-run -a swift test --filter '…'`.
/// Replaying needs no display; only recording does.
public struct RecordingLauncher: Sendable, Hashable, CustomStringConvertible {
    /// The words before the command, such as `xvfb-run -a`; empty to run it as it is.
    private let prefix: String

    private init(prefix: String) { self.prefix = prefix }

    /// The command as it is.
    public static let direct = RecordingLauncher(prefix: "")

    /// Under Xvfb (`xvfb-run -a`, from the `xvfb` and `xauth` packages), for
    /// an engine that needs a display to record, such as WebKitGTK.
    public static let virtualDisplay = RecordingLauncher(prefix: "xvfb-run -a")

    /// Under `prefix`, such as a script of your own that sets up the
    /// engine's environment (`Scripts/with-webkitgtk`).
    public static func custom(_ prefix: String) -> RecordingLauncher { RecordingLauncher(prefix: prefix) }

    /// What a session recording on `engine` needs: a virtual display for
    /// WebKitGTK, nothing for any other engine or none.
    static func suited(to engine: String?) -> RecordingLauncher {
        engine?.localizedCaseInsensitiveContains("WebKitGTK") == true ? .virtualDisplay : .direct
    }

    /// `command` run this way.
    func command(_ command: String) -> String {
        guard !prefix.isEmpty else { return command }
        // The record-mode variable stays in front, where the shell reads it for the whole line.
        guard let space = command.firstIndex(of: " "), command[..<space].contains("=") else {
            return "\(prefix) \(command)"
        }
        return "\(command[..<space]) \(prefix)\(command[space...])"
    }

    public var description: String { prefix.isEmpty ? "direct" : prefix }
}
