/// Brings events written in an older format version up to the current one.
///
/// Version 2 only adds kinds and fields to version 1: every version-1 event
/// reads unchanged as a version-2 event, so there is no step from version 1.
/// When a later version changes an event's shape, add a step here keyed by
/// the version it migrates from; the reader applies the steps in order to each
/// event's JSON before decoding it, sets the header to the current version,
/// and `cassette fmt` then writes the current version.
enum CassetteMigration {
    /// The oldest version the reader accepts.
    static let oldestSupportedVersion = 1

    /// Steps keyed by the version they migrate from, each producing the next version.
    static let steps: [Int: @Sendable (JSONValue) -> JSONValue] = [:]

    /// The version that added each kind after version 1, from each kind's
    /// description: a cassette of an older version that uses one is an
    /// error, because a reader of its version would refuse it.
    static let kindsAdded: [EventKind: Int] = Dictionary(
        uniqueKeysWithValues: PayloadRegistry.standardTypes.compactMap { type in
            type.formatVersion > oldestSupportedVersion ? (type.eventKind, type.formatVersion) : nil
        })

    /// A problem for an event of `kind` in a cassette of `version`, or `nil`.
    static func problem(forKind kind: EventKind, inVersion version: Int) -> String? {
        guard let added = kindsAdded[kind], added > version else { return nil }
        return "\(kind) needs format version \(added); this cassette is version \(version); set its 'formatVersion' to \(added)"
    }

    /// The event's JSON migrated from `version` to ``Cassette/currentFormatVersion``.
    static func migrate(_ event: JSONValue, from version: Int) -> JSONValue {
        var migrated = event
        for from in version..<Cassette.currentFormatVersion {
            if let step = steps[from] { migrated = step(migrated) }
        }
        return migrated
    }

    /// A problem for a version this library cannot read, or `nil`.
    static func problem(forVersion version: Int) -> String? {
        if version > Cassette.currentFormatVersion {
            return "cassette format version \(version) is newer than this HybridReplay reads (up to \(Cassette.currentFormatVersion)); update HybridReplay"
        }
        if version < oldestSupportedVersion {
            return "unknown cassette format version \(version); the first version is \(oldestSupportedVersion)"
        }
        return nil
    }
}
