import Foundation
import HybridReplay

/// The cassette a test declared with ``CassetteTrait``, which
/// `replayCassette` uses for whatever its call leaves out.
public struct CassetteScope: Sendable {
    /// The cassette's name; its file is `<directory>/<name>.json`.
    public var name: String
    /// The folder the cassette is in: absolute, or relative to the folder
    /// of the test file; `nil` for `Cassettes` next to the test file.
    public var directory: String?
    /// The record mode for this test in place of `HYBRIDREPLAY_RECORD`;
    /// `CI` still forces ``RecordMode/never``.
    public var record: RecordMode?
    /// How to replay, unless the call passes its own options.
    public var options: ReplayOptions?

    public init(name: String, directory: String? = nil, record: RecordMode? = nil, options: ReplayOptions? = nil) {
        self.name = name
        self.directory = directory
        self.record = record
        self.options = options
    }

    /// The scope of the running test, set by its ``CassetteTrait``.
    @TaskLocal package static var current: CassetteScope?
}
