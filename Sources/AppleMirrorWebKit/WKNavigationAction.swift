#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "typedef NS_ENUM(NSInteger, WKNavigationType)"; https://developer.apple.com/documentation/webkit/wknavigationtype (checked 2026-12-02 in the header at WebKit/WebKit commit 0e4469f4: the six cases in this order, counted from 0, and WKNavigationTypeOther = -1)
public enum WKNavigationType: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "WKNavigationTypeLinkActivated" (= 0); https://developer.apple.com/documentation/webkit/wknavigationtype/linkactivated (checked 2026-12-02, header at 0e4469f4)
    case linkActivated = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "WKNavigationTypeFormSubmitted" (= 1); https://developer.apple.com/documentation/webkit/wknavigationtype/formsubmitted (checked 2026-12-02, header at 0e4469f4)
    case formSubmitted = 1
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "WKNavigationTypeBackForward" (= 2); https://developer.apple.com/documentation/webkit/wknavigationtype/backforward (checked 2026-12-02, header at 0e4469f4)
    case backForward = 2
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "WKNavigationTypeReload" (= 3); https://developer.apple.com/documentation/webkit/wknavigationtype/reload (checked 2026-12-02, header at 0e4469f4)
    case reload = 3
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "WKNavigationTypeFormResubmitted" (= 4); https://developer.apple.com/documentation/webkit/wknavigationtype/formresubmitted (checked 2026-12-02, header at 0e4469f4)
    case formResubmitted = 4
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "WKNavigationTypeOther = -1"; https://developer.apple.com/documentation/webkit/wknavigationtype/other (checked 2026-12-02, header at 0e4469f4)
    case other = -1
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "@interface WKNavigationAction : NSObject"; https://developer.apple.com/documentation/webkit/wknavigationaction (checked 2026-12-02: the header at 0e4469f4 has no WK_SWIFT_UI_ACTOR on the @interface; Apple's page shows "@MainActor class WKNavigationAction", which the mirror follows)
@MainActor open class WKNavigationAction: NSObject {
    private let storedSourceFrame: WKFrameInfo
    private let storedTargetFrame: WKFrameInfo?
    private let storedNavigationType: WKNavigationType
    private let storedRequest: URLRequest

    // Mirror-only: WebKit creates navigation actions itself.
    public init(sourceFrame: WKFrameInfo, targetFrame: WKFrameInfo?, navigationType: WKNavigationType, request: URLRequest) {
        storedSourceFrame = sourceFrame
        storedTargetFrame = targetFrame
        storedNavigationType = navigationType
        storedRequest = request
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "@property (nonatomic, readonly, copy) WKFrameInfo *sourceFrame"; https://developer.apple.com/documentation/webkit/wknavigationaction/sourceframe (checked 2026-12-02 in the header at WebKit/WebKit commit 0e4469f4, and the property list of https://developer.apple.com/documentation/webkit/wknavigationaction)
    open var sourceFrame: WKFrameInfo { storedSourceFrame }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "@property (nullable, nonatomic, readonly, copy) WKFrameInfo *targetFrame"; https://developer.apple.com/documentation/webkit/wknavigationaction/targetframe (checked 2026-12-02 in the header at WebKit/WebKit commit 0e4469f4, and the property list of https://developer.apple.com/documentation/webkit/wknavigationaction)
    open var targetFrame: WKFrameInfo? { storedTargetFrame }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "@property (nonatomic, readonly) WKNavigationType navigationType"; https://developer.apple.com/documentation/webkit/wknavigationaction/navigationtype (checked 2026-12-02 in the header at WebKit/WebKit commit 0e4469f4, and the property list of https://developer.apple.com/documentation/webkit/wknavigationaction)
    open var navigationType: WKNavigationType { storedNavigationType }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationAction.h "@property (nonatomic, readonly, copy) NSURLRequest *request"; https://developer.apple.com/documentation/webkit/wknavigationaction/request (checked 2026-12-02 in the header at WebKit/WebKit commit 0e4469f4, and the property list of https://developer.apple.com/documentation/webkit/wknavigationaction)
    open var request: URLRequest { storedRequest }
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationResponse.h "@interface WKNavigationResponse : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wknavigationresponse (checked 2026-12-02 against Apple's page: "@MainActor class WKNavigationResponse"; header not re-read)
@MainActor open class WKNavigationResponse: NSObject {
    private let storedIsForMainFrame: Bool
    private let storedResponse: URLResponse

    private let storedCanShowMIMEType: Bool

    // Mirror-only: WebKit creates navigation responses itself.
    public init(isForMainFrame: Bool, response: URLResponse, canShowMIMEType: Bool) {
        storedIsForMainFrame = isForMainFrame
        storedResponse = response
        storedCanShowMIMEType = canShowMIMEType
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationResponse.h "@property (nonatomic, readonly, getter=isForMainFrame) BOOL forMainFrame"; https://developer.apple.com/documentation/webkit/wknavigationresponse/isformainframe (checked 2026-12-02 against Apple's WKNavigationResponse page: "var isForMainFrame: Bool"; header not re-read)
    open var isForMainFrame: Bool { storedIsForMainFrame }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationResponse.h "@property (nonatomic, readonly, copy) NSURLResponse *response"; https://developer.apple.com/documentation/webkit/wknavigationresponse/response (checked 2026-12-02 against Apple's WKNavigationResponse page: "var response: URLResponse"; header not re-read)
    open var response: URLResponse { storedResponse }
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationResponse.h "@property (nonatomic, readonly) BOOL canShowMIMEType"; https://developer.apple.com/documentation/webkit/wknavigationresponse/canshowmimetype (checked 2026-12-02 against Apple's WKNavigationResponse page: "var canShowMIMEType: Bool"; header not re-read)
    open var canShowMIMEType: Bool { storedCanShowMIMEType }
}
#endif
