#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@interface WKContentWorld : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkcontentworld
@MainActor open class WKContentWorld: NSObject {
    private static let pageWorld = WKContentWorld(mirrorName: nil)
    private static let defaultClientWorld = WKContentWorld(mirrorName: "defaultClient")

    // Mirror-only: WebKit vends worlds through the class members below.
    private init(mirrorName: String?) {
        name = mirrorName
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@property (class, nonatomic, readonly) WKContentWorld *pageWorld" NS_SWIFT_NAME(page); https://developer.apple.com/documentation/webkit/wkcontentworld/page
    open class var page: WKContentWorld { pageWorld }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@property (class, nonatomic, readonly) WKContentWorld *defaultClientWorld" NS_SWIFT_NAME(defaultClient); https://developer.apple.com/documentation/webkit/wkcontentworld/defaultclient
    open class var defaultClient: WKContentWorld { defaultClientWorld }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "+ (WKContentWorld *)worldWithName:(NSString *)name"; https://developer.apple.com/documentation/webkit/wkcontentworld/world(name:)
    open class func world(name: String) -> WKContentWorld { WKContentWorld(mirrorName: name) }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKContentWorld.h "@property (nullable, nonatomic, readonly, copy) NSString *name"; https://developer.apple.com/documentation/webkit/wkcontentworld/name
    public let name: String?
}
#endif
