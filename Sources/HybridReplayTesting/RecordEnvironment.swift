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
    static func mode(override: RecordMode?, environment: [String: String]) throws(RecordModeError)
        -> (mode: RecordMode, setting: String)
    {
        if RecordMode.isCI(environment) { return (.never, "CI") }
        if let override { return (override, "record: .\(override)") }
        return (try RecordMode.fromEnvironment(environment), RecordMode.environmentVariable)
    }
}
