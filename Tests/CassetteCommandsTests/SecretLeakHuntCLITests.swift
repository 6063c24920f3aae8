import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// Two cassettes that differ only in a bearer token a hand edit left in
/// clear where the recorder wrote a placeholder, fed to the commands that
/// print a cassette's values.
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

    @Test("import har hides the token a hand-edited cassette exported in clear")
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

    @Test(
        "review prints a hand-inserted token changed between two commits",
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
                #expect(printed.contains("sign-in.json"), "\(printed)")
                withKnownIssue("review shows a cassette's values as the files hold them and does not lint them") {
                    #expect(!printed.contains(Self.tokenB) || printed.contains("warning"), "\(printed)")
                }
            }
        }
    }

    @Test("diff, show and export har print what the file holds, the hand-inserted token included")
    func printsFileValues() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.signIn(token: Self.tokenA), to: "a.json")
            try directory.write(Self.signIn(token: Self.tokenB), to: "b.json")
            let outputs = [
                await cassette("diff", "a.json", "b.json", in: directory),
                await cassette("diff", "--format", "markdown", "a.json", "b.json", in: directory),
                await cassette("show", "a.json", in: directory),
                await cassette("export", "har", "a.json", in: directory),
            ]
            for result in outputs {
                let printed = result.standardOutput + result.standardError
                #expect(result.status == .success || result.status == .checkFailed, "\(printed)")
                withKnownIssue("the tool prints a cassette's values as the file holds them and does not lint them") {
                    #expect(!printed.contains(Self.tokenA) || printed.contains("warning"), "\(printed)")
                }
            }
        }
    }
}
