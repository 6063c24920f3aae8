import Foundation
import HybridReplay
import HybridReplayVariants
import Testing

/// An intranet sign-in whose bug lives off the recorded path: it answers
/// the first Basic challenge with the password and returns without calling
/// the completion handler when the server asks again, so the load hangs.
@MainActor final class SignInSilentOnRetry: NavigationDelegate {
    let answersRetries: Bool

    init(platform: Platform, answersRetries: Bool = false) {
        self.answersRetries = answersRetries
        platform.webView.setNavigationDelegate(self)
    }

    nonisolated func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didReceive(_ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void) {
        switch challenge.method {
        case .httpBasic where challenge.previousFailureCount == 0:
            completionHandler(AuthenticationAnswer(.useCredential, credential: .password(user: "ada", password: "correct-horse-battery")))
        case .httpBasic:
            if answersRetries { completionHandler(AuthenticationAnswer(.cancelAuthenticationChallenge)) }
        case .serverTrust where challenge.host == "intranet.example":
            completionHandler(AuthenticationAnswer(.useCredential, credential: .serverTrust))
        default:
            completionHandler(.performDefaultHandling)
        }
    }
}

@Suite("Exploring authentication challenges")
struct ChallengeExplorationTests {
    static let cassette = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HybridReplayTests/Fixtures/examples/web/intranet-sign-in.json")

    @Test("a sign-in that never answers a retried challenge is found from the happy-path recording, shrunk to that challenge")
    func silentOnRetry() async throws {
        let exploration = try await exploreCassette(at: Self.cassette) { platform in await SignInSilentOnRetry(platform: platform) }
        let failure = try #require(exploration.failures.first {
            $0.variant.id.variantClass == "retry" && $0.violations.contains { $0.rule == .challengeAnsweredOnce }
        })
        #expect(failure.violations.first { $0.rule == .challengeAnsweredOnce }?.message.contains("never answered") == true)
        #expect(failure.shrunkViolations.contains { $0.rule == .challengeAnsweredOnce })
        #expect(failure.shrunk.events.filter { $0.direction == .stimulus }.count <= 2, "\(failure.shrunk.events.map(\.payload.summary))")
    }

    @Test("a sign-in that answers every challenge breaks no rule in any variant, and its password is no secret in output")
    func correctSignIn() async throws {
        let exploration = try await exploreCassette(at: Self.cassette) { platform in
            await SignInSilentOnRetry(platform: platform, answersRetries: true)
        }
        #expect(exploration.total > 0)
        #expect(exploration.passed, "\(exploration.failures.map { "\($0.variant.id): \($0.violations.map(\.message))" })")
    }
}
