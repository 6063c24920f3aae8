import Foundation

/// Which sessions an app records and where it writes them, read from the
/// app's launch environment.
///
/// Nothing is recorded unless ``recordVariable`` names the session. A UI
/// test sets it through `XCUIApplication.launchEnvironment` (see
/// ``launchEnvironment(recording:directory:from:)``); a developer sets it in
/// the Xcode scheme's Run ▸ Arguments ▸ Environment Variables.
///
/// ```sh
/// HYBRIDREPLAY_APP_RECORD=promise-screen,router-screen   # or * for every session
/// HYBRIDREPLAY_APP_CASSETTES=/absolute/folder            # default: Documents/Cassettes
/// ```
public struct AppRecordingSettings: Sendable, Hashable {
    /// The variable naming the sessions to record, separated by commas; `*` records every session.
    public static let recordVariable = "HYBRIDREPLAY_APP_RECORD"
    /// The variable holding the absolute path of the folder cassettes are written to.
    public static let directoryVariable = "HYBRIDREPLAY_APP_CASSETTES"

    /// The sessions to record; `*` stands for all.
    public var sessions: Set<String>
    /// The folder cassettes are written to; `nil` when the environment names
    /// none and the system has no documents folder.
    public var directory: URL?
    /// Whether `CI` is set (non-empty) in the environment.
    public var isCI: Bool

    public init(sessions: Set<String>, directory: URL?, isCI: Bool = false) {
        self.sessions = sessions
        self.directory = directory
        self.isCI = isCI
    }

    /// Whether the session called `name` is to be recorded.
    public func records(_ name: String) -> Bool {
        sessions.contains("*") || sessions.contains(name)
    }

    /// `Documents/Cassettes` in the app's container, where
    /// `xcrun simctl get_app_container booted <bundle id> data` and Xcode's
    /// Download Container find it; `nil` when the system names no documents folder.
    public static var defaultDirectory: URL? {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first?
            .appendingPathComponent("Cassettes", isDirectory: true)
    }

    /// Reads the settings from `environment`.
    ///
    /// - Parameters:
    ///   - environment: The launch environment; the process's by default.
    ///   - defaultDirectory: The folder when ``directoryVariable`` is unset; ``defaultDirectory`` by default.
    /// - Returns: The settings; no session is recorded when ``recordVariable`` is unset or empty.
    /// - Throws: ``AppRecordingError`` when ``directoryVariable`` is not an absolute path.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        defaultDirectory: URL? = AppRecordingSettings.defaultDirectory
    ) throws(AppRecordingError) -> AppRecordingSettings {
        let sessions = Set(
            (environment[recordVariable] ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        let isCI = !(environment["CI"] ?? "").isEmpty
        var directory = defaultDirectory
        if let path = environment[directoryVariable], !path.isEmpty {
            guard path.hasPrefix("/") else {
                throw AppRecordingError(
                    .invalidDirectory, session: nil, file: path,
                    problems: ["\(directoryVariable)=\(path) is not an absolute path; give the folder as /…"])
            }
            directory = URL(fileURLWithPath: path, isDirectory: true)
        }
        return AppRecordingSettings(sessions: sessions, directory: directory, isCI: isCI)
    }

    /// The variables a UI test adds to the app's launch environment to record
    /// `sessions`, carrying `CI` over from the test's own environment so that
    /// the app refuses to record on CI as the test would.
    ///
    /// - Parameters:
    ///   - sessions: The sessions to record, such as `["promise-screen"]`.
    ///   - directory: The folder the app writes to, as an absolute path; the app's `Documents/Cassettes` when `nil`.
    ///   - environment: The test's environment, for `CI`; the process's by default.
    /// - Returns: The variables to merge into `launchEnvironment`.
    public static func launchEnvironment(
        recording sessions: [String], directory: String? = nil,
        from environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        var variables = [recordVariable: sessions.joined(separator: ",")]
        if let directory { variables[directoryVariable] = directory }
        if let ci = environment["CI"], !ci.isEmpty { variables["CI"] = ci }
        return variables
    }
}
