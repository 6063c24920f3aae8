#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "@interface WKWebViewConfiguration : NSObject <NSSecureCoding, NSCopying>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration (checked 2026-12-02 in the header at WebKit/WebKit commit 0bf491ab); WK_SWIFT_UI_ACTOR there
@MainActor open class WKWebViewConfiguration: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "@property (nonatomic, strong) WKUserContentController *userContentController"; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/usercontentcontroller (checked 2026-12-02 in the header at WebKit/WebKit commit 0bf491ab)
    open var userContentController: WKUserContentController

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "@property (nonatomic, strong) WKWebsiteDataStore *websiteDataStore"; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/websitedatastore (checked 2026-12-02 in the header at WebKit/WebKit commit 0bf491ab, and Apple's page: "@MainActor var websiteDataStore: WKWebsiteDataStore { get set }"; the default data store unless one is assigned)
    open var websiteDataStore: WKWebsiteDataStore

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h (inherits "- (instancetype)init" from NSObject); https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/init() (checked 2026-12-02: the header at WebKit/WebKit commit 0bf491ab declares no initializer)
    public override init() {
        userContentController = WKUserContentController()
        websiteDataStore = .default()
        super.init()
    }

    // Mirror-only storage for the handlers the two methods below set and return.
    private var urlSchemeHandlers: [String: any WKURLSchemeHandler] = [:]

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "- (void)setURLSchemeHandler:(nullable id <WKURLSchemeHandler>)urlSchemeHandler forURLScheme:(NSString *)urlScheme"; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/seturlschemehandler(_:forurlscheme:) (checked 2026-12-03: "func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String)"; WebKit raises for a scheme it handles itself, such as https)
    open func setURLSchemeHandler(_ urlSchemeHandler: (any WKURLSchemeHandler)?, forURLScheme urlScheme: String) {
        urlSchemeHandlers[urlScheme] = urlSchemeHandler
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "- (nullable id <WKURLSchemeHandler>)urlSchemeHandlerForURLScheme:(NSString *)urlScheme"; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/urlschemehandler(forurlscheme:) (checked 2026-12-03: "func urlSchemeHandler(forURLScheme urlScheme: String) -> (any WKURLSchemeHandler)?")
    open func urlSchemeHandler(forURLScheme urlScheme: String) -> (any WKURLSchemeHandler)? {
        urlSchemeHandlers[urlScheme]
    }
}
#endif
