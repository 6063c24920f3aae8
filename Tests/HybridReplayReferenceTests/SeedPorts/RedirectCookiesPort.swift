import Foundation
import HybridReplaySeams

// The redirect-cookies article's `WKCookieWebView`, ported to the seams as
// written, bugs included (the page is loaded under the first request's URL,
// not the redirect's; a failed request loads nothing). Its fragments are
// assembled where the article's placeholders put them; the `load(_:)` the
// article describes but does not show is added. (Extensions need file scope,
// so this port has no namespace; no other type is named `WKCookieWebView`.)
// `Scripts/seed-port-diff redirect-cookies` counts the changed lines.
// seed-port-diff: begin
class WKCookieWebView : @unchecked Sendable {
let platform: Platform
init(platform: Platform) { self.platform = platform }
func load(_ request: HTTPRequest) {
    requestWithCookieHandling(request, success: { request, _, data in
        self.platform.webView.load(NavigationLoad(url: request.urlString, body: data.map { .bytes($0) }))
    }, failure: {})
}
   private func requestWithCookieHandling(_ request: HTTPRequest, success: @escaping @Sendable (HTTPRequest, HTTPResponse?, Data?) -> Void, failure: @escaping @Sendable () -> Void) {
       let session = platform.transport
       let task = Task { var (data, response, error): (Data?, HTTPResponse?, HTTPTransportError?) = (nil, nil, nil)
       do throws(HTTPTransportError) { response = try await session.send(request, redirectDelegate: self); data = response?.body?.data } catch let thrown { error = thrown }
           if let _ = error {
               failure()
           } else {
               success(request, response, data)
       }
   }
   _ = task
}
}

extension WKCookieWebView : HTTPRedirectDelegate {
   func willPerformRedirection(_ response: HTTPResponse, newRequest request: HTTPRequest, currentRequest: HTTPRequest) async -> HTTPRequest? {
       for header in response.headers.values(named: "Set-Cookie") { if let cookie = SetCookie.parse(header, requestURL: currentRequest.urlString, now: platform.wallClock.now) { await platform.cookieStore.setCookie(cookie) } }
       return await withCheckedContinuation { completionHandler in
       syncCookies(request) { (newRequest) in
           completionHandler.resume(returning: newRequest)
       }
       }
   }
}

extension WKCookieWebView {
private func syncCookies(_ request: HTTPRequest, _ task: HTTPRequest? = nil, _ completion: @escaping @Sendable
(HTTPRequest) -> Void) {
var request = request
var cookiesArray: [Cookie] = []

       if let task = task {
           Task { let cookies: [Cookie]? = await platform.cookieStore.cookies(for: task.urlString)
               if let cookies = cookies {
                   cookiesArray.append(contentsOf: cookies)

                   let cookieDict = SetCookie.cookieHeader(for: cookiesArray).map { ["Cookie": $0] } ?? [:]
                   if let cookieStr = cookieDict["Cookie"] {
                       request.addValue(cookieStr, forHTTPHeaderField: "Cookie")
                   }
               }
               completion(request)
           }
       } else  if let url = request.url {
           Task {
           if let cookies = Optional(await platform.cookieStore.cookies(for: url)) {
               cookiesArray.append(contentsOf: cookies)
           }
           let cookieDict = SetCookie.cookieHeader(for: cookiesArray).map { ["Cookie": $0] } ?? [:]
           if let cookieStr = cookieDict["Cookie"] {
               request.addValue(cookieStr, forHTTPHeaderField: "Cookie")
           }
           completion(request)
           }

       } else {
           if let cookies = Optional<[Cookie]>.none {
               cookiesArray.append(contentsOf: cookies)
           }
           let cookieDict = SetCookie.cookieHeader(for: cookiesArray).map { ["Cookie": $0] } ?? [:]
           if let cookieStr = cookieDict["Cookie"] {
               request.addValue(cookieStr, forHTTPHeaderField: "Cookie")
           }
           completion(request)
       }
   }
}
// seed-port-diff: end
