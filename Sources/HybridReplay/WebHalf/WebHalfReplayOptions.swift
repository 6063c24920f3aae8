/// How a web-half replay matches and how long it waits for the page.
public struct WebHalfReplayOptions: Sendable {
    /// The volatile values that bind instead of matching exactly, as in
    /// ``ReplayOptions/placeholders``; the fields the cassette declares
    /// volatile are added to them.
    public var placeholders: Placeholders
    /// How many times the cassette is replayed, each time into a fresh web view.
    public var repetitions: Int
    /// How long the replay waits for the page's next recorded message,
    /// navigation, dialog or result before it reports it missing.
    ///
    /// It counts only while the page could act: not while the engine loads
    /// the page (from the replay's load until the web view reports it
    /// finished or failed) or runs an evaluation the replay asked for, so a
    /// slow or crowded machine makes a replay longer, never a correct page
    /// fail. It starts afresh each time the engine falls idle and after each
    /// step the page takes. An engine waiting on the replay — for a
    /// navigation decision, a dialog's answer, the rest of a scheme task's
    /// answer — is idle. A web view that never reports its loads ending keeps
    /// the replay waiting until its task is cancelled, as by a test's time limit.
    public var patience: Duration
    /// The clock the patience runs on; a test's manual clock makes a missing
    /// step's report independent of the machine's speed.
    package var clock: any Clock<Duration> = ContinuousClock()

    public init(placeholders: Placeholders = .standard, repetitions: Int = 1, patience: Duration = .seconds(10)) {
        self.placeholders = placeholders
        self.repetitions = repetitions
        self.patience = patience
    }
}
