import HybridReplay
import HybridReplaySimulation

/// How to record a cassette for real: the live or simulated seams, and the
/// stimuli that drive them.
///
/// `replayCassette` records only when the record mode asks for it, and then
/// hands the implementation a recording platform wrapping ``platform``, runs
/// ``drive`` and writes what happened.
///
/// ```swift
/// let page = SimulatedWebView()
/// let session = RecordingSession(platform: .simulated(webView: page)) {
///     _ = try await page.navigate(NavigationAction(url: "navigate://present?r=255&g=255&b=0"))
/// }
/// await replayCassette("present-yellow", recording: session) { Router(platform: $0) }
/// ```
///
/// A drive that must wait for effects the implementation makes in tasks of
/// its own takes the recorder, and waits on it instead of polling, for the
/// last event of the reaction — here the page's result of the evaluation,
/// recorded after the evaluation itself: a drive that ends at the
/// evaluation may write the cassette before the result is recorded.
///
/// ```swift
/// RecordingSession(platform: .simulated(webView: page, clock: clock)) { recorder in
///     try page.postMessage("hello", to: "nativeProcess")
///     try await recorder.waitForEvents(JavaScriptResult.eventKind)
/// }
/// ```
///
/// A real engine is made only when a recording runs, so a test that
/// replays its committed cassette needs no engine, no display and no Xvfb:
///
/// ```swift
/// RecordingSession(engine: "WebKitGTK 6.0") {
///     try await WebKitGTKWebView()
/// } platform: { webView in
///     .live(webView)
/// } drive: { webView, recorder in
///     webView.loadHTML(page, baseURL: "https://app.example/")
///     try await recorder.waitForEvents(JavaScriptResult.eventKind)
/// }
/// ```
public struct RecordingSession: Sendable {
    /// Makes the seams the implementation talks to while recording, and the
    /// drive over them; called only when a recording runs.
    let start: @Sendable () async throws -> Started
    /// What the session does, written in the cassette.
    public var description: String?
    /// The bridge contract it exercises, written in the cassette.
    public var contract: String?
    /// What to hide before anything is written.
    public var redaction: Redaction
    /// Where the events come from, such as `WebKitGTK 6.0`, written in the cassette.
    public var engine: String?
    /// The fields whose values change from recording to recording, such as
    /// `script.message body.callbackId`, written in the cassette's `volatile`
    /// header so replay binds them and `cassette diff` ignores their renaming.
    public var volatile: [VolatileField] = []
    /// How the command that records this session is run, which every
    /// re-record hint prints: under `xvfb-run -a` when ``engine`` names
    /// WebKitGTK, which needs a display to record; as it is otherwise.
    public var launcher: RecordingLauncher {
        get { chosenLauncher ?? RecordingLauncher.suited(to: engine) }
        set { chosenLauncher = newValue }
    }
    /// The launcher set in place of the one ``engine`` suggests.
    private var chosenLauncher: RecordingLauncher?

    /// The seams a recording runs on, and the drive that plays the outside world.
    struct Started {
        var platform: Platform
        var drive: @Sendable (Recorder) async throws -> Void
    }

    /// Describes how to record: on which seams, and driven how.
    ///
    /// - Parameters:
    ///   - platform: The live or simulated seams; a simulated platform records on a
    ///     ``ManualClock`` unless given another clock. A platform built with only
    ///     some seams (`Platform(transport:cookieStore:)`) is refused at writing
    ///     if the implementation touched one it lacks.
    ///   - description: What the session does.
    ///   - contract: The bridge contract it exercises.
    ///   - redaction: What to hide; ``Redaction/default`` hides cookies and credentials.
    ///   - engine: Where the events come from.
    ///   - drive: The stimuli, run once the implementation is set up, given the
    ///     recorder to wait on for the implementation's effects.
    public init(
        platform: Platform, description: String? = nil, contract: String? = nil, redaction: Redaction = .default,
        engine: String? = nil, drive: @escaping @Sendable (Recorder) async throws -> Void
    ) {
        self.init(
            description: description, contract: contract, redaction: redaction, engine: engine,
            start: { Started(platform: platform, drive: drive) })
    }

    /// Describes how to record on seams made only when a recording runs,
    /// such as around a real engine that needs a display: a test that
    /// replays its committed cassette makes nothing.
    ///
    /// - Parameters:
    ///   - description: What the session does.
    ///   - contract: The bridge contract it exercises.
    ///   - redaction: What to hide; ``Redaction/default`` hides cookies and credentials.
    ///   - engine: Where the events come from, such as `WebKitGTK 6.0`.
    ///   - make: Makes what the platform wraps, such as a `WebKitGTKWebView`;
    ///     what it throws fails the recording, and nothing is written.
    ///   - platform: The live or simulated seams around what `make` made.
    ///   - drive: The stimuli, run once the implementation is set up, given
    ///     what `make` made and the recorder to wait on.
    public init<Engine: Sendable>(
        description: String? = nil, contract: String? = nil, redaction: Redaction = .default, engine: String? = nil,
        making make: @escaping @Sendable () async throws -> Engine,
        platform: @escaping @Sendable (Engine) -> Platform,
        drive: @escaping @Sendable (Engine, Recorder) async throws -> Void
    ) {
        self.init(description: description, contract: contract, redaction: redaction, engine: engine) {
            let made = try await make()
            return Started(platform: platform(made)) { recorder in try await drive(made, recorder) }
        }
    }

    private init(
        description: String?, contract: String?, redaction: Redaction, engine: String?,
        start: @escaping @Sendable () async throws -> Started
    ) {
        self.start = start
        self.description = description
        self.contract = contract
        self.redaction = redaction
        self.engine = engine
    }

    /// Describes how to record a session whose drive waits for nothing but
    /// its own calls, such as navigations answered before they return.
    ///
    /// - Parameters:
    ///   - platform: The live or simulated seams.
    ///   - description: What the session does.
    ///   - contract: The bridge contract it exercises.
    ///   - redaction: What to hide; ``Redaction/default`` hides cookies and credentials.
    ///   - engine: Where the events come from.
    ///   - drive: The stimuli, run once the implementation is set up.
    public init(
        platform: Platform, description: String? = nil, contract: String? = nil, redaction: Redaction = .default,
        engine: String? = nil, drive: @escaping @Sendable () async throws -> Void
    ) {
        self.init(
            platform: platform, description: description, contract: contract, redaction: redaction, engine: engine
        ) { _ in try await drive() }
    }
}
