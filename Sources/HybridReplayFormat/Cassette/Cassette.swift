import Foundation

/// A recorded session: a header and the events, in the order they happened.
public struct Cassette: Sendable, Hashable {
    /// The format version this library writes; it reads every version from 1 up to this one.
    public static let currentFormatVersion = 2

    public var header: CassetteHeader
    public var events: [Event]

    public init(header: CassetteHeader, events: [Event] = []) {
        self.header = header
        self.events = events
    }

    /// The event with `id`, if there is one.
    public func event(withID id: Int) -> Event? {
        // Ids increase, so a binary search finds them in valid cassettes.
        var low = 0
        var high = events.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = events[middle].id
            if candidate == id { return events[middle] }
            if candidate < id { low = middle + 1 } else { high = middle - 1 }
        }
        return events.first { $0.id == id }
    }
}

/// What a cassette is, where it came from and what was removed from it.
public struct CassetteHeader: Sendable, Hashable {
    /// The version of the format the cassette is written in.
    public var formatVersion: Int
    /// A short name, such as `navigate-present`.
    public var name: String
    /// What the session does, in a sentence or two.
    public var description: String?
    /// The bridge contract the session exercises, such as `router` or
    /// `location-service`: what a conformance run replays it against.
    public var contract: String?
    /// The tool that produced the cassette.
    public var recordedBy: RecordingTool
    /// The redaction rules applied before the cassette was written, such as
    /// `header:Authorization`.
    public var redactions: [String]

    /// The wall-clock date at the recording's time 0, written when app code
    /// read ``Platform/wallClock``; a replay's wall clock starts there.
    public var recordedAt: Date?

    /// The fields whose values change from recording to recording, such as
    /// `script.message body.callbackId`: replay binds them and `cassette diff`
    /// takes a consistent renaming of them as no change. See ``VolatileField``.
    public var volatile: [VolatileField]

    public init(
        formatVersion: Int = Cassette.currentFormatVersion, name: String, description: String? = nil,
        contract: String? = nil, recordedBy: RecordingTool = .handWritten, redactions: [String] = [],
        recordedAt: Date? = nil, volatile: [VolatileField] = []
    ) {
        self.recordedAt = recordedAt
        self.volatile = volatile
        self.formatVersion = formatVersion
        self.name = name
        self.description = description
        self.contract = contract
        self.recordedBy = recordedBy
        self.redactions = redactions
    }
}

/// The tool, its version and the engine that produced a cassette.
public struct RecordingTool: Sendable, Hashable {
    /// The tool, such as `HybridReplay` or `hand-written`.
    public var tool: String
    /// The tool's version, when it has one.
    public var version: String?
    /// The engine events came from, such as `WebKitGTK 6.0` or `URLSession`.
    public var engine: String?

    public init(tool: String, version: String? = nil, engine: String? = nil) {
        self.tool = tool
        self.version = version
        self.engine = engine
    }

    /// A cassette typed by a person.
    public static let handWritten = RecordingTool(tool: "hand-written")

    /// What a replay did, written as a cassette (a report's trace, a failed
    /// test's `.actual.json`): the implementation's calls as it made them,
    /// a second reply or decision included.
    public static let replayTrace = RecordingTool(tool: "HybridReplay", engine: "replay")

    /// Whether this is ``replayTrace``'s: the cassette records what an
    /// implementation did, rules it broke included, not what a recording saw.
    public var writesReplayTrace: Bool { tool == Self.replayTrace.tool && engine == Self.replayTrace.engine }
}
