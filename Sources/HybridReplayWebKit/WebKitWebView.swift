import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A `WKWebView` behind the WebView seam: what an app passes to code
/// written against the seams, and what a recording wraps.
///
/// Every seam call may come from any thread; the adapter runs it on the
/// main actor (see `performOnMainActor`): at once when called on the main
/// thread, otherwise queued in call order. Completion handlers are called on
/// the main actor, as WebKit calls them.
///
/// Content worlds map one to one (`page`, `defaultClient`, named worlds).
/// Frames map through the `WKFrameInfo` objects WebKit delivered (see
/// ``evaluateJavaScript(_:in:in:completionHandler:)``).
public final class WebKitWebView: WebView {
    /// The web view; a main-actor class, so sharing the reference is safe.
    public let webView: WKWebView
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    /// The navigation delegate bridge: WebKit holds delegates weakly, so the adapter keeps it.
    private let navigationBridge = Locked<NavigationDelegateBridge?>(nil)
    /// The UI delegate bridge, kept for the same reason.
    private let uiBridge = Locked<UIDelegateBridge?>(nil)
    /// The delegates app code set, as it reads them back at once (the bridges are made on the main actor).
    private let appDelegates = Locked<(navigation: (any NavigationDelegate)?, ui: (any UIDelegate)?)>((nil, nil))
    /// The frames WebKit delivered to the bridges, to evaluate in.
    private let frames = WebKitFrames()

    /// Wraps `webView`.
    ///
    /// - Parameters:
    ///   - webView: The web view to drive; its configuration's user content controller gets the handlers and scripts.
    ///   - reportIssue: Called with every WebKitAdapterIssue, on whichever thread saw it.
    public init(_ webView: WKWebView, reportIssue: @escaping @Sendable (WebKitAdapterIssue) -> Void = { _ in }) {
        self.webView = webView
        self.report = reportIssue
        urlSchemes = nil
    }

    /// The schemes the web view's configuration was prepared to serve.
    private let urlSchemes: WebKitURLSchemes?

    /// Wraps `webView`, whose configuration was prepared with `urlSchemes`
    /// to serve the schemes ``setURLSchemeHandler(_:forURLScheme:)`` sets
    /// handlers for.
    ///
    /// - Parameters:
    ///   - webView: The web view to drive, created with the configuration `urlSchemes` was made on.
    ///   - urlSchemes: The schemes prepared on its configuration.
    ///   - reportIssue: Called with every WebKitAdapterIssue, on whichever thread saw it.
    public init(
        _ webView: WKWebView, urlSchemes: WebKitURLSchemes, reportIssue: @escaping @Sendable (WebKitAdapterIssue) -> Void = { _ in }
    ) {
        self.webView = webView
        self.report = reportIssue
        self.urlSchemes = urlSchemes
        urlSchemes.forwardIssues(to: reportIssue)
    }

    /// Serves `scheme` through `handler`, when the configuration was prepared
    /// for it with ``WebKitURLSchemes``; otherwise reports that WebKit cannot
    /// take a scheme handler once the web view exists, and the page's
    /// requests to the scheme fail.
    public func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {
        guard let bridge = urlSchemes?.bridge(for: scheme) else {
            let prepared = urlSchemes?.schemes ?? []
            report(
                WebKitAdapterIssue(
                    .unsupportedValue,
                    "WebKit takes URL scheme handlers on the WKWebViewConfiguration before the web view exists, and this one was not prepared for '\(scheme)'"
                        + (prepared.isEmpty ? "" : " (prepared: \(prepared.joined(separator: ", ")))")
                        + "; create WebKitURLSchemes([\"\(scheme)\"], on: configuration) before the WKWebView and pass it to WebKitWebView"))
            return
        }
        performOnMainActor { bridge.handler = handler }
    }

    public func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        let (webView, report, frames) = (webView, report, frames)
        performOnMainActor {
            webView.configuration.userContentController.add(
                ScriptMessageBridge(handler, frames: frames, report: report), contentWorld: WebKitWorlds.world(contentWorld), name: name)
        }
    }

    @_disfavoredOverload  // A handler of both kinds is added as the plain one, as WebKit's add does.
    public func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        let (webView, report, frames) = (webView, report, frames)
        performOnMainActor {
            webView.configuration.userContentController.addScriptMessageHandler(
                ScriptReplyBridge(handler, frames: frames, report: report), contentWorld: WebKitWorlds.world(contentWorld), name: name)
        }
    }

    public func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        let webView = webView
        performOnMainActor {
            webView.configuration.userContentController.removeScriptMessageHandler(
                forName: name, contentWorld: WebKitWorlds.world(contentWorld))
        }
    }

    public func addUserScript(_ script: UserScriptInstallation) {
        let time: WKUserScriptInjectionTime
        switch script.injectionTime {
        case .documentStart: time = .atDocumentStart
        case .documentEnd: time = .atDocumentEnd
        default:
            report(WebKitAdapterIssue(.unsupportedValue, "WebKit has no injection time '\(script.injectionTime.rawValue)'; the user script was not installed"))
            return
        }
        let webView = webView
        performOnMainActor {
            webView.configuration.userContentController.addUserScript(
                WKUserScript(source: script.source, injectionTime: time, forMainFrameOnly: script.mainFrameOnly))
        }
    }

    /// Evaluates in the main frame when `frame` is `nil` or the main frame,
    /// and in a subframe given one WebKit delivered to this adapter in a
    /// navigation action or script message (see ``WebKitFrames``). A subframe
    /// it never delivered fails with a ``JavaScriptError`` naming it, and is reported.
    public func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        let (webView, frames, report) = (webView, frames, report)
        performOnMainActor {
            switch frames.target(for: frame) {
            case .success(let target):
                webView.evaluateJavaScript(script, in: target, in: WebKitWorlds.world(contentWorld)) { result in
                    completionHandler?(JavaScriptConversion.result(result))
                }
            case .failure(let error):
                report(WebKitAdapterIssue(.unknownFrame, error.message))
                completionHandler?(.failure(error))
            }
        }
    }

    /// Runs in the frame given, as ``evaluateJavaScript(_:in:in:completionHandler:)`` does.
    public func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        let (webView, frames, report) = (webView, frames, report)
        performOnMainActor {
            switch frames.target(for: frame) {
            case .success(let target):
                let foundationArguments = arguments.mapValues(ScriptValueConversion.foundationValue(from:))
                webView.callAsyncJavaScript(
                    body, arguments: foundationArguments, in: target, in: WebKitWorlds.world(contentWorld)
                ) { completionHandler?(JavaScriptConversion.result($0)) }
            case .failure(let error):
                report(WebKitAdapterIssue(.unknownFrame, error.message))
                completionHandler?(.failure(error))
            }
        }
    }

    /// The app's UI delegate; WebKit holds a bridge to it, which the adapter keeps, as WebKit's reference is weak.
    public var uiDelegate: (any UIDelegate)? {
        get { appDelegates.withLock { $0.ui } }
        set {
            appDelegates.withLock { $0.ui = newValue }
            let (webView, report, uiBridge, frames) = (webView, report, uiBridge, frames)
            performOnMainActor { [weak self] in
                let bridge = newValue.map { UIDelegateBridge($0, owner: self, frames: frames, report: report) }
                uiBridge.withLock { $0 = bridge }
                webView.uiDelegate = bridge
            }
        }
    }

    /// The app's navigation delegate, bridged to WebKit's as ``uiDelegate`` is.
    public var navigationDelegate: (any NavigationDelegate)? {
        get { appDelegates.withLock { $0.navigation } }
        set {
            appDelegates.withLock { $0.navigation = newValue }
            let (webView, report, navigationBridge, frames) = (webView, report, navigationBridge, frames)
            performOnMainActor { [weak self] in
                let bridge = newValue.map { NavigationDelegateBridge($0, owner: self, frames: frames, report: report) }
                navigationBridge.withLock { $0 = bridge }
                webView.navigationDelegate = bridge
            }
        }
    }

    /// `webView.url`.
    @MainActor public var url: URL? { webView.url }

    public func load(_ load: NavigationLoad) {
        guard let url = URL(string: load.urlString), url.scheme != nil else {
            report(WebKitAdapterIssue(.invalidURL, "cannot load '\(load.urlString)': not an absolute URL"))
            return
        }
        let webView = webView
        switch load.body {
        case nil:
            var request = URLRequest(url: url)
            request.httpMethod = load.method
            for header in load.headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
            let sendable = request
            performOnMainActor { webView.load(sendable) }
        case .text(let text) where LoadedContent.mimeType(load.headers) == "text/html":
            performOnMainActor { webView.loadHTMLString(text, baseURL: url) }
        case .some(let body):
            let content = LoadedContent(body: body, headers: load.headers)
            performOnMainActor {
                webView.load(
                    content.data, mimeType: content.mimeType, characterEncodingName: content.characterEncoding,
                    baseURL: url)
            }
        }
    }
}
