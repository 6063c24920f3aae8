#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "@interface WKWebpagePreferences : NSObject"; https://developer.apple.com/documentation/webkit/wkwebpagepreferences (checked 2026-12-03: Apple's page shows "@MainActor class WKWebpagePreferences", which the mirror follows; the header at WebKit/WebKit commit 76f9bd4d declares the class with WK_CLASS_AVAILABLE and no WK_SWIFT_UI_ACTOR)
@MainActor open class WKWebpagePreferences: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "@property (nonatomic) WKContentMode preferredContentMode"; https://developer.apple.com/documentation/webkit/wkwebpagepreferences/preferredcontentmode (checked 2026-12-03: Apple's page: "var preferredContentMode: WKWebpagePreferences.ContentMode { get set }", default .recommended; the same property, read-write, in the header at WebKit/WebKit commit 76f9bd4d)
    open var preferredContentMode: WKWebpagePreferences.ContentMode = .recommended

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "@property (nonatomic) BOOL allowsContentJavaScript"; https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript (checked 2026-12-03: Apple's page: "var allowsContentJavaScript: Bool { get set }", default true, iOS 14+/macOS 11+; the header at 76f9bd4d predates it, so the header line is not re-read)
    open var allowsContentJavaScript: Bool = true

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h (inherits "- (instancetype)init" from NSObject); https://developer.apple.com/documentation/webkit/wkwebpagepreferences/init() (checked 2026-12-02: that header declares no initializer)
    public override init() { super.init() }
}

extension WKWebpagePreferences {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "typedef NS_ENUM(NSInteger, WKContentMode) { WKContentModeRecommended, WKContentModeMobile, WKContentModeDesktop }"; https://developer.apple.com/documentation/webkit/wkwebpagepreferences/contentmode (checked 2026-12-03: Apple's page names it "WKWebpagePreferences.ContentMode", declared "enum ContentMode", precise identifier c:@E@WKContentMode; the three cases in this order, counted from 0, in the header at WebKit/WebKit commit 76f9bd4d)
    public enum ContentMode: Int, @unchecked Sendable {
        // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "WKContentModeRecommended" (= 0); https://developer.apple.com/documentation/webkit/wkwebpagepreferences/contentmode/recommended (checked 2026-12-03 in the header at WebKit/WebKit commit 76f9bd4d)
        case recommended = 0
        // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "WKContentModeMobile" (= 1); https://developer.apple.com/documentation/webkit/wkwebpagepreferences/contentmode/mobile (checked 2026-12-03: Apple's page: "case mobile"; header at 76f9bd4d)
        case mobile = 1
        // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebpagePreferences.h "WKContentModeDesktop" (= 2); https://developer.apple.com/documentation/webkit/wkwebpagepreferences/contentmode/desktop (checked 2026-12-03 in the header at WebKit/WebKit commit 76f9bd4d)
        case desktop = 2
    }
}
#endif
