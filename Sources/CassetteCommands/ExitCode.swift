/// The status `cassette`, `record-suite` and `cassette-bench` exit with, following `sysexits(3)`.
///
/// When a command meets several problems it exits with the highest status,
/// so a broken cassette (65) outweighs a formatting difference (1).
package struct ExitCode: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    package var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything went well.
    package static let success = ExitCode(rawValue: 0)
    /// A check ran and failed, such as `fmt --check` finding a cassette to
    /// rewrite or `verify` a replay that diverged.
    package static let checkFailed = ExitCode(rawValue: 1)
    /// The command line is wrong (`EX_USAGE`).
    package static let usageError = ExitCode(rawValue: 64)
    /// A cassette cannot be read as a cassette (`EX_DATAERR`).
    package static let dataError = ExitCode(rawValue: 65)
    /// A path does not exist or cannot be read (`EX_NOINPUT`).
    package static let noInput = ExitCode(rawValue: 66)
    /// Something went wrong inside the tool, such as a scenario that could not be recorded (`EX_SOFTWARE`).
    package static let softwareError = ExitCode(rawValue: 70)
    /// A service the command needs is not there, such as a real web engine (`EX_UNAVAILABLE`).
    package static let unavailable = ExitCode(rawValue: 69)
    /// A file cannot be written (`EX_CANTCREAT`).
    package static let cannotCreate = ExitCode(rawValue: 73)

    package static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

    package var description: String { String(rawValue) }
}
