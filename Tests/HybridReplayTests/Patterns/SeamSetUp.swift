import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import Testing

/// One row of the set-up matrix: which seam app code sets a receiver on,
/// when it sets it, and how it gets to the main actor to do so.
struct SeamSetUp: Sendable, Hashable, CustomTestStringConvertible {
    /// The seams app code sets a handler or delegate on.
    enum Seam: String, CaseIterable, Sendable {
        case navigationDelegate = "navigation delegate"
        /// A confirm dialog, then a `target="_blank"` window.
        case uiDelegate = "UI delegate"
        case scriptHandler = "script handler"
        case replyHandler = "script handler with reply"
        case schemeHandler = "URL scheme handler"
        case customHandler = "custom handler"
    }

    /// When app code sets the receiver.
    enum Time: String, CaseIterable, Sendable {
        /// In the feature's `init`.
        case inInit = "in init"
        /// On first use, right before the first load.
        case lazily
        /// Right after the first load.
        case afterLoad = "after a load"
        /// A first receiver in `init`, replaced by another after the first load.
        case replaced
        /// In `init`, and again after the first load.
        case setTwice = "set twice"
        /// Cleared when the web content process ends and set again, then a
        /// reload (navigation delegate only).
        case afterTermination = "again after the web process ended"
    }

    /// How the set-up step reaches the main actor.
    enum Hop: String, CaseIterable, Sendable {
        /// Right there, on the main actor (a `@MainActor` class's own method).
        case mainActor = "@MainActor"
        case dispatchMain = "DispatchQueue.main.async"
        case task = "Task"
        /// `Task.detached` doing its own work first, then `await MainActor.run`.
        case taskDetached = "Task.detached"
    }

    var seam: Seam
    var time: Time
    var hop: Hop

    /// Every row: each seam at each time through each hop; the web process
    /// ending only for the navigation delegate, whose callback it is.
    static let all: [SeamSetUp] = Seam.allCases.flatMap { seam in
        Time.allCases.filter { $0 != .afterTermination || seam == .navigationDelegate }.flatMap { time in
            Hop.allCases.map { SeamSetUp(seam: seam, time: time, hop: $0) }
        }
    }

    var testDescription: String { "\(seam.rawValue) \(time.rawValue) via \(hop.rawValue)" }

    /// The name of its `Scripts/replay-patterns` line, spaces made underscores there.
    var patternName: String { "setup \(seam.rawValue) \(time.rawValue) via \(hop.rawValue)" }

    /// Whether the replay cannot tell that a receiver replaced from
    /// `Task.detached` is still to come: on a device the page may act before
    /// the replacement, and the recording waited for it. Where the runtime
    /// watch follows the jobs the replay's work hands to Dispatch (Linux), the
    /// replay waits for the detached task before the next stimulus, and the
    /// row is checked n of n; elsewhere it shows the race as often as it
    /// happens, and the matrix prints the rate without checking it.
    var racesThePage: Bool { time == .replaced && hop == .taskDetached && !Self.watchesJobs }

    /// Whether the wrong variant races the page: where the correct one does
    /// (the page may reach the old receiver before the broken replacement).
    /// A handler set and torn down in one main-actor step is never seen half
    /// done: every stimulus reads its receivers on the main actor.
    var wrongRacesThePage: Bool { racesThePage }

    /// Whether the replay follows a detached task's jobs until they have run.
    static var watchesJobs: Bool {
        #if os(Linux)
        RuntimeWatchInstallation.seesDispatch
        #else
        false
        #endif
    }

    /// How many times the feature sets the receiver up before the page acts.
    var setUpCount: Int {
        switch time {
        case .inInit, .lazily, .afterLoad, .replaced: 1
        case .setTwice: 2
        case .afterTermination: 1
        }
    }
}

/// A feature that sets one receiver up as iOS code does — in `init`,
/// lazily, after a load, replacing an earlier one, twice, or again after
/// the web process ended — through one of the hops iOS code takes to the
/// main actor.
///
/// Each set-up step sets the new receiver, which replaces the one before; a
/// script handler set before is removed first (`removeScriptMessageHandler`),
/// since WebKit raises on a second `add` under one name. The wrong variant
/// has the set-up-order bug of a coordinator swap: it sets the new receiver
/// and then runs the old one's teardown (`removeScriptMessageHandler`, a
/// `nil` delegate or handler), which leaves none.
@MainActor final class SetUpFeature {
    let platform: Platform
    let row: SeamSetUp
    let correct: Bool
    /// Told after each set-up step, so a recording drives the page only once
    /// the receiver is in place, as a user acts only once the screen is up.
    private let stepDone: AsyncStream<Void>.Continuation
    /// Strong references: WebKit holds delegates weakly, so the app keeps them.
    private var receivers: [Int: AnyObject] = [:]
    /// Whether a receiver is set now, read on the main actor where every step runs.
    private var installed = false

    nonisolated static let pageURL = "https://app.example.com/"
    nonisolated static let handlerName = "greeter"
    nonisolated static let scheme = "app"
    nonisolated static let flags = "flags"

    /// Reloads as soon as the web process ended, before the hop sets the delegate again.
    let reloadsFirst: Bool

    init(
        platform: Platform, row: SeamSetUp, correct: Bool, reloadsFirst: Bool = false,
        stepDone: AsyncStream<Void>.Continuation? = nil
    ) {
        self.platform = platform
        self.row = row
        self.correct = correct
        self.reloadsFirst = reloadsFirst
        self.stepDone = stepDone ?? AsyncStream<Void>.makeStream().continuation
        switch row.time {
        case .inInit, .setTwice: setUp(generation: 1)
        case .replaced, .afterTermination: install(receiver(generation: 1))
        case .lazily, .afterLoad: break
        }
    }

    /// The screen appears: the first use of the web view (or of the custom seam).
    func show() {
        switch row.time {
        case .inInit, .afterTermination:
            load()
        case .lazily:
            setUp(generation: 1)
            load()
        case .afterLoad, .setTwice:
            load()
            setUp(generation: 1)
        case .replaced:
            load()
            setUp(generation: 2)
        }
    }

    /// What the navigation delegate does when the web content process ends:
    /// drops itself, then sets itself again and reloads.
    func webContentProcessDidTerminate() {
        clear()
        if reloadsFirst {
            load()
            setUp(generation: 1)
        } else {
            setUp(generation: 1) { $0.load() }
        }
    }

    /// The first use of the seam: a load, or asking the custom seam for flags.
    private func load() {
        if row.seam == .customHandler {
            platform.custom.send(CustomEvent(name: "fetchFlags", direction: .effect))
        } else {
            platform.webView.load(NavigationLoad(url: Self.pageURL))
        }
    }

    /// Tears down and sets the receiver through the row's hop; the wrong
    /// variant sets first and tears down after.
    private func setUp(generation: Int, then: (@MainActor @Sendable (SetUpFeature) -> Void)? = nil) {
        let step: @MainActor @Sendable () -> Void = { [self] in
            let receiver = receiver(generation: generation)
            if correct {
                // Setting a delegate or handler replaces the one before; a script handler
                // must be removed first, since WebKit raises on a second add under one name.
                if installed, row.seam == .scriptHandler || row.seam == .replyHandler { clear() }
                install(receiver)
            } else {
                install(receiver)
                clear()
            }
            then?(self)
            stepDone.yield()
        }
        switch row.hop {
        case .mainActor:
            step()
        case .dispatchMain:
            DispatchQueue.main.async { step() }
        case .task:
            Task { step() }
        case .taskDetached:
            Task.detached {
                // Work of its own first, as a detached task that reads a configuration does.
                let configuration = ["scheme": Self.scheme]
                await MainActor.run { if configuration["scheme"] != nil { step() } }
            }
        }
    }

    private func receiver(generation: Int) -> AnyObject {
        if let existing = receivers[generation] { return existing }
        let made: AnyObject =
            switch row.seam {
            case .navigationDelegate: NavigationReceiver(feature: self, generation: generation)
            case .uiDelegate: UIReceiver(webView: platform.webView, generation: generation)
            case .scriptHandler: ScriptReceiver(webView: platform.webView, generation: generation)
            case .replyHandler: ReplyReceiver(generation: generation)
            case .schemeHandler: SchemeReceiver(generation: generation)
            case .customHandler: CustomReceiver(custom: platform.custom, generation: generation)
            }
        receivers[generation] = made
        return made
    }

    private func install(_ receiver: AnyObject) {
        installed = true
        let webView = platform.webView
        switch receiver {
        case let delegate as NavigationReceiver: webView.setNavigationDelegate(delegate)
        case let delegate as UIReceiver: webView.setUIDelegate(delegate)
        case let handler as ScriptReceiver: webView.add(handler, name: Self.handlerName)
        case let handler as ReplyReceiver: webView.add(handler, name: Self.handlerName)
        case let handler as SchemeReceiver: webView.setURLSchemeHandler(handler, forURLScheme: Self.scheme)
        case let handler as CustomReceiver: platform.custom.setHandler(handler, forEventNamed: Self.flags)
        default: break
        }
    }

    private func clear() {
        installed = false
        let webView = platform.webView
        switch row.seam {
        case .navigationDelegate: webView.setNavigationDelegate(nil)
        case .uiDelegate: webView.setUIDelegate(nil)
        case .scriptHandler, .replyHandler: webView.removeScriptMessageHandler(forName: Self.handlerName)
        case .schemeHandler: webView.setURLSchemeHandler(nil, forURLScheme: Self.scheme)
        case .customHandler: platform.custom.setHandler(nil, forEventNamed: Self.flags)
        }
    }
}

// The receivers answer with their generation, so a stimulus that reaches a
// replaced receiver shows in the answer.

@MainActor final class NavigationReceiver: NSObject, NavigationDelegate {
    unowned let feature: SetUpFeature
    let generation: Int

    init(feature: SetUpFeature, generation: Int) {
        self.feature = feature
        self.generation = generation
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(generation == 1 ? .allow : .cancel)
    }

    func webContentProcessDidTerminate() { feature.webContentProcessDidTerminate() }
}

@MainActor final class UIReceiver: NSObject, UIDelegate {
    let webView: any WebView
    let generation: Int

    init(webView: any WebView, generation: Int) {
        self.webView = webView
        self.generation = generation
    }

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        // Opens `target="_blank"` links in place, as single-window apps do.
        webView.load(NavigationLoad(url: action.urlString))
        return nil
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(generation == 2)
    }
}

@MainActor final class ScriptReceiver: NSObject, ScriptMessageHandler {
    let webView: any WebView
    let generation: Int

    init(webView: any WebView, generation: Int) {
        self.webView = webView
        self.generation = generation
    }

    func didReceive(_ message: ScriptMessage) {
        webView.evaluateJavaScript("greeted(\(generation))", completionHandler: nil)
    }
}

@MainActor final class ReplyReceiver: NSObject, ScriptMessageHandlerWithReply {
    let generation: Int

    init(generation: Int) { self.generation = generation }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        replyHandler(.value(.number(Double(generation))))
    }
}

@MainActor final class SchemeReceiver: NSObject, URLSchemeHandler {
    let generation: Int

    init(generation: Int) { self.generation = generation }

    func start(_ task: any URLSchemeTask) {
        // JSON, which a replay checks byte for byte (a served page it checks by its head only).
        let body = Data(#"{"generation":\#(generation)}"#.utf8)
        task.didReceive(URLSchemeResponse(url: task.request.urlString, mimeType: "application/json"))
        task.didReceive(body)
        task.didFinish()
    }

    func stop(_ task: any URLSchemeTask) {}
}

/// Custom handlers run where the app's own code delivers, so this one is not isolated.
final class CustomReceiver: CustomEventHandler {
    let custom: any CustomSeam
    let generation: Int

    init(custom: any CustomSeam, generation: Int) {
        self.custom = custom
        self.generation = generation
    }

    func didReceive(_ event: CustomEvent) {
        custom.send(CustomEvent(name: "flagsApplied", direction: .effect, fields: ["generation": .number(Double(generation))]))
    }
}
