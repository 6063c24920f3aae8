import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// The git setup of `docs/cassette-tool.md`, run as documented in a real repository, with
/// `swift run --quiet cassette` standing for the built executable.
@Suite(
    .enabled(if: GitRepository.isAvailable, "git is not installed at /usr/bin/git"),
    .enabled(if: BuiltExecutable.url != nil, "the cassette executable is not built; run 'swift build'"))
struct GitSetupTests {
    /// The shell commands for git in `docs/cassette-tool.md`, in order.
    static func documentedCommands() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/cassette-tool.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("git config diff.cassette.") || $0.hasPrefix("echo '**/")
        }
    }

    /// Carries out one documented command in `repository`.
    func apply(_ command: String, in repository: GitRepository) async throws {
        let executable = try #require(BuiltExecutable.url).path
        if command.hasPrefix("echo '") {
            let pattern = try #require(command.split(separator: "'").dropFirst().first)
            try repository.directory.write(pattern + "\n", to: ".gitattributes")
            return
        }
        let words = command.split(separator: " ", maxSplits: 3).map(String.init)
        #expect(words.count == 4 && words[0] == "git" && words[1] == "config")
        let value = words[3].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            .replacingOccurrences(of: "swift run --quiet cassette", with: executable)
        try await repository.run("config", words[2], value)
    }

    @Test("the documented setup makes git diff show a body-only change of an app's cassette")
    func textconv() async throws {
        let commands = try Self.documentedCommands()
        #expect(commands.count == 3)
        try await withTemporaryDirectory { directory in
            let repository = try await GitRepository.create(in: directory)
            for command in commands where !command.contains(".command") {
                try await apply(command, in: repository)
            }
            let path = "Tests/AppTests/Cassettes/cart.json"
            try directory.write(Samples.canonical(DiffCommandTests.cart()), to: path)
            try await repository.commitAll("Record the cart")
            try directory.write(Samples.canonical(DiffCommandTests.cart(quantity: 3)), to: path)
            let diff = try await repository.run("diff")
            #expect(diff.outputLines.contains("-      body.json.items[2].qty: 1"))
            #expect(diff.outputLines.contains("+      body.json.items[2].qty: 3"))
            #expect(diff.outputLines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count == 4)
        }
    }

    @Test("with the documented diff command, git diff prints the semantic diff of each cassette")
    func externalDiff() async throws {
        try await withTemporaryDirectory { directory in
            let repository = try await GitRepository.create(in: directory)
            for command in try Self.documentedCommands() { try await apply(command, in: repository) }
            try directory.write(Samples.canonical(DiffCommandTests.cart()), to: "Cassettes/cart.json")
            try directory.write("one\n", to: "notes.txt")
            try await repository.commitAll("Record the cart")
            try directory.write(Samples.canonical(DiffCommandTests.cart(quantity: 3)), to: "Cassettes/cart.json")
            try directory.write(Samples.canonical(Samples.http), to: "Cassettes/new.json")
            try directory.write("two\n", to: "notes.txt")
            try await repository.run("add", "--intent-to-add", "Cassettes/new.json")
            let diff = try await repository.run("diff")
            #expect(diff.standardError.isEmpty)
            #expect(diff.outputLines.contains("--- a/Cassettes/cart.json"))
            #expect(diff.outputLines.contains("  body.json.items[2].qty"))
            #expect(diff.outputLines.contains("@@ event 12 http.response: inserted @@"))
            // Files that are not cassettes keep git's own diff.
            #expect(diff.outputLines.contains("-one"))
            #expect(diff.outputLines.contains("+two"))
        }
    }
}
