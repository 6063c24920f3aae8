import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// Shapes the fourth leak hunt closed, left in clear by a hand edit, fed to
/// the commands that print a cassette's values: each warns, and prints a
/// placeholder where the value stood.
@Suite("Secret leak hunt: gaps in the command-line tool")
struct SecretLeakGapCLITests {
    static let secrets = ["4f9c2e8a7b3d1f6091c2a5e7d8b4f3a1", "opaque-code-8282", "opaque-pw-5050"]

    static func handEdited() -> String {
        let cassette = Cassette(
            header: CassetteHeader(
                name: "magic", recordedBy: RecordingTool(tool: "HybridReplay", version: "0.1.0", engine: "URLSession"),
                redactions: Redaction.default.ruleNames),
            events: [
                Event(id: 1, at: 0, payload: NavigationLoad(url: "https://bank.test/magic/\(secrets[0])")),
                Event(id: 2, at: 0.1, payload: NavigationLoad(url: "myapp://callback?code=\(secrets[1])")),
                Event(id: 3, at: 0.2, payload: JavaScriptEvaluation(script: "console.log(\"password: \(secrets[2])\")")),
            ])
        return String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
    }

    @Test("lint --strict, show and export har warn of a path token, an OAuth code and an unquoted password, and print none")
    func hidesGapShapes() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.handEdited(), to: "magic.json")
            let lint = await cassette("lint", "--strict", "magic.json", in: directory)
            #expect(lint.status == .checkFailed, "\(lint.standardError)")
            #expect(lint.standardError.components(separatedBy: "warning:").count - 1 == 3, "\(lint.standardError)")
            for result in [lint, await cassette("show", "magic.json", in: directory), await cassette("export", "har", "magic.json", in: directory)] {
                let printed = result.standardOutput + result.standardError
                for secret in Self.secrets { #expect(!printed.contains(secret), "\(secret): \(printed)") }
            }
        }
    }
}
