import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("EchoBridge")
struct EchoBridgeTests {
    @Test("registers under nativeProcess and installs no script in the simple variant")
    func registersSimple() {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView)
        #expect(EchoBridge.handlerName == "nativeProcess")
        #expect(webView.handlerNames == ["nativeProcess"])
        #expect(webView.userScripts.isEmpty)
        #expect(webView.evaluatedScripts.isEmpty)
        #expect(webView.misuses.isEmpty)
    }

    @Test("echoes a string as changeEcho(\"…\")")
    func echoesString() throws {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView)
        try webView.postMessage("hello", to: "nativeProcess")
        #expect(webView.evaluatedScripts == [JavaScriptEvaluation(script: #"changeEcho("hello")"#)])
    }

    @Test(
        "echoes awkward text intact, as one inert literal",
        arguments: ["", "it's \"quoted\"", "back\\slash", "two\nlines\r\n", "\u{2028}\u{2029}", "</script><b>", "👋🏽"])
    func echoesAwkwardText(_ text: String) throws {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView)
        try webView.postMessage(.string(text), to: "nativeProcess")

        let script = try #require(webView.evaluatedScripts.onlyElement).script
        #expect(script.hasPrefix("changeEcho(") && script.hasSuffix(")"))
        let literal = String(script.dropFirst("changeEcho(".count).dropLast())
        #expect(Array(try jsonString(from: literal).unicodeScalars) == Array(text.unicodeScalars))
        #expect(!script.unicodeScalars.contains { javaScriptLineTerminators.contains($0) })
        #expect(!containsEndTagOpener(script))
    }

    @Test("echoes every message, in order, from any frame")
    func echoesInOrder() throws {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView)
        try webView.postMessage("one", to: "nativeProcess")
        try webView.postMessage(
            "two", to: "nativeProcess", frame: Frame(isMainFrame: false, url: "https://ads.example/"))
        try webView.postMessage("one", to: "nativeProcess", frame: nil)
        #expect(
            webView.evaluatedScripts.map(\.script) == [
                #"changeEcho("one")"#, #"changeEcho("two")"#, #"changeEcho("one")"#,
            ])
    }

    @Test(
        "ignores bodies that are not strings",
        arguments: [JSONValue.null, true, 0, 3.5, [], ["hello"], [:], ["text": "hello"], ["guid": "1"]])
    func ignoresNonStrings(_ body: JSONValue) throws {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView)
        try webView.postMessage(body, to: "nativeProcess")
        #expect(webView.evaluatedScripts.isEmpty)
        try webView.postMessage("after", to: "nativeProcess")
        #expect(webView.evaluatedScripts.map(\.script) == [#"changeEcho("after")"#])
    }

    @Test("does not answer posts to other handler names")
    func onlyNativeProcess() {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView)
        #expect(throws: SimulationError.self) { try webView.postMessage("hello", to: "echo") }
        #expect(webView.evaluatedScripts.isEmpty)
    }

    @Test("the injected variant installs exactly one document-start, all-frames script defining changeEcho")
    func installsScript() throws {
        let webView = SimulatedWebView()
        _ = EchoBridge(webView: webView, injectsScript: true)

        let script = try #require(webView.userScripts.onlyElement)
        #expect(script.injectionTime == .documentStart)
        #expect(!script.mainFrameOnly)
        #expect(script.source == EchoBridge.injectedScript)
        #expect(script.source.contains("function changeEcho"))
        #expect(script.source.contains("function sendToNative"))
        #expect(script.source.contains("window.webkit.messageHandlers.nativeProcess.postMessage"))
        #expect(webView.handlerNames == ["nativeProcess"])

        try webView.postMessage("ping", to: "nativeProcess")
        #expect(webView.evaluatedScripts == [JavaScriptEvaluation(script: #"changeEcho("ping")"#)])
        #expect(webView.userScripts.count == 1)
    }

    @Test("the injected variant installs its script before registering its handler")
    func installsBeforeRegistering() {
        let webView = CallOrderWebView()
        _ = EchoBridge(webView: webView, injectsScript: true)
        #expect(webView.calls == ["addUserScript", "add nativeProcess"])

        let simple = CallOrderWebView()
        _ = EchoBridge(webView: simple)
        #expect(simple.calls == ["add nativeProcess"])
    }
}

/// A web view that only notes which of its methods the app called, in order.
private final class CallOrderWebView: WebView {
    private let log = SharedBox<[String]>([])

    var calls: [String] { log.current }

    private func note(_ call: String) { log.update { $0.append(call) } }

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) { note("add \(name)") }
    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        note("add with reply \(name)")
    }
    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) { note("remove \(name)") }
    func addUserScript(_ script: UserScriptInstallation) { note("addUserScript") }
    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) { note("evaluateJavaScript") }
    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) { note("callAsyncJavaScript") }
    var navigationDelegate: (any NavigationDelegate)? {
        get { nil }
        set { note("navigationDelegate") }
    }
    var uiDelegate: (any UIDelegate)? {
        get { nil }
        set { note("uiDelegate") }
    }
    var url: URL? { nil }
    func load(_ load: NavigationLoad) { note("load") }
}
