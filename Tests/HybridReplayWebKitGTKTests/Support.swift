#if WebKitGTK
import HybridReplay
import HybridReplaySimulation
import HybridReplayWebKitGTK

/// A message handler that hands every message to the test as a stream.
struct StreamingHandler: ScriptMessageHandler {
    let messages: AsyncStream<ScriptMessage>
    private let continuation: AsyncStream<ScriptMessage>.Continuation

    init() { (messages, continuation) = AsyncStream.makeStream() }

    func didReceive(_ message: ScriptMessage) { continuation.yield(message) }
}

/// A reply handler that answers every message with `reply(body)`.
struct ReplyingHandler: ScriptMessageHandlerWithReply {
    let reply: @Sendable (JSONValue) -> Outcome

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        replyHandler(reply(message.body))
    }
}

/// A navigation delegate that streams every action and cancels those whose
/// URL starts with `cancelling`, as a router taking over `navigate://` does.
struct StreamingNavigationDelegate: NavigationDelegate {
    let actions: AsyncStream<NavigationAction>
    private let continuation: AsyncStream<NavigationAction>.Continuation
    private let cancelling: String

    init(cancelling: String) {
        (actions, continuation) = AsyncStream.makeStream()
        self.cancelling = cancelling
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        continuation.yield(action)
        decisionHandler(action.urlString.hasPrefix(cancelling) ? .cancel : .allow)
    }
}

/// The next element, or `nil` when the test's time limit cancelled the wait.
func next<Element: Sendable>(_ stream: AsyncStream<Element>) async -> Element? {
    var iterator = stream.makeAsyncIterator()
    return await iterator.next()
}

/// The next element, or `nil` when none comes within `patience` of real
/// time: a bound on waiting for a real engine, never a stand-in for an order.
func next<Element: Sendable>(_ stream: AsyncStream<Element>, within patience: Duration) async -> Element? {
    await withTaskGroup(of: Element?.self) { group in
        group.addTask { await next(stream) }
        group.addTask {
            try? await Task.sleep(for: patience)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// The first element matching `predicate`.
func first<Element: Sendable>(
    _ stream: AsyncStream<Element>, where predicate: (Element) -> Bool
) async -> Element? {
    for await element in stream where predicate(element) { return element }
    return nil
}

/// The live seams around `webView`: a real web view, a scripted server, and
/// simulations for the seams these implementations do not use.
func livePlatform(
    _ webView: any WebView, transport: any HTTPTransport = ScriptedHTTPTransport { _ in HTTPResponse(status: 404) }
) -> Platform {
    Platform(
        webView: webView, routes: CollectingRoutePresenter(), transport: transport,
        cookieStore: InMemoryCookieStore(), locationManager: SimulatedLocationManager(),
        locationOutput: CollectingLocationOutput(), custom: SimulatedCustomSeam(), clock: ContinuousClock())
}

let baseURL = "https://app.example/index.html"

/// How long a web-half replay in these tests waits for the page's next step.
/// A page that behaves as recorded never waits it out; it is long because the
/// tests start many web processes at once on a small machine, and a page
/// that is merely slow must not read as a page that stopped short.
let enginePatience = Duration.seconds(30)

/// The patience of a web-half replay whose page is expected never to take a
/// step (it throws first): that replay waits the whole of it before its
/// verdict. The patience runs only while the engine is idle with the page
/// loaded, and these pages take their steps while loading or in answer to an
/// evaluation, so a slow machine does not eat into it; a shorter wait keeps
/// these tests from holding the run for `enginePatience` each.
let missingStepPatience = Duration.seconds(5)

/// A page whose body is `body` and whose script is `script`.
func page(body: String = "", script: String = "") -> String {
    "<!doctype html><html><head><meta charset=\"utf-8\"></head><body>\(body)<script>\(script)</script></body></html>"
}
#endif
