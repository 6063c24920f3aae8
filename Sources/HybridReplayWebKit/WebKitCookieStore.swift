import Foundation
import HybridReplayFoundationAdapters
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A `WKHTTPCookieStore` behind the CookieStore seam.
///
/// `WKHTTPCookieStore` can only list every cookie, so `cookies(for:)`
/// fetches them all and selects with the same RFC 6265 rules as
/// InMemoryCookieStore (`CookieMatching`). Both methods hop to the
/// main actor, where the store must be called, and return when WebKit's
/// completion handler has run.
public final class WebKitCookieStore: CookieStore {
    /// The store; a main-actor class, so sharing the reference is safe.
    public let store: WKHTTPCookieStore
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    private let now: @Sendable () -> Date

    /// Wraps `store`, such as `webView.configuration.websiteDataStore.httpCookieStore`.
    ///
    /// - Parameters:
    ///   - store: The cookie store to drive.
    ///   - now: The clock expiry is checked against; tests pass a fixed date.
    ///   - reportIssue: Called with cookies that cannot be written.
    public init(
        _ store: WKHTTPCookieStore, now: @escaping @Sendable () -> Date = { Date() },
        reportIssue: @escaping @Sendable (WebKitAdapterIssue) -> Void = { _ in }
    ) {
        self.store = store
        self.now = now
        self.report = reportIssue
    }

    public func setCookie(_ cookie: Cookie) async {
        let store = store
        let httpCookie: HTTPCookie
        do {
            httpCookie = try cookie.httpCookie()
        } catch {
            report(WebKitAdapterIssue(.unsupportedValue, "\(error); not stored"))
            return
        }
        let box = UncheckedBox(httpCookie)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            performOnMainActor { store.setCookie(box.value) { continuation.resume() } }
        }
    }

    public func cookies(for url: String) async -> [Cookie] {
        let store = store
        let all: [Cookie] = await withCheckedContinuation { continuation in
            performOnMainActor { store.getAllCookies { continuation.resume(returning: $0.map(Cookie.init)) } }
        }
        return CookieMatching.cookies(in: all, for: url, at: now())
    }
}

/// Carries an `HTTPCookie` — immutable, but not declared `Sendable` on
/// every platform — to the main actor.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
