import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// An intranet sign-in as iOS code writes it: a `@MainActor` navigation
/// delegate that answers HTTP Basic with the account's password once, pins
/// its own server's certificate, and lets WebKit handle every other server.
@MainActor final class IntranetSignIn: NavigationDelegate {
    enum Fault: Sendable { case none, answersTwice, forgetsBasic, wrongUser, trustsEveryServer }
    nonisolated static let password = "correct-horse-battery"

    let fault: Fault

    init(platform: Platform, fault: Fault = .none) {
        self.fault = fault
        platform.webView.setNavigationDelegate(self)
    }

    nonisolated func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didReceive(_ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void) {
        let answer: AuthenticationAnswer
        switch challenge.method {
        case .httpBasic where challenge.previousFailureCount == 0:
            if fault == .forgetsBasic { return }
            let user = fault == .wrongUser ? "guest" : "ada"
            answer = AuthenticationAnswer(.useCredential, credential: .password(user: user, password: Self.password))
        case .httpBasic:
            answer = AuthenticationAnswer(.cancelAuthenticationChallenge)
        case .serverTrust where challenge.host == "intranet.example" || fault == .trustsEveryServer:
            answer = AuthenticationAnswer(.useCredential, credential: .serverTrust)
        default:
            answer = .performDefaultHandling
        }
        completionHandler(answer)
        if fault == .answersTwice { completionHandler(answer) }
    }
}

@Suite("Authentication challenges: record, write, read, replay")
struct AuthenticationChallengeRoundTripTests {
    static let basic = AuthenticationChallenge(host: "intranet.example", port: 443, realm: "Staff", method: .httpBasic)
    static let pinned = AuthenticationChallenge(host: "intranet.example", port: 443, method: .serverTrust)
    static let other = AuthenticationChallenge(host: "cdn.example", port: 443, method: .serverTrust)
    static let retried = AuthenticationChallenge(
        host: "intranet.example", port: 443, realm: "Staff", method: .httpBasic, previousFailureCount: 1)

    func recordSession() async throws -> Cassette {
        let web = SimulatedWebView()
        return try await recordWrittenAndRead(
            "intranet", platform: .simulated(webView: web), setUp: { platform in await IntranetSignIn(platform: platform) },
            drive: { _ in
                var answers: [AuthenticationAnswer] = []
                for challenge in [Self.pinned, Self.basic, Self.other, Self.retried] {
                    answers.append(try await web.authenticate(challenge))
                }
                #expect(answers.map(\.disposition) == [
                    .useCredential, .useCredential, .performDefaultHandling, .cancelAuthenticationChallenge,
                ])
                #expect(answers[1].credential == .password(user: "ada", password: IntranetSignIn.password))
            })
    }

    @Test("each challenge is a stimulus and its answer an effect caused by it; the password is never written")
    func records() async throws {
        let cassette = try await recordSession()
        #expect(cassette.events.map(\.kind.description) == Array(
            repeating: ["navigation.challenge", "navigation.challengeAnswer"], count: 4).flatMap { $0 })
        for index in stride(from: 1, to: 8, by: 2) {
            #expect(cassette.events[index].cause == cassette.events[index - 1].id)
        }
        #expect(cassette.events.map(\.payload.summary) == [
            "serverTrust https://intranet.example:443", "useCredential trusting the server",
            #"httpBasic https://intranet.example:443 realm "Staff""#, #"useCredential as "ada" with a password"#,
            "serverTrust https://cdn.example:443", "performDefaultHandling",
            #"httpBasic https://intranet.example:443 realm "Staff" after 1 failed"#, "cancelAuthenticationChallenge",
        ])
        let written = CassetteWriter.canonicalText(of: cassette)
        #expect(!written.contains(IntranetSignIn.password))
        #expect(cassette.events[3].payload(as: AuthenticationAnswer.self)?.credential?.password == "[REDACTED:1]")
    }

    @Test("the recorded challenges replay against the same sign-in")
    func replays() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await IntranetSignIn(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a completion handler called twice is reported at the challenge")
    func answeredTwice() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await IntranetSignIn(platform: platform, fault: .answersTwice)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .answerRepeated)
        #expect(issue.eventID == 1)
        #expect(issue.eventKind == AuthenticationChallenge.eventKind)
    }

    @Test("a challenge whose completion handler is never called is reported missing, naming the recorded answer")
    func neverAnswered() async throws {
        let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
            await IntranetSignIn(platform: platform, fault: .forgetsBasic)
        }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .answerMissing, "\(report)")
        #expect(issue.eventID == 3)
        #expect(issue.message.contains("useCredential as \"ada\""), "\(issue)")
    }

    @Test("answering with another user, or trusting a server the recording left to WebKit, fails at that answer")
    func wrongAnswers() async throws {
        for fault in [IntranetSignIn.Fault.wrongUser, .trustsEveryServer] {
            let report = await Replayer(cassette: try await recordSession(), options: fastReplay).replay { platform in
                await IntranetSignIn(platform: platform, fault: fault)
            }
            let issue = try #require(report.issues.first, "\(fault): \(report)")
            #expect(issue.eventID == (fault == .wrongUser ? 4 : 6), "\(fault): \(issue)")
            #expect(!report.passed)
            #expect(!"\(report)".contains(IntranetSignIn.password), "\(fault): the report shows the password")
        }
    }

    @Test("the bundled intranet example replays against the sign-in")
    func bundledExample() async throws {
        let report = try await replayExample("web/intranet-sign-in.json") { platform in await IntranetSignIn(platform: platform) }
        #expect(report.passed, "\(report)")
    }

    @Test("a challenge with no navigation delegate cannot be delivered, and says so")
    func noDelegate() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: Self.basic)])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(issue.message == "could not be delivered: the web view has no navigation delegate to answer the challenge")
    }

    @Test("a delegate without the method lets WebKit handle every challenge")
    func defaultHandling() async throws {
        struct Allower: NavigationDelegate {
            func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
                decisionHandler(.allow)
            }
        }
        let web = SimulatedWebView()
        web.setNavigationDelegate(Allower())
        #expect(try await web.authenticate(Self.basic) == .performDefaultHandling)
        await #expect(throws: SimulationError.self) { try await SimulatedWebView().authenticate(Self.basic) }
    }

    @Test("the reader checks the port, the method and that only useCredential gives a credential")
    func readerErrors() throws {
        func problems(_ events: String) -> [String] { diagnostics(of: cassetteText([events])) }
        let challenge = #"{"id": 1, "at": 0, "channel": "navigation", "kind": "challenge", "direction": "stimulus", "payload": "#
        #expect(problems(challenge + #"{"host": "a", "port": 70000, "method": "httpBasic"}}"#).contains { $0.contains("between 0 and 65535") })
        #expect(problems(challenge + #"{"host": "a", "port": 443, "method": "kerberos"}}"#).contains { $0.contains("authentication method") })
        let answer = #"{"id": 2, "at": 0, "cause": 1, "channel": "navigation", "kind": "challengeAnswer", "direction": "effect", "payload": "#
        #expect(problems(challenge + #"{"host": "a", "port": 443, "method": "httpBasic"}}, "# + answer
            + #"{"disposition": "performDefaultHandling", "credential": {"user": "ada"}}}"#).contains { $0.contains("only an answer that is 'useCredential'") })
        #expect(problems(challenge + #"{"host": "a", "port": 443, "method": "httpBasic"}}, "# + answer
            + #"{"disposition": "useCredential", "credential": {"user": "ada", "password": "[REDACTED:1]"}}}"#) == [])
    }
}

