extension ReplayIssue {
    /// What the implementation was doing when the replay judged a recorded
    /// effect missing: idle, or still busy with work the replay cannot see.
    public struct Stall: Sendable, Hashable {
        /// Whether the implementation was still busy, with work the replay
        /// cannot see, after the stall timeout; otherwise it went idle.
        public var wasBusy: Bool
        /// Where the cassette's clock stood.
        public var clock: Duration
        /// The deadline the earliest sleeper on the replay clock waited for, when one did.
        public var sleeperDeadline: Duration?
        /// How many effects came from work the replay cannot see, when it was busy.
        public var untrackedEffects: Int
        /// The first of them, in one line.
        public var firstUntrackedEffect: String?
        /// Whether the replay waited the stall timeout for work it cannot see before judging.
        public var waitedForUnseenWork: Bool
        /// The work it could not see, in one line, when the run handed it some;
        /// `nil` with ``waitedForUnseenWork`` when ``UnseenWorkPolicy/expected`` made it wait.
        public var unseenWork: String?
        /// Whether part of the implementation still waited on the replay when it judged.
        public var stillWaitedOnReplay: Bool
        /// How many blocks the implementation handed to `DispatchQueue.asyncAfter`
        /// (seen on Linux, in a replay under the runtime watch), which run in real time: the watch held them until the run was over.
        public var delayedBlocks: Int
        /// The stall timeout of the replay's options.
        public var stallTimeout: Duration
        /// When it was busy: how many pieces of work the replay tracks (what
        /// a handler, a delegate or the set-up ran, and the tasks they
        /// started) had neither ended nor waited on the replay, such as a
        /// task in a `Task.sleep` of real time.
        public var busyTrackedWork: Int
        /// When a sleeper on the replay clock waited past it: the time on the
        /// cassette's clock at which the recording has the missing effect (a
        /// delay longer than recorded, such as a backoff, keeps it from coming).
        public var recordedAt: Duration?
        /// When it was not busy: how many pieces of work the replay tracks,
        /// besides tasks asleep in real time (``sleepsInRealTime``),
        /// had neither ended nor waited on the replay, with nothing of theirs
        /// on its way (seen on Linux, in a replay under the runtime watch): a
        /// task suspended in `for await` over a stream of the app's, or on a
        /// continuation nothing resumes. Only something the replay sends could
        /// wake them, so the replay judged without waiting the stall timeout.
        public var parkedWork: Int
        /// Of ``parkedWork``: how many tasks were asleep in real time
        /// (`Task.sleep` on any clock but the platform's), held on the replay's
        /// clock until their deadlines (seen on Linux, in a replay under the runtime watch).
        public var sleepsInRealTime: Int
        /// How many blocks the implementation handed to `DispatchQueue.asyncAfter`
        /// were held on the replay's clock until their deadlines (seen on
        /// Linux, in a replay under the runtime watch).
        public var delayedBlocksOnClock: Int

        package init(
            wasBusy: Bool, clock: Duration, sleeperDeadline: Duration?, untrackedEffects: Int,
            firstUntrackedEffect: String?, waitedForUnseenWork: Bool, unseenWork: String?, stillWaitedOnReplay: Bool,
            stallTimeout: Duration, delayedBlocks: Int = 0, busyTrackedWork: Int = 0, parkedWork: Int = 0,
            sleepsInRealTime: Int = 0, delayedBlocksOnClock: Int = 0
        ) {
            self.sleepsInRealTime = sleepsInRealTime
            self.delayedBlocksOnClock = delayedBlocksOnClock
            self.busyTrackedWork = busyTrackedWork
            self.parkedWork = parkedWork
            self.wasBusy = wasBusy
            self.clock = clock
            self.sleeperDeadline = sleeperDeadline
            self.untrackedEffects = untrackedEffects
            self.firstUntrackedEffect = firstUntrackedEffect
            self.waitedForUnseenWork = waitedForUnseenWork
            self.unseenWork = unseenWork
            self.stillWaitedOnReplay = stillWaitedOnReplay
            self.stallTimeout = stallTimeout
            self.delayedBlocks = delayedBlocks
        }
    }
}
