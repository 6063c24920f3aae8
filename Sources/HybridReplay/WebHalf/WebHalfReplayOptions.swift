/// How a web-half replay matches and how long it waits for the page.
public struct WebHalfReplayOptions: Sendable {
    /// The volatile values that bind instead of matching exactly, as in
    /// ``ReplayOptions/placeholders``; the fields the cassette declares
    /// volatile are added to them.
    public var placeholders: Placeholders
    /// How many times the cassette is replayed, each time into a fresh web view.
    public var repetitions: Int
    /// How long the replay waits for the page's next recorded message,
    /// navigation, dialog or result before it reports it missing. A real
    /// engine runs on its own clock, so this is wall-clock time; a page that
    /// behaves as recorded never waits it out.
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
