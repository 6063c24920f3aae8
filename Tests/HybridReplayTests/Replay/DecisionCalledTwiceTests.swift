import Foundation
import Testing

@testable import HybridReplay

/// A navigation decision handler kept and called later, from a task, twice:
/// the first call is the decision, matched against the recording, as WebKit
/// acts on it; the second is its own issue, every run, whichever came first
/// of it and the end of the run.
@Suite("A decision handler called twice from a task")
struct DecisionCalledTwiceTests {
    /// Checks internal links with the server before following them, deciding
    /// later from a task; the buggy one calls the handler with a leftover
    /// `.allow` before its `.cancel` for a blocked link.
    @MainActor final class LinkChecker: NavigationDelegate {
        enum Order { case once, allowThenCancel, cancelThenAllow }
        let platform: Platform
        let order: Order
        private var pending: [URL: @Sendable (NavigationPolicy) -> Void] = [:]

        init(platform: Platform, order: Order) {
            self.platform = platform
            self.order = order
            platform.webView.setNavigationDelegate(self)
        }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            guard let url = action.request.url else { return decisionHandler(.cancel) }
            pending[url] = decisionHandler
            let transport = platform.transport
            Task { [weak self] in
                let check = HTTPRequest(method: "POST", url: "https://app.example.com/api/link-check", body: .text(url.path))
                let allowed = (try? await transport.send(check))?.status == 200
                self?.resolve(url, allowed: allowed)
            }
        }

        private func resolve(_ url: URL, allowed: Bool) {
            guard let handler = pending.removeValue(forKey: url) else { return }
            guard !allowed else { return handler(.allow) }
            platform.routes.show(NativeRoute(name: "blocked", parameters: ["path": .string(url.path)]))
            switch order {
            case .once:
                handler(.cancel)
            case .allowThenCancel:
                handler(.allow)
                handler(.cancel)
            case .cancelThenAllow:
                handler(.cancel)
                handler(.allow)
            }
        }
    }

    static let admin = NavigationAction(url: "https://app.example.com/admin", navigationType: .linkActivated, targetFrame: .main())

    /// The recording of a blocked link: checked, refused by the server, cancelled.
    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: admin),
        Event(
            id: 2, at: 0.001, cause: 1,
            payload: HTTPRequest(method: "POST", url: "https://app.example.com/api/link-check", body: .text("/admin"))),
        Event(id: 3, at: 0.05, answers: 2, payload: HTTPResponse(status: 403)),
        Event(id: 4, at: 0.051, cause: 3, payload: NativeRoute(name: "blocked", parameters: ["path": .string("/admin")])),
        Event(id: 5, at: 0.052, cause: 1, payload: NavigationDecision(.cancel)),
    ])

    func replay(_ order: LinkChecker.Order) async -> ReplayReport {
        await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
            await LinkChecker(platform: platform, order: order)
        }
    }

    @Test("a blocked link decided once replays green")
    func decidedOncePasses() async {
        let report = await replay(.once)
        #expect(report.passed, "\(report)")
    }

    @Test("allow then cancel: the first call differs from the recording, and the second is reported as called twice")
    func allowThenCancel() async throws {
        let report = await replay(.allowThenCancel)
        #expect(report.issues.count == 2, "\(report)")
        let first = try #require(report.issues.first, "\(report)")
        // The first call is the decision: it is the one compared with the recorded cancel.
        #expect(first.kind == .unexpectedEffect, "\(report)")
        #expect(first.statement == .settledDifferently(NavigationDecision.eventKind), "\(report)")
        #expect(first.eventID == 5, "\(report)")
        #expect(first.cause?.id == 1, "\(report)")
        #expect(first.expected == "cancel" && first.found == "allow", "\(report)")
        let second = try #require(report.issues.dropFirst().first, "\(report)")
        #expect(second.kind == .decisionRepeated, "\(report)")
        #expect(second.eventID == 1 && second.eventKind == NavigationAction.eventKind, "the navigation action: \(report)")
        #expect(second.expected == "allow" && second.found == "cancel", "\(report)")
        #expect(second.hint == "call decisionHandler exactly once", "\(report)")
        #expect(
            second.message.contains("the navigation action event 1 (") && second.message.contains("was decided twice: first allow, then cancel"),
            "\(report)")
    }

    @Test("cancel then allow: the first call matches the recording, and the second is reported as called twice")
    func cancelThenAllow() async throws {
        let report = await replay(.cancelThenAllow)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(report.issues.count == 1, "\(report)")
        #expect(issue.kind == .decisionRepeated, "\(report)")
        #expect(issue.eventID == 1, "\(report)")
        #expect(issue.expected == "cancel" && issue.found == "allow", "\(report)")
        let decisions = report.trace.events.compactMap { $0.payload(as: NavigationDecision.self)?.policy }
        #expect(decisions == [.cancel, .allow], "both calls are in the trace, in the order made: \(report)")
    }
}
