#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "@interface WKWebViewConfiguration : NSObject <NSSecureCoding, NSCopying>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration
@MainActor open class WKWebViewConfiguration: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "@property (nonatomic, strong) WKUserContentController *userContentController"; https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/usercontentcontroller
    open var userContentController: WKUserContentController

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h "websiteDataStore" (header not re-read); https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/websitedatastore (checked 2026-12-02: "@MainActor var websiteDataStore: WKWebsiteDataStore { get set }"; the default data store unless one is assigned)
    open var websiteDataStore: WKWebsiteDataStore

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.h (inherits "- (instancetype)init" from NSObject); https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/init()
    public override init() {
        userContentController = WKUserContentController()
        websiteDataStore = .default()
        super.init()
    }
}
#endif
