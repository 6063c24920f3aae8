import Foundation
import HybridReplay

/// App-side code for the simulation tests: handlers and delegates that log
/// what the simulated platform hands them and answer as each test scripts.
enum SimulatedApp {
    /// A thread-safe log of what app code saw.
    final class Log<Entry: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Entry] = []

        init() {}

        func append(_ entry: Entry) {
            lock.lock()
            defer { lock.unlock() }
            storage.append(entry)
        }

        var entries: [Entry] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }

    struct MessageHandler: ScriptMessageHandler {
        var onMessage: @Sendable (ScriptMessage) -> Void

        func didReceive(_ message: ScriptMessage) { onMessage(message) }
    }

    struct ReplyHandler: ScriptMessageHandlerWithReply {
        var onMessage: @Sendable (ScriptMessage, @escaping @Sendable (Outcome) -> Void) -> Void

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            onMessage(message, replyHandler)
        }
    }

    struct NavigationDecider: NavigationDelegate {
        var onAction: @Sendable (NavigationAction, @escaping @Sendable (NavigationPolicy) -> Void) -> Void

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            onAction(action, decisionHandler)
        }
    }

    struct AsyncNavigationDecider: AsyncNavigationDelegate {
        var policy: @Sendable (NavigationAction) async -> NavigationPolicy

        func decidePolicy(for action: NavigationAction) async -> NavigationPolicy { await policy(action) }
    }

    /// What a location manager delegate was told.
    enum LocationCallback: Sendable, Equatable {
        case authorization(AuthorizationStatus, AccuracyAuthorization?)
        case locations([LocationFix])
        case failure(LocationErrorCode)
    }

    struct LocationDelegate: LocationManagerDelegate {
        let log: Log<LocationCallback>
        var onAuthorization: @Sendable (AuthorizationStatus) -> Void = { _ in }

        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
            log.append(.authorization(status, accuracy))
            onAuthorization(status)
        }

        func locationManager(didUpdateLocations locations: [LocationFix]) { log.append(.locations(locations)) }

        func locationManager(didFailWithError error: LocationErrorCode) { log.append(.failure(error)) }
    }

    struct RedirectDelegate: HTTPRedirectDelegate {
        var onRedirect: @Sendable (HTTPResponse, HTTPRequest, HTTPRequest) async -> HTTPRequest?

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            await onRedirect(response, newRequest, currentRequest)
        }
    }

    struct CustomHandler: CustomEventHandler {
        let log: Log<CustomEvent>

        func didReceive(_ event: CustomEvent) { log.append(event) }
    }
}
