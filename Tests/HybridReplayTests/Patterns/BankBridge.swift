import Foundation
import HybridReplay
import Testing

/// How app code gets back to the web view once the network has answered:
/// the ways iOS code is written, each a row of the pattern matrix.
enum Hop: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// An `AsyncScriptMessageHandler` that evaluates right after its `await`.
    case direct
    /// A nonisolated loader that hops back with `await MainActor.run`.
    case mainActorRun = "MainActor.run"
    /// A completion handler that hops back with `Task { @MainActor in … }`.
    case taskMainActor = "Task { @MainActor }"
    /// A `@MainActor` class whose `Task {}` stays on the main actor.
    case mainActorClass = "@MainActor class"
    /// A completion-handler API implemented with a `Task` inside.
    case completionInTask = "completion handler in a Task"
    /// A completion handler that hops back with `DispatchQueue.main.async`.
    case dispatchMain = "DispatchQueue.main.async"
    /// A completion handler that hops back with `DispatchQueue.main.async` and goes on in a `Task {}` there.
    case dispatchMainThenTask = "DispatchQueue.main.async then Task"
    /// A completion handler that goes on with `DispatchQueue.global().async`.
    case dispatchGlobal = "DispatchQueue.global().async"
    /// The whole handler in `Task.detached`.
    case taskDetached = "Task.detached"
    /// A completion handler that hops back with `OperationQueue.main.addOperation`.
    case operationQueueMain = "OperationQueue.main"
    /// A notification posted from the loader and observed on the main queue.
    case notificationCenterMain = "NotificationCenter (main queue)"
    /// A completion handler that hops back with `RunLoop.main.perform`.
    case runLoopMainPerform = "RunLoop.main.perform"

    var testDescription: String { rawValue }
}

/// A banking app's `window.bank` bridge, written as iOS code is: the page
/// asks for the balance, the bridge fetches it and answers with
/// `evaluateJavaScript`. With `answers` false it has the bug the replay must
/// catch: it forgets to answer.
@MainActor
final class BankBridge: ScriptMessageHandler {
    private let webView: any WebView
    private let transport: any HTTPTransport
    private let hop: Hop
    private let answers: Bool
    private var observer: (any NSObjectProtocol)?
    /// A name of this bridge's own, so bridges of concurrent replays do not hear each other.
    private let balanceArrived = Notification.Name("BankBridge.balanceArrived.\(UUID().uuidString)")

    init(platform: Platform, hop: Hop, answers: Bool) {
        webView = platform.webView
        transport = platform.transport
        self.hop = hop
        self.answers = answers
        if hop == .notificationCenterMain {
            observer = NotificationCenter.default.addObserver(forName: balanceArrived, object: nil, queue: .main) {
                [webView] note in
                guard answers, let script = note.userInfo?["script"] as? String else { return }
                webView.evaluateJavaScript(script, completionHandler: nil)
            }
        }
        if hop != .direct { platform.webView.add(self, name: "bank") }
    }

    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .number(let number)? = body["id"] else { return }
        let id = Int(number)
        let webView = webView
        let answers = answers
        let script: @Sendable (String) -> String = { balance in "window.bank.resolve(\(id), \(balance))" }
        switch hop {
        case .direct:
            return
        case .mainActorClass:
            Task {
                let balance = await BalanceLoader(transport: transport).balance()
                if answers { webView.evaluateJavaScript(script(balance), completionHandler: nil) }
            }
        case .mainActorRun:
            let loader = BalanceLoader(transport: transport)
            Task { await loader.answer(webView: webView, answers: answers, script: script) }
        case .taskDetached:
            let transport = transport
            Task.detached {
                let balance = await BalanceLoader(transport: transport).balance()
                if answers { webView.evaluateJavaScript(script(balance), completionHandler: nil) }
            }
        default:
            let hop = hop
            let balanceArrived = balanceArrived
            BalanceLoader(transport: transport).balance { balance in
                guard answers else { return }
                let text = script(balance)
                switch hop {
                case .taskMainActor:
                    Task { @MainActor in webView.evaluateJavaScript(text, completionHandler: nil) }
                case .dispatchMain:
                    DispatchQueue.main.async { webView.evaluateJavaScript(text, completionHandler: nil) }
                case .dispatchMainThenTask:
                    DispatchQueue.main.async { Task { webView.evaluateJavaScript(text, completionHandler: nil) } }
                case .dispatchGlobal:
                    DispatchQueue.global().async { webView.evaluateJavaScript(text, completionHandler: nil) }
                case .operationQueueMain:
                    OperationQueue.main.addOperation { webView.evaluateJavaScript(text, completionHandler: nil) }
                case .notificationCenterMain:
                    NotificationCenter.default.post(name: balanceArrived, object: nil, userInfo: ["script": text])
                case .runLoopMainPerform:
                    RunLoop.main.perform { webView.evaluateJavaScript(text, completionHandler: nil) }
                default:
                    webView.evaluateJavaScript(text, completionHandler: nil)
                }
            }
        }
    }
}

/// The bridge as the package's own examples write it: an async handler, no hop.
struct AsyncBankBridge: AsyncScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport
    let answers: Bool

    func receive(_ message: ScriptMessage) async {
        guard case .object(let body) = message.body, case .number(let number)? = body["id"] else { return }
        let id = Int(number)
        let balance = await BalanceLoader(transport: transport).balance()
        if answers { webView.evaluateJavaScript("window.bank.resolve(\(id), \(balance))", completionHandler: nil) }
    }
}

/// Fetches the balance; nonisolated, as networking code is.
struct BalanceLoader: Sendable {
    let transport: any HTTPTransport

    func balance() async -> String {
        guard let response = try? await transport.send(HTTPRequest(url: "https://bank.example/balance")),
            case .text(let text)? = response.body
        else { return "null" }
        return text
    }

    /// The completion-handler API an older networking layer has, built on a `Task`.
    func balance(completion: @escaping @Sendable (String) -> Void) {
        Task { completion(await balance()) }
    }

    /// Loads off the main actor, then hops back with `MainActor.run`.
    func answer(webView: any WebView, answers: Bool, script: @escaping @Sendable (String) -> String) async {
        let balance = await balance()
        await MainActor.run {
            if answers { webView.evaluateJavaScript(script(balance), completionHandler: nil) }
        }
    }
}

/// A router that decides a link after a delay on the platform's clock: the
/// virtual-time equivalent of `DispatchQueue.main.asyncAfter`. With `decidesTwice`
/// it has the bug the replay must catch: it allows at once, then again later.
@MainActor
final class DelayedRouter: NavigationDelegate {
    private let clock: any Clock<Duration>
    private let decidesTwice: Bool

    init(platform: Platform, decidesTwice: Bool) {
        clock = platform.clock
        self.decidesTwice = decidesTwice
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        if decidesTwice { decisionHandler(.allow) }
        // Was: DispatchQueue.main.asyncAfter(deadline: .now() + 0.03) { decisionHandler(.allow) }
        Task { [clock] in
            try await clock.sleep(for: .milliseconds(30))
            decisionHandler(.allow)
        }
    }
}
