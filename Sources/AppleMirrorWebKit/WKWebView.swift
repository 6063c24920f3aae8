// The part of WebKit's WKWebView that HybridReplayWebKit uses, spelled as
// Apple's Swift interface spells it. Compiled only where WebKit is absent
// (Linux), so the adapter's sources type-check here. Every declaration cites
// its source; Tests/AppleWebKitAdapterTests/Golden/webkit.txt lists them.
//
// Differences forced by Linux, and only these: the base class is NSObject
// (UIView/NSView do not exist), `@NSCopying` is dropped from computed
// properties, methods WebKit declares in its Swift overlay (an extension) are
// `open` members so test fakes can override them, and "Mirror-only"
// declarations let tests construct what WebKit builds itself.
#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "@interface WKWebView : UIView"; https://developer.apple.com/documentation/webkit/wkwebview ("@MainActor class WKWebView : UIView") (checked 2026-12-02: the header at WebKit/WebKit commit 0221e8b1 has no WK_SWIFT_UI_ACTOR on the @interface; the mirror follows Apple's page)
@MainActor open class WKWebView: NSObject {
    private let storedConfiguration: WKWebViewConfiguration

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "@property (nonatomic, readonly, copy) WKWebViewConfiguration *configuration"; https://developer.apple.com/documentation/webkit/wkwebview/configuration (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1)
    open var configuration: WKWebViewConfiguration { storedConfiguration }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "@property (nullable, nonatomic, readonly, copy) NSURL *URL"; https://developer.apple.com/documentation/webkit/wkwebview/url (checked 2026-12-02 against Apple's page: "var url: URL? { get }", and in the header at WebKit/WebKit commit 0221e8b1)
    open var url: URL? { nil }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "@property (nullable, nonatomic, weak) id <WKNavigationDelegate> navigationDelegate"; https://developer.apple.com/documentation/webkit/wkwebview/navigationdelegate (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1)
    weak open var navigationDelegate: (any WKNavigationDelegate)?

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "@property (nullable, nonatomic, weak) id <WKUIDelegate> UIDelegate"; https://developer.apple.com/documentation/webkit/wkwebview/uidelegate (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1; Swift imports UIDelegate as uiDelegate)
    weak open var uiDelegate: (any WKUIDelegate)?

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "- (instancetype)initWithFrame:(CGRect)frame configuration:(WKWebViewConfiguration *)configuration"; https://developer.apple.com/documentation/webkit/wkwebview/init(frame:configuration:) (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1: NS_DESIGNATED_INITIALIZER)
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        storedConfiguration = configuration
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "- (nullable WKNavigation *)loadRequest:(NSURLRequest *)request"; https://developer.apple.com/documentation/webkit/wkwebview/load(_:)-2buc2 (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1)
    @discardableResult open func load(_ request: URLRequest) -> WKNavigation? { nil }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "- (nullable WKNavigation *)loadHTMLString:(NSString *)string baseURL:(nullable NSURL *)baseURL"; https://developer.apple.com/documentation/webkit/wkwebview/loadhtmlstring(_:baseurl:) (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1)
    @discardableResult open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { nil }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "- (nullable WKNavigation *)loadData:(NSData *)data MIMEType:(NSString *)MIMEType characterEncodingName:(NSString *)characterEncodingName baseURL:(NSURL *)baseURL"; https://developer.apple.com/documentation/webkit/wkwebview/load(_:mimetype:characterencodingname:baseurl:) (checked 2026-12-02 in the header at WebKit/WebKit commit 0221e8b1: baseURL is not nullable)
    @discardableResult open func load(_ data: Data, mimeType MIMEType: String, characterEncodingName: String, baseURL: URL) -> WKNavigation? { nil }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebView.h "- (void)evaluateJavaScript:(NSString *)javaScriptString completionHandler:(void (^ _Nullable)(_Nullable id, NSError * _Nullable error))completionHandler"; https://developer.apple.com/documentation/webkit/wkwebview/evaluatejavascript(_:completionhandler:) (checked 2026-12-01: "func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil)")
    open func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {}

    // Source: WebKit/WebKit Source/WebKit/SwiftOverlay (WKWebView extension, refines "evaluateJavaScript:inFrame:inContentWorld:completionHandler:" NS_REFINED_FOR_SWIFT); https://developer.apple.com/documentation/webkit/wkwebview/evaluatejavascript(_:in:in:completionhandler:) (checked 2026-12-01)
    open func evaluateJavaScript(_ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld, completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil) {}

    // Source: WebKit/WebKit Source/WebKit/SwiftOverlay (WKWebView extension, refines "callAsyncJavaScript:arguments:inFrame:inContentWorld:completionHandler:" NS_REFINED_FOR_SWIFT); https://developer.apple.com/documentation/webkit/wkwebview/callasyncjavascript(_:arguments:in:in:completionhandler:) (checked 2026-12-01)
    open func callAsyncJavaScript(_ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld, completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil) {}
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigation.h "@interface WKNavigation : NSObject"; https://developer.apple.com/documentation/webkit/wknavigation (checked 2026-12-02: the header at WebKit/WebKit commit 76f9bd4d has no WK_SWIFT_UI_ACTOR on the @interface; Apple's page shows "@MainActor class WKNavigation", which the mirror follows)
@MainActor open class WKNavigation: NSObject {
    // Mirror-only: WebKit creates navigations itself.
    nonisolated public override init() { super.init() }
}
#endif
