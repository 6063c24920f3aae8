import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// What `show`, `diff`, `review` and `export har` print of cassettes with
/// and without secrets left unredacted: a clean cassette prints as it is,
/// with no warning; a secret, wherever the cassette holds it, reaches
/// neither standard output, standard error nor a written file.
@Suite("The commands that print a cassette hide its unredacted secrets")
struct PrintedSecretsTests {
    static let password = "correct-horse-battery-staple"

    /// The body `login(password:)` posts.
    static func body(password: String) -> String {
        #"{"email":"ada@example.com","password":"\#(password)"}"#
    }

    /// A sign-in whose body, stored as bytes (`base64`), holds `password`.
    static func login(password: String) -> String {
        let body = body(password: password)
        let cassette = Cassette(
            header: CassetteHeader(name: "login"),
            events: [
                Event(
                    id: 1, at: 0,
                    payload: HTTPRequest(
                        method: "POST", url: "https://api.bank.test/login",
                        headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: .bytes(Data(body.utf8)))),
                Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 204)),
            ])
        return String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
    }

    /// The body as base64 shows it, with `password` in it.
    static func base64Body(password: String) -> String {
        Data(body(password: password).utf8).base64EncodedString()
    }

    @Test("a clean cassette prints as it is, with no warning")
    func cleanCassette() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(SecretLeakHuntCLITests.signIn(token: "[REDACTED:1]"), to: "a.json")
            try directory.write(SecretLeakHuntCLITests.signIn(token: "[REDACTED:1]"), to: "b.json")
            let outputs = [
                await cassette("show", "a.json", in: directory),
                await cassette("diff", "a.json", "b.json", in: directory),
                await cassette("diff", "--format", "markdown", "a.json", "b.json", in: directory),
                await cassette("export", "har", "a.json", in: directory),
            ]
            for result in outputs {
                #expect(result.status == .success, "\(result.standardError)")
                #expect(!result.standardError.contains("warning"), "\(result.standardError)")
                #expect(!result.standardOutput.contains("UNREDACTED"), "\(result.standardOutput)")
            }
            #expect(outputs[0].standardOutput.contains("Bearer [REDACTED:1]"), "\(outputs[0].standardOutput)")
            #expect(outputs[3].standardOutput.contains("Bearer [REDACTED:1]"), "\(outputs[3].standardOutput)")
        }
    }

    @Test(
        "review of a clean cassette prints no warning",
        .enabled(if: GitRepository.isAvailable, "git is not installed at /usr/bin/git"))
    func cleanReview() async throws {
        try await withTemporaryDirectory { directory in
            let repository = try await GitRepository.create(in: directory)
            try directory.write(SecretLeakHuntCLITests.signIn(token: "[REDACTED:1]"), to: "Cassettes/sign-in.json")
            try await repository.commitAll("Record")
            try directory.write(Self.login(password: "[REDACTED:1]"), to: "Cassettes/sign-in.json")
            let result = await cassette("review", "--base", "HEAD", "--format", "markdown", in: directory)
            #expect(result.status == .checkFailed, "\(result.standardError)")
            #expect(!result.standardError.contains("warning"), "\(result.standardError)")
            #expect(!result.standardOutput.contains("UNREDACTED"), "\(result.standardOutput)")
        }
    }

    @Test("a password in a base64 body reaches neither the output nor the HAR file written")
    func base64Body() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.login(password: Self.password), to: "login.json")
            let show = await cassette("show", "login.json", in: directory)
            let export = await cassette("export", "har", "-o", "login.har", "login.json", in: directory)
            #expect(show.status == .success, "\(show.standardError)")
            #expect(export.status == .success, "\(export.standardError)")
            let har = try directory.text(of: "login.har")
            for text in [show.standardOutput, show.standardError, export.standardOutput, export.standardError, har] {
                #expect(!text.contains(Self.password), "\(text)")
                #expect(!text.contains(Self.base64Body(password: Self.password)), "\(text)")
            }
            // The bytes are rewritten before they are encoded again.
            #expect(har.contains(Self.base64Body(password: "[UNREDACTED SECRET 1]")), "\(har)")
            let warning =
                ": warning: field 'password' looks like a secret (in the base64 body); redact it (shown as [UNREDACTED SECRET 1])"
            for result in [show, export] {
                let lines = result.standardError.split(separator: "\n")
                #expect(lines.count == 1, "\(result.standardError)")
                #expect(lines.allSatisfy { $0.hasPrefix("login.json:") && $0.hasSuffix(warning) }, "\(result.standardError)")
            }
        }
    }

    @Test("the same secret in two cassettes has one placeholder, and a diff shows no change")
    func sameSecretTwice() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.login(password: Self.password), to: "a.json")
            try directory.write(Self.login(password: Self.password), to: "b.json")
            let result = await cassette("diff", "a.json", "b.json", in: directory)
            #expect(result.status == .success, "\(result.standardError)")
            #expect(!(result.standardOutput + result.standardError).contains(Self.password))
            let warnings = result.standardError.split(separator: "\n")
            #expect(warnings.count == 2, "\(result.standardError)")
            #expect(warnings.allSatisfy { $0.hasSuffix("(shown as [UNREDACTED SECRET 1])") }, "\(result.standardError)")
        }
    }

    @Test("diff as git's external diff driver hides the secret too")
    func gitDriver() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.login(password: Self.password), to: "old.json")
            try directory.write(Self.login(password: "another-secret-value-42"), to: "new.json")
            let hex = String(repeating: "0", count: 40)
            let result = await cassette(
                "diff", "Cassettes/login.json", "old.json", hex, "100644", "new.json", hex, "100644", in: directory)
            #expect(result.status == .success, "\(result.standardError)")
            let printed = result.standardOutput + result.standardError
            #expect(!printed.contains(Self.password) && !printed.contains("another-secret-value-42"), "\(printed)")
            for number in 1...2 {
                let masked = Self.base64Body(password: "[UNREDACTED SECRET \(number)]")
                #expect(result.standardOutput.contains(masked), "\(result.standardOutput)")
            }
            #expect(result.standardError.split(separator: "\n").count == 2, "\(result.standardError)")
        }
    }
}
