#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeTask.h "WK_API_AVAILABLE(macos(10.13), ios(11.0)) @protocol WKURLSchemeTask <NSObject>"; https://developer.apple.com/documentation/webkit/wkurlschemetask (checked 2026-12-03 in the header at WebKit/WebKit commit 4f70bc5d, and Apple's page: "protocol WKURLSchemeTask : NSObjectProtocol"; no WK_SWIFT_UI_ACTOR on the protocol)
public protocol WKURLSchemeTask: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeTask.h "@property (nonatomic, readonly, copy) NSURLRequest *request"; https://developer.apple.com/documentation/webkit/wkurlschemetask/request (checked 2026-12-03 in the header at WebKit/WebKit commit 4f70bc5d; the Swift form "var request: URLRequest { get }" as NSURLRequest bridges; this page not re-read)
    var request: URLRequest { get }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeTask.h "- (void)didReceiveResponse:(NSURLResponse *)response"; https://developer.apple.com/documentation/webkit/wkurlschemetask/didreceive(_:)-2u23r (checked 2026-12-03: "func didReceive(_ response: URLResponse)")
    func didReceive(_ response: URLResponse)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeTask.h "- (void)didReceiveData:(NSData *)data"; https://developer.apple.com/documentation/webkit/wkurlschemetask/didreceive(_:)-8t5f8 (checked 2026-12-03 in the header at WebKit/WebKit commit 4f70bc5d; the Swift form "func didReceive(_ data: Data)" as NSData bridges; this page not re-read)
    func didReceive(_ data: Data)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeTask.h "- (void)didFinish"; https://developer.apple.com/documentation/webkit/wkurlschemetask/didfinish() (checked 2026-12-03 in the header at WebKit/WebKit commit 4f70bc5d; this page not re-read)
    func didFinish()

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeTask.h "- (void)didFailWithError:(NSError *)error"; https://developer.apple.com/documentation/webkit/wkurlschemetask/didfailwitherror(_:) (checked 2026-12-03 in the header at WebKit/WebKit commit 4f70bc5d; the Swift form "func didFailWithError(_ error: any Error)" as NSError bridges; this page not re-read)
    func didFailWithError(_ error: any Error)
}
#endif
