import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Signs in when the page posts `{"attempt": n}`, with the user and password
/// `credential(n)` gives: the app's own keychain, not the page, holds them.
private struct KeychainSignIn: ScriptMessageHandler {
    let transport: any HTTPTransport
    let credential: @Sendable (Int) -> (user: String, password: String)

    init(platform: Platform, credential: @escaping @Sendable (Int) -> (user: String, password: String)) {
        transport = platform.transport
        self.credential = credential
        platform.webView.add(self, name: "login")
    }

    func didReceive(_ message: ScriptMessage) {
        guard let attempt = message.body.objectValue?["attempt"]?.numberValue.map(Int.init) else { return }
        let (transport, sent) = (transport, credential(attempt))
        Task {
            _ = try? await transport.send(
                HTTPRequest(
                    method: "POST", url: "https://id.bank.test/login",
                    headers: [HTTPHeader("Content-Type", "application/json")],
                    body: .json(["username": .string(sent.user), "password": .string(sent.password)])))
        }
    }
}

/// Everything a failed report shows: its text, its issues' fields and the bytes of its trace, the `.actual.json` attachment.
private func shown(_ report: ReplayReport) -> String {
    report.description + report.issues.map { "\($0.differences)" }.joined()
        + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
}

/// The password each request of the report's trace sends.
private func sentPasswords(_ report: ReplayReport) -> [JSONValue?] {
    report.trace.events.compactMap { $0.payload(as: HTTPRequest.self) }.map {
        guard case .json(let body)? = $0.body else { return nil }
        return body.objectValue?["password"]
    }
}

@Suite("An effect that diverges for another reason shows its unchanged secret under the cassette's number")
struct UnchangedSecretReportTests {
    static let password = "keychain-pass-8Hq2"
    static let other = "another-pass-3Zt9"

    /// `attempts` sign-ins as `ada` with the password: the password is `[REDACTED:1]` in every request.
    static func recorded(attempts: Int = 1) async throws -> Cassette {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let recorder = Recorder(name: "keychain-sign-in")
        _ = KeychainSignIn(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server))) { _ in
            ("ada", password)
        }
        for attempt in 1...attempts {
            try page.postMessage(["attempt": .number(Double(attempt))], to: "login")
            try await recorder.waitForEvents(HTTPResponse.eventKind, count: attempt)
        }
        let cassette = try CassetteReader().read(try recorder.canonicalBytes(file: "sign-in.json"), path: "sign-in.json")
        #expect(!String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self).contains(password))
        return cassette
    }

    static func replay(
        _ cassette: Cassette, secrets: [Int: String] = [:],
        credential: @escaping @Sendable (Int) -> (user: String, password: String)
    ) async -> ReplayReport {
        var options = fastReplay
        options.secrets = secrets
        return await Replayer(cassette: cassette, options: options).replay { platform in
            KeychainSignIn(platform: platform, credential: credential)
        }
    }

    @Test(
        "the secret sent with another user name reads [REDACTED:1] in the trace, as in the cassette, declared or not",
        arguments: [[1: password], [:]])
    func otherUserSameSecret(secrets: [Int: String]) async throws {
        let cassette = try await Self.recorded()
        let report = await Self.replay(cassette, secrets: secrets) { _ in ("ADA", Self.password) }

        #expect(!report.passed)
        #expect(report.issues.first?.differences.map(\.path) == ["body.json.username"], "\(report)")
        #expect(sentPasswords(report) == ["[REDACTED:1]"], "\(shown(report))")
        #expect(!shown(report).contains(Self.password), "\(report)")
        #expect(!shown(report).contains("[REDACTED:2]"), "\(shown(report))")
    }

    @Test("another password sent with another user name gets a number of its own, and neither password is shown")
    func otherUserOtherSecret() async throws {
        let cassette = try await Self.recorded()
        let report = await Self.replay(cassette, secrets: [1: Self.password]) { _ in ("ADA", Self.other) }

        #expect(!report.passed)
        let differences = report.issues.first?.differences ?? []
        #expect(differences.map(\.path).sorted() == ["body.json.password", "body.json.username"], "\(report)")
        #expect(differences.first { $0.path == "body.json.password" }?.actual == #""[REDACTED:2]""#, "\(report)")
        #expect(sentPasswords(report) == ["[REDACTED:2]"], "\(shown(report))")
        #expect(!shown(report).contains(Self.password), "\(report)")
        #expect(!shown(report).contains(Self.other), "\(report)")
    }

    @Test("after a match bound the placeholder, the same secret keeps its number and another gets its own", arguments: [false, true])
    func boundEarlier(changed: Bool) async throws {
        let cassette = try await Self.recorded(attempts: 2)
        let second = changed ? Self.other : Self.password
        let report = await Self.replay(cassette) { attempt in attempt == 1 ? ("ada", Self.password) : ("ADA", second) }

        #expect(!report.passed)
        #expect(report.issues.first?.differences.contains { $0.path == "body.json.username" } == true, "\(report)")
        #expect(sentPasswords(report) == ["[REDACTED:1]", changed ? "[REDACTED:2]" : "[REDACTED:1]"], "\(shown(report))")
        #expect(!shown(report).contains(Self.password), "\(report)")
        #expect(!shown(report).contains(Self.other), "\(report)")
    }

    @Test("a value found where nothing gave the placeholder a value stands for it; a second value, or one where a secret is declared, does not")
    func standsForFreePlaceholder() {
        let recorded = ScriptMessage(handler: "h", body: ["user": "ada", "password": "[REDACTED:1]"])
        func sent(_ password: String) -> ScriptMessage {
            ScriptMessage(handler: "h", body: ["user": "ADA", "password": .string(password)])
        }

        var free = HiddenValues(secrets: [:], bindings: PlaceholderBindings())
        free.learn(recorded: recorded, actual: sent(Self.password))
        free.learn(recorded: recorded, actual: sent(Self.other))
        #expect(free.pairs.map(\.secret) == [Self.password, Self.other])
        #expect(free.pairs.map(\.bound) == [true, false])

        var declared = HiddenValues(secrets: [1: Self.password], bindings: PlaceholderBindings())
        declared.learn(recorded: recorded, actual: sent(Self.other))
        #expect(declared.pairs.map(\.secret) == [Self.password, Self.other])
        #expect(declared.pairs.map(\.bound) == [true, false])
    }
}
