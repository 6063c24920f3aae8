import Foundation

/// The environment variables `replayCassette` reads its record mode from.
enum RecordEnvironment {
    /// Replaces the process's environment for the current task, so tests of
    /// record modes never mutate the environment other tests read.
    @TaskLocal static var override: [String: String]?

    /// The environment in effect for the current task.
    static var current: [String: String] { override ?? ProcessInfo.processInfo.environment }

    /// The mode a call runs in, and how a user would turn it off again.
    ///
    /// `CI` forces ``RecordMode/never`` over everything; otherwise a mode the
    /// call or trait sets wins over `HYBRIDREPLAY_RECORD`.
    /// Whether the tests run under Xcode or `xcodebuild`, which set these for the test runner.
    ///
    /// Xcode passes the runner only variables prefixed `TEST_RUNNER_` (the
    /// prefix removed) or set in the scheme or test plan, so a re-record
    /// command for Xcode is spelled differently.
    static func isXcode(_ environment: [String: String]) -> Bool {
        environment["XCTestConfigurationFilePath"] != nil || environment["XCTestSessionIdentifier"] != nil
    }

    static func mode(override: RecordMode?, environment: [String: String]) throws(RecordModeError)
        -> (mode: RecordMode, setting: String)
    {
        if RecordMode.isCI(environment) { return (.never, "CI") }
        if let override { return (override, "record: .\(override)") }
        return (try RecordMode.fromEnvironment(environment), RecordMode.environmentVariable)
    }
}
