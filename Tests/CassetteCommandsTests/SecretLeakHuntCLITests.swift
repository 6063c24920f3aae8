import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// Two cassettes that differ only in a bearer token a hand edit left in
/// clear where the recorder wrote a placeholder, fed to the commands that
/// print a cassette's values: each warns, as lint does, and prints a
/// placeholder in the token's place.
@Suite("Secret leak hunt: the command-line tool")
struct SecretLeakHuntCLITests {
    static let tokenA = "opaque-token-aaaa-1111"
    static let tokenB = "opaque-token-bbbb-2222"

    static func signIn(token: String) -> String {
        let cassette = Cassette(
            header: CassetteHeader(
                name: "sign-in", recordedBy: RecordingTool(tool: "HybridReplay", version: "0.1.0", engine: "URLSession"),
                redactions: Redaction.default.ruleNames),
            events: [
                Event(
                    id: 1, at: 0,
                    payload: HTTPRequest(
                        method: "GET", url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer \(token)")])),
                Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 200)),
            ])
        return String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
    }

    @Test("lint --strict fails on the hand-inserted token")
    func lint() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.signIn(token: Self.tokenA), to: "a.json")
            let result = await cassette("lint", "--strict", "a.json", in: directory)
            #expect(result.status == .checkFailed, "\(result.standardError)")
            #expect(!(result.standardOutput + result.standardError).contains(Self.tokenA))
        }
    }

    @Test("a hand-inserted token exported by export har and imported again stays hidden")
    func harRoundTrip() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.signIn(token: Self.tokenA), to: "a.json")
            let exported = await cassette("export", "har", "-o", "a.har", "a.json", in: directory)
            #expect(exported.status == .success, "\(exported.standardError)")
            let imported = await cassette("import", "har", "--name", "a", "-o", "b.json", "a.har", in: directory)
            #expect(imported.status == .success, "\(imported.standardError)")
            let text = try directory.text(of: "b.json")
            #expect(!text.contains(Self.tokenA), "\(text)")
            #expect(text.contains("Bearer [REDACTED:1]"), "\(text)")
        }
    }

    /// What `diff`, `show`, `review` and `export har` say of the token in `a.json` or `sign-in.json`.
    static func warning(_ path: String, placeholder: Int) -> String {
        "\(path):32:22: warning: header 'Authorization' holds an unredacted credential; redact it"
            + " (shown as [UNREDACTED SECRET \(placeholder)])"
    }

    @Test(
        "review hides a hand-inserted token changed between two commits, and warns",
        .enabled(if: GitRepository.isAvailable, "git is not installed at /usr/bin/git"))
    func review() async throws {
        try await withTemporaryDirectory { directory in
            let repository = try await GitRepository.create(in: directory)
            try directory.write(Self.signIn(token: Self.tokenA), to: "Cassettes/sign-in.json")
            try await repository.commitAll("Record")
            try directory.write(Self.signIn(token: Self.tokenB), to: "Cassettes/sign-in.json")
            for format in ["text", "markdown"] {
                let result = await cassette("review", "--base", "HEAD", "--format", format, in: directory)
                let printed = result.standardOutput + result.standardError
                #expect(result.status == .checkFailed, "\(printed)")
                #expect(result.standardOutput.contains("sign-in.json"), "\(printed)")
                #expect(!printed.contains(Self.tokenA) && !printed.contains(Self.tokenB), "\(printed)")
                // The token changed, and the diff still says so: each value has a number of its own.
                #expect(result.standardOutput.contains("[UNREDACTED SECRET 1]"), "\(printed)")
                #expect(result.standardOutput.contains("[UNREDACTED SECRET 2]"), "\(printed)")
                let warnings = result.standardError.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
                let expected = [
                    Self.warning("HEAD:Cassettes/sign-in.json", placeholder: 1), Self.warning("Cassettes/sign-in.json", placeholder: 2),
                ]
                #expect(warnings == expected, "\(printed)")
            }
        }
    }

    @Test("diff (text, markdown, json), show and export har hide the hand-inserted token, and warn")
    func hidesFileValues() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.signIn(token: Self.tokenA), to: "a.json")
            try directory.write(Self.signIn(token: Self.tokenB), to: "b.json")
            let outputs = [
                await cassette("diff", "a.json", "b.json", in: directory),
                await cassette("diff", "--format", "markdown", "a.json", "b.json", in: directory),
                await cassette("diff", "--format", "json", "a.json", "b.json", in: directory),
                await cassette("show", "a.json", in: directory),
                await cassette("export", "har", "a.json", in: directory),
            ]
            // A diff of cassettes that differ exits 1 as it did; show and export succeed, warnings or not.
            let statuses: [ExitCode] = [.checkFailed, .checkFailed, .checkFailed, .success, .success]
            for (result, status) in zip(outputs, statuses) {
                let printed = result.standardOutput + result.standardError
                #expect(result.status == status, "\(printed)")
                #expect(!printed.contains(Self.tokenA) && !printed.contains(Self.tokenB), "\(printed)")
                #expect(result.standardOutput.contains("[UNREDACTED SECRET 1]"), "\(printed)")
                #expect(result.standardError.contains(Self.warning("a.json", placeholder: 1)), "\(printed)")
            }
            for diff in outputs.prefix(3) {
                #expect(diff.standardOutput.contains("[UNREDACTED SECRET 2]"), "\(diff.standardOutput)")
                #expect(diff.standardError.contains(Self.warning("b.json", placeholder: 2)), "\(diff.standardError)")
            }
        }
    }
}
