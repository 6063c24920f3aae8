import Foundation

/// When `replayCassette` records a cassette instead of only replaying it.
///
/// Recording is never the default: a test replays its cassette unless the
/// `HYBRIDREPLAY_RECORD` environment variable, a ``CassetteTrait`` or the
/// call itself asks for more, and never records at all when `CI` is set.
///
/// ```sh
/// HYBRIDREPLAY_RECORD=missing swift test --filter RouterTests
/// ```
public struct RecordMode: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, CaseIterable {
        case all, failed, missing, never
    }

    private let storage: Storage

    private init(_ storage: Storage) { self.storage = storage }

    /// Records every cassette, overwriting those already there.
    public static let all = RecordMode(.all)
    /// Replays, and re-records the cassettes whose replay fails or that are missing.
    public static let failed = RecordMode(.failed)
    /// Records the cassettes that are missing and replays the rest.
    public static let missing = RecordMode(.missing)
    /// Only replays; a missing cassette is a failure. The default, and the only mode on CI.
    public static let never = RecordMode(.never)

    /// The environment variable the mode is read from.
    public static let environmentVariable = "HYBRIDREPLAY_RECORD"

    /// The values ``init(parsing:)`` accepts, in the order error messages list them.
    public static let validValues: [String] = Storage.allCases.map(\.rawValue)

    /// Reads a mode from its name: `all`, `failed`, `missing` or `never`.
    ///
    /// Case and surrounding whitespace are ignored, so `Missing` and `ALL`
    /// work as typed on a command line; anything else is refused rather than
    /// guessed at, because a mistyped mode must not silently replay or record.
    ///
    /// - Parameter text: The mode's name.
    /// - Throws: ``RecordModeError`` listing the valid values.
    public init(parsing text: String) throws(RecordModeError) {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let storage = Storage(rawValue: name) else {
            throw RecordModeError(value: text, variable: nil)
        }
        self.storage = storage
    }

    /// The mode `environment` asks for.
    ///
    /// `HYBRIDREPLAY_RECORD` unset or empty means ``never``. When `CI` is set
    /// to anything non-empty the mode is always ``never``, whatever
    /// `HYBRIDREPLAY_RECORD` says, so a CI run can only verify cassettes.
    ///
    /// - Parameter environment: The environment variables; the process's by default.
    /// - Returns: The mode.
    /// - Throws: ``RecordModeError`` when `HYBRIDREPLAY_RECORD` holds something
    ///   other than a valid value.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RecordModeError) -> RecordMode {
        if isCI(environment) { return .never }
        guard let value = environment[environmentVariable],
            !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return .never }
        do {
            return try RecordMode(parsing: value)
        } catch {
            throw RecordModeError(value: value, variable: environmentVariable)
        }
    }

    /// Whether `environment` says the tests run on CI.
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !value.isEmpty
    }

    public var description: String { storage.rawValue }
}

/// A record mode that is not one of `all`, `failed`, `missing` or `never`.
public struct RecordModeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was refused.
    public var value: String
    /// The environment variable it came from, when it came from one.
    public var variable: String?

    public init(value: String, variable: String?) {
        self.value = value
        self.variable = variable
    }

    public var description: String {
        let source = variable.map { "\($0)=\(value)" } ?? "'\(value)'"
        let valid = RecordMode.validValues.joined(separator: ", ")
        return "\(source) is not a record mode; use one of: \(valid) (for example "
            + "\(RecordMode.environmentVariable)=missing swift test --filter <test>)"
    }
}
