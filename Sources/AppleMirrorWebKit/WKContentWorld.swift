#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@interface WKContentWorld : NSObject"; https://developer.apple.com/documentation/webkit/wkcontentworld (checked 2026-12-02: the header at 33e7c02b has no WK_SWIFT_UI_ACTOR on the @interface and makes init/new unavailable; Apple's page shows "@MainActor class WKContentWorld", which the mirror follows)
@MainActor open class WKContentWorld: NSObject {
    private static let pageWorld = WKContentWorld(mirrorName: nil)
    private static let defaultClientWorld = WKContentWorld(mirrorName: "defaultClient")

    // Mirror-only: WebKit vends worlds through the class members below.
    private init(mirrorName: String?) {
        name = mirrorName
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@property (class, nonatomic, readonly) WKContentWorld *pageWorld"; https://developer.apple.com/documentation/webkit/wkcontentworld/page (checked 2026-12-02: the header at 33e7c02b has no NS_SWIFT_NAME here; Swift imports it as "class var page: WKContentWorld", as Apple's page shows)
    open class var page: WKContentWorld { pageWorld }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@property (class, nonatomic, readonly) WKContentWorld *defaultClientWorld"; https://developer.apple.com/documentation/webkit/wkcontentworld/defaultclient (checked 2026-12-02: the header at 33e7c02b has no NS_SWIFT_NAME here; Swift imports it as "class var defaultClient: WKContentWorld", as Apple's page shows)
    open class var defaultClient: WKContentWorld { defaultClientWorld }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "+ (WKContentWorld *)worldWithName:(NSString *)name"; https://developer.apple.com/documentation/webkit/wkcontentworld/world(name:) (checked 2026-12-02: NS_SWIFT_NAME(world(name:)) in the header at 33e7c02b; Apple's page: "class func world(name: String) -> WKContentWorld")
    open class func world(name: String) -> WKContentWorld { WKContentWorld(mirrorName: name) }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@property (nullable, nonatomic, readonly, copy) NSString *name"; https://developer.apple.com/documentation/webkit/wkcontentworld/name (checked 2026-12-02 in the header at WebKit/WebKit commit 33e7c02b, and the member list of https://developer.apple.com/documentation/webkit/wkcontentworld)
    public let name: String?
}
#endif
