import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Signs in with the password the page posts, passed through `change` first.
private struct SignInClient: ScriptMessageHandler {
    let transport: any HTTPTransport
    let change: @Sendable (String) -> String

    init(platform: Platform, change: @escaping @Sendable (String) -> String = { $0 }) {
        transport = platform.transport
        self.change = change
        platform.webView.add(self, name: "login")
    }

    func didReceive(_ message: ScriptMessage) {
        guard let password = message.body.objectValue?["password"]?.stringValue else { return }
        let (transport, sent) = (transport, change(password))
        Task {
            _ = try? await transport.send(
                HTTPRequest(
                    method: "POST", url: "https://id.bank.test/login",
                    headers: [HTTPHeader("Content-Type", "application/json")],
                    body: .json(["username": "ada", "password": .string(sent)])))
        }
    }
}

/// Everything a failed report shows: its text and the bytes of its trace, the `.actual.json` attachment.
private func shown(_ report: ReplayReport) -> String {
    report.description + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
}

@Suite("A secret the app changes before sending it is reported with the cassette's placeholders whole")
struct ChangedSecretReportTests {
    static let password = "correct-horse-battery-7"
    static let token = "tok_9QmZ2xLr4vW8nB1c"

    /// The page posts the password, the app signs in with it, and the server
    /// answers with a token: the password is `[REDACTED:1]`, the token `[REDACTED:2]`.
    static func recorded() async throws -> Cassette {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: .json(["access_token": .string(token)]))
        }
        let recorder = Recorder(name: "sign-in")
        _ = SignInClient(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server)))
        try page.postMessage(["username": "ada", "password": .string(password)], to: "login")
        try await recorder.waitForEvents(HTTPResponse.eventKind)
        return try CassetteReader().read(try recorder.canonicalBytes(file: "sign-in.json"), path: "sign-in.json")
    }

    @Test("an app that trims the stand-in it was handed fails at the password, expected [REDACTED:1], found a number of its own")
    func trimmedStandIn() async throws {
        let cassette = try await Self.recorded()
        let bytes = String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
        #expect(!bytes.contains(Self.password) && !bytes.contains(Self.token))
        #expect(cassette.events.first?.payload(as: ScriptMessage.self)?.body.objectValue?["password"] == "[REDACTED:1]")

        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            SignInClient(platform: platform) { String($0.dropLast()) }
        }

        let difference = try #require(report.issues.first?.differences.first, "\(report)")
        #expect(difference.path == "body.json.password")
        #expect(difference.expected == #""[REDACTED:1]""#, "\(report)")
        #expect(difference.actual == #""[REDACTED:3]""#, "\(report)")
        #expect(
            difference.note
                == #"event 1 played back the placeholder "[REDACTED:1]" itself, as the test supplies no value for it (ReplayOptions.secrets), and this is another value"#)
        #expect(
            report.description.contains(
                #"body.json.password: expected "[REDACTED:1]", found "[REDACTED:3]" (event 1 played back the placeholder"#),
            "\(report)")
        // No placeholder is cut: event 1 reads as the cassette has it, in the report and in its trace.
        #expect(!shown(report).contains("]]"), "\(report)")
        #expect(report.trace.events.first?.payload(as: ScriptMessage.self)?.body.objectValue?["password"] == "[REDACTED:1]")
        let sent = report.trace.events.compactMap { $0.payload(as: HTTPRequest.self) }.first
        #expect(sent?.body == .json(["username": "ada", "password": "[REDACTED:3]"]), "\(report)")
    }

    @Test("an app that trims the declared password it was handed fails with both values hidden, neither numbered 1")
    func trimmedDeclaredSecret() async throws {
        let cassette = try await Self.recorded()
        var options = fastReplay
        options.secrets = [1: Self.password]

        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            SignInClient(platform: platform) { String($0.dropLast()) }
        }

        let difference = try #require(report.issues.first?.differences.first, "\(report)")
        #expect(difference.path == "body.json.password")
        #expect(difference.expected == #""[REDACTED:1]""#, "\(report)")
        #expect(difference.actual == #""[REDACTED:3]""#, "\(report)")
        #expect(difference.note?.contains("stands for the secret the test supplies") == true, "\(report)")
        #expect(!shown(report).contains(String(Self.password.dropLast())), "\(report)")
        #expect(!shown(report).contains("]]"), "\(report)")
    }

    @Test("an app that passes the stand-in on unchanged replays green")
    func unchanged() async throws {
        let report = await Replayer(cassette: try await Self.recorded(), options: fastReplay).replay {
            SignInClient(platform: $0)
        }
        #expect(report.passed, "\(report)")
    }
}
