import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

// The examples of docs/authentication-challenges.md, compiled and run here.

/// Signs in to the company intranet: pins the intranet's certificate,
/// answers HTTP Basic once with the account's password, and leaves every
/// other server to WebKit.
@MainActor
final class IntranetPortal: NavigationDelegate {
    private let password: () -> String?

    init(platform: Platform, password: @escaping () -> String?) {
        self.password = password
        platform.webView.setNavigationDelegate(self)
    }

    nonisolated func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didReceive(_ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void) {
        switch challenge.method {
        case .serverTrust where challenge.host == "intranet.example":
            completionHandler(AuthenticationAnswer(.useCredential, credential: .serverTrust))
        case .httpBasic where challenge.previousFailureCount == 0:
            guard let password = password() else {
                return completionHandler(AuthenticationAnswer(.cancelAuthenticationChallenge))
            }
            completionHandler(AuthenticationAnswer(.useCredential, credential: .password(user: "ada", password: password)))
        case .httpBasic:
            completionHandler(AuthenticationAnswer(.cancelAuthenticationChallenge))
        default:
            completionHandler(.performDefaultHandling)
        }
    }
}

@Suite("docs/authentication-challenges.md")
struct AuthenticationChallengeExamples {
    @Test("the portal's recorded sign-in replays, and the simulation hands it challenges")
    func example() async throws {
        let web = SimulatedWebView()
        let portal = await IntranetPortal(platform: .simulated(webView: web)) { "correct-horse-battery" }
        let answer = try await web.authenticate(
            AuthenticationChallenge(host: "intranet.example", port: 443, realm: "Staff", method: .httpBasic))
        #expect(answer.disposition == .useCredential)
        withExtendedLifetime(portal) {}

        let report = try await replayExample("web/intranet-sign-in.json") { platform in
            await IntranetPortal(platform: platform) { "correct-horse-battery" }
        }
        #expect(report.passed, "\(report)")
    }
}
