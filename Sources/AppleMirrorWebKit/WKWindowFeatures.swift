#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@interface WKWindowFeatures : NSObject"; https://developer.apple.com/documentation/webkit/wkwindowfeatures (checked 2026-12-03: Apple's page shows "@MainActor class WKWindowFeatures"; the header at WebKit/WebKit commit a2d5b2a0 declares the eight properties below, each "nullable, nonatomic, readonly" NSNumber)
@MainActor open class WKWindowFeatures: NSObject {
    private let stored: [String: NSNumber]

    // Mirror-only: WebKit creates window features itself; a test names the members the page specified.
    public init(
        menuBarVisibility: NSNumber? = nil, statusBarVisibility: NSNumber? = nil, toolbarsVisibility: NSNumber? = nil,
        allowsResizing: NSNumber? = nil, x: NSNumber? = nil, y: NSNumber? = nil, width: NSNumber? = nil, height: NSNumber? = nil
    ) {
        let members: [String: NSNumber?] = [
            "menuBarVisibility": menuBarVisibility, "statusBarVisibility": statusBarVisibility,
            "toolbarsVisibility": toolbarsVisibility, "allowsResizing": allowsResizing, "x": x, "y": y, "width": width,
            "height": height,
        ]
        stored = members.compactMapValues { $0 }
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *menuBarVisibility" ("BOOL. … nil if menu bar visibility was not specified"); https://developer.apple.com/documentation/webkit/wkwindowfeatures/menubarvisibility (checked 2026-12-03: "@MainActor var menuBarVisibility: NSNumber? { get }"; header at WebKit/WebKit commit a2d5b2a0)
    open var menuBarVisibility: NSNumber? { stored["menuBarVisibility"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *statusBarVisibility" (BOOL); https://developer.apple.com/documentation/webkit/wkwindowfeatures/statusbarvisibility (checked 2026-12-03: "var statusBarVisibility: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var statusBarVisibility: NSNumber? { stored["statusBarVisibility"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *toolbarsVisibility" (BOOL); https://developer.apple.com/documentation/webkit/wkwindowfeatures/toolbarsvisibility (checked 2026-12-03: "var toolbarsVisibility: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var toolbarsVisibility: NSNumber? { stored["toolbarsVisibility"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *allowsResizing" (BOOL); https://developer.apple.com/documentation/webkit/wkwindowfeatures/allowsresizing (checked 2026-12-03: "var allowsResizing: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var allowsResizing: NSNumber? { stored["allowsResizing"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *x" (CGFloat); https://developer.apple.com/documentation/webkit/wkwindowfeatures/x (checked 2026-12-03: "var x: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var x: NSNumber? { stored["x"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *y" (CGFloat); https://developer.apple.com/documentation/webkit/wkwindowfeatures/y (checked 2026-12-03: "var y: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var y: NSNumber? { stored["y"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *width" (CGFloat); https://developer.apple.com/documentation/webkit/wkwindowfeatures/width (checked 2026-12-03: "var width: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var width: NSNumber? { stored["width"] }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@property (nullable, nonatomic, readonly) NSNumber *height" (CGFloat); https://developer.apple.com/documentation/webkit/wkwindowfeatures/height (checked 2026-12-03: "var height: NSNumber?" in the member list of Apple's WKWindowFeatures page; header at WebKit/WebKit commit a2d5b2a0)
    open var height: NSNumber? { stored["height"] }
}
#endif
