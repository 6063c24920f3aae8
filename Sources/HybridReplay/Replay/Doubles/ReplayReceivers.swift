/// What app code registered with a replay's doubles — its handlers and
/// delegates — and the authorization the location double reports, behind a
/// lock of their own.
///
/// The doubles write it; the engine reads it when it delivers a stimulus,
/// and sets the authorization when it delivers a change of it. Neither holds
/// this lock and the engine's together.
final class ReplayReceivers: Sendable {
    struct Table {
        var scriptHandlers: [ScriptHandlerKey: any ScriptMessageHandler] = [:]
        var replyHandlers: [ScriptHandlerKey: any ScriptMessageHandlerWithReply] = [:]
        var navigationDelegate: (any NavigationDelegate)?
        var uiDelegate: (any UIDelegate)?
        /// What the web view's `url` reads: moved by the loads app code asks
        /// for and by the navigation steps delivered, as in the recording.
        var webViewURL = WebViewURLState()
        var locationDelegate: (any LocationManagerDelegate)?
        var customHandlers = CustomHandlerTable()
        /// The scheme handlers, by lowercased scheme.
        var schemeHandlers: [String: any URLSchemeHandler] = [:]
        /// The task handed to a scheme handler for each delivered `scheme.request`, by its id.
        var schemeTasks: [Int: ReplayURLSchemeTask] = [:]
        /// The device's authorization: the one it had before the session, then
        /// the one a new delegate is about to hear, or the last change delivered.
        var locationStatus = AuthorizationStatus.notDetermined
        /// The accuracy authorization that came with ``locationStatus``.
        var locationAccuracy: AccuracyAuthorization?
        /// The location manager the location delegate was set on, handed to
        /// its callbacks (`locationManagerDidChangeAuthorization(_:)`); weak,
        /// since the manager holds the engine.
        weak var locationManager: ReplayLocationManager?
        /// The web view the delegates were set on, handed to their callbacks
        /// (`webView(_:didFinish:)`); weak, since the web view holds the engine.
        weak var webView: ReplayWebView?

        /// The web view the navigation or UI delegate was set on (one of
        /// `engine`'s, should the app have let go of it).
        func delegatesWebView(_ engine: ReplayEngine) -> any WebView { webView ?? ReplayWebView(engine: engine) }

        /// The location manager the location delegate was set on (one of
        /// `engine`'s, should the app have let go of it).
        func delegatesLocationManager(_ engine: ReplayEngine) -> any LocationManager {
            locationManager ?? ReplayLocationManager(engine: engine)
        }
    }

    private let table: Locked<Table>

    /// - Parameters:
    ///   - locationStatus: The authorization the device had before the session.
    ///   - locationAccuracy: The accuracy authorization it had.
    init(locationStatus: AuthorizationStatus, locationAccuracy: AccuracyAuthorization? = nil) {
        var table = Table()
        table.locationStatus = locationStatus
        table.locationAccuracy = locationAccuracy
        self.table = Locked(table)
    }

    /// What is registered now.
    var current: Table { table.current }

    /// The authorization the location double reports.
    var locationStatus: AuthorizationStatus { table.withLock { $0.locationStatus } }

    /// The accuracy authorization the location double reports.
    var locationAccuracy: AccuracyAuthorization? { table.withLock { $0.locationAccuracy } }

    /// Notes an authorization delivered, or about to be heard by a new delegate.
    func noteLocationAuthorization(_ change: LocationAuthorizationChange) {
        table.withLock {
            $0.locationStatus = change.status
            $0.locationAccuracy = change.accuracy
        }
    }

    func update(_ change: (inout Table) -> Void) { table.withLock(change) }
}
