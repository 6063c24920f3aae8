/// How a replay matches, orders and waits.
public struct ReplayOptions: Sendable {
    /// Which values are volatile and bind rather than match exactly.
    public var placeholders: Placeholders = .standard
    /// How strictly effects of one cause must keep their recorded order, by channel.
    public var ordering: [Channel: EffectOrdering] = [:]
    /// How many times to replay, each against a freshly built implementation;
    /// every run must pass.
    public var repetitions: Int = 1
    /// The longest real time to wait for the implementation to go idle, or,
    /// with an effect still due, to finish.
    ///
    /// A replay knows when work started from the seams is over, so this
    /// passes only while work it cannot see keeps going (`Task.detached`,
    /// Dispatch, threads, or a task waiting on them), or while part of the
    /// implementation waits on the replay and an effect is missing — the
    /// replay cannot tell whether a sibling task of that work still runs, so
    /// it reports the effect only after this. It is an upper bound, never a
    /// window that a passing replay waits out. In a process that runs
    /// ThreadSanitizer, which makes all code several times slower, it counts
    /// ten times as long.
    public var stallTimeout: Duration = .seconds(2)
    /// The command that re-records the cassette, shown in failure reports.
    public var recordCommand: String?
    /// When a missing effect waits, within ``stallTimeout``, for work the replay cannot see.
    public var unseenWork: UnseenWorkPolicy = .detected
    /// Whether the bytes of files the app serves from its bundle through a
    /// URL scheme handler are checked, or only their heads; see ``ServedFilesPolicy``.
    public var servedFiles: ServedFilesPolicy = .shapeOnly

    /// The secrets the test itself gives the implementation, by the number of
    /// the placeholder that stands for each in the cassette: `[1: token]`
    /// says `[REDACTED:1]` is `token`.
    ///
    /// A placeholder binds to whatever value first appears where it was
    /// recorded, so without this an implementation that sends a stale,
    /// hard-coded credential instead of the one it was given replays green.
    /// A declared placeholder matches only its value, and a stimulus that
    /// carries it is played back with it. The values stay in the test, never
    /// in the cassette, and a failed report hides them.
    public var secrets: [Int: String] {
        get { placeholders.secrets }
        set { placeholders.secrets = newValue }
    }

    public init(
        placeholders: Placeholders = .standard, ordering: [Channel: EffectOrdering] = [:], repetitions: Int = 1,
        stallTimeout: Duration = .seconds(2), recordCommand: String? = nil, unseenWork: UnseenWorkPolicy = .detected
    ) {
        self.placeholders = placeholders
        self.ordering = ordering
        self.repetitions = repetitions
        self.stallTimeout = stallTimeout
        self.recordCommand = recordCommand
        self.unseenWork = unseenWork
    }

    /// The ordering policy for `channel`.
    public func ordering(for channel: Channel) -> EffectOrdering { ordering[channel] ?? .recorded }
}

/// Whether the effects of one cause must happen in their recorded order.
///
/// Effects of different causes may always interleave.
public struct EffectOrdering: Sendable, Hashable, CustomStringConvertible {
    private var name: String

    /// Effects of one cause happen in recorded order (the default).
    public static let recorded = EffectOrdering(name: "recorded")
    /// Effects of one cause may happen in any order.
    public static let unordered = EffectOrdering(name: "unordered")

    public var description: String { name }
}
