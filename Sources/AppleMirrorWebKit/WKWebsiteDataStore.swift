#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebsiteDataStore.h "WKWebsiteDataStore" (header not re-read); https://developer.apple.com/documentation/webkit/wkwebsitedatastore (checked 2026-12-02: "@MainActor class WKWebsiteDataStore", inherits from NSObject)
@MainActor open class WKWebsiteDataStore: NSObject {
    private let storedCookieStore: WKHTTPCookieStore
    private static let shared = WKWebsiteDataStore(httpCookieStore: WKHTTPCookieStore())

    // Mirror-only: WebKit vends data stores from default(), nonPersistent() and init(forIdentifier:); tests pass their fake cookie store.
    public init(httpCookieStore: WKHTTPCookieStore) {
        storedCookieStore = httpCookieStore
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebsiteDataStore.h "+ (WKWebsiteDataStore *)defaultDataStore" (header not re-read); https://developer.apple.com/documentation/webkit/wkwebsitedatastore/default() (checked 2026-12-02: "@MainActor class func `default`() -> WKWebsiteDataStore"); the SDK's generated interface in DougGregor/swift-concurrency-objc iOS/WebKit/WKWebsiteDataStore.swift spells it "class func `default`() -> WKWebsiteDataStore"
    open class func `default`() -> WKWebsiteDataStore { shared }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWebsiteDataStore.h "httpCookieStore" (header not re-read); https://developer.apple.com/documentation/webkit/wkwebsitedatastore/httpcookiestore (checked 2026-12-02: "@MainActor var httpCookieStore: WKHTTPCookieStore { get }"; the same in DougGregor/swift-concurrency-objc iOS/WebKit/WKWebsiteDataStore.swift)
    open var httpCookieStore: WKHTTPCookieStore { storedCookieStore }
}
#endif
