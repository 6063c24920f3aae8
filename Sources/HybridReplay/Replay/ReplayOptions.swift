/// How a replay matches, orders and waits.
public struct ReplayOptions: Sendable {
    /// Which values are volatile and bind rather than match exactly.
    public var placeholders: Placeholders = .standard
    /// How strictly effects of one cause must keep their recorded order, by channel.
    public var ordering: [Channel: EffectOrdering] = [:]
    /// How many times to replay, each against a freshly built implementation;
    /// every run must pass.
    public var repetitions: Int = 1
    /// The longest real time to wait for an effect that is due before
    /// reporting it missing. It is the only real-time wait of a replay and
    /// passes only when something is missing or the implementation is busy.
    public var stallTimeout: Duration = .seconds(2)
    /// The real time with no activity after which the implementation counts
    /// as idle, before the virtual clock moves and at the end of a replay.
    public var quietPeriod: Duration = .milliseconds(5)
    /// The real time with no activity after the last expected event before
    /// the replay ends; `nil` for ``quietPeriod``.
    ///
    /// An effect, a second decision or a second reply that comes later than
    /// this from work the implementation started on its own is kept in the
    /// trace but not judged. Conformance runs lengthen it (`cassette verify`
    /// waits 100 ms) to catch an implementation that decides or settles a
    /// second time a little later.
    public var trailingQuietPeriod: Duration?
    /// The command that re-records the cassette, shown in failure reports.
    public var recordCommand: String?

    public init(
        placeholders: Placeholders = .standard, ordering: [Channel: EffectOrdering] = [:], repetitions: Int = 1,
        stallTimeout: Duration = .seconds(2), quietPeriod: Duration = .milliseconds(5),
        trailingQuietPeriod: Duration? = nil, recordCommand: String? = nil
    ) {
        self.placeholders = placeholders
        self.ordering = ordering
        self.repetitions = repetitions
        self.stallTimeout = stallTimeout
        self.quietPeriod = quietPeriod
        self.trailingQuietPeriod = trailingQuietPeriod
        self.recordCommand = recordCommand
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
