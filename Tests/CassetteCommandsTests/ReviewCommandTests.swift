import CassetteCommands
import Foundation
import HybridReplay
import Testing

@Suite(.enabled(if: GitRepository.isAvailable, "git is not installed at /usr/bin/git"))
struct ReviewCommandTests {
    /// A repository whose first commit holds two cassettes and a JSON file that is not one, and whose
    /// second changes a body, removes a cassette and adds one.
    func withHistory(_ body: (URL, GitRepository) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let repository = try await GitRepository.create(in: directory)
            try directory.write(Samples.canonical(DiffCommandTests.cart()), to: "Tests/AppTests/Cassettes/cart.json")
            try directory.write(Samples.canonical(Samples.navigation), to: "Tests/AppTests/Cassettes/present.json")
            try directory.write(#"{"name": "app"}"#, to: "config.json")
            try await repository.commitAll("Record")
            try directory.write(Samples.canonical(DiffCommandTests.cart(quantity: 3)), to: "Tests/AppTests/Cassettes/cart.json")
            try FileManager.default.removeItem(at: directory.appendingPathComponent("Tests/AppTests/Cassettes/present.json"))
            try directory.write(Samples.canonical(Samples.http), to: "Tests/AppTests/Cassettes/profile.json")
            try directory.write(#"{"name": "app2"}"#, to: "config.json")
            try await repository.commitAll("Re-record")
            try await body(directory, repository)
        }
    }

    @Test("review --help describes the command")
    func help() async {
        let result = await cassette("review", "--help")
        #expect(result.status == .success)
        #expect(
            result.standardOutput == """
                OVERVIEW: Shows the semantic diff of every cassette changed between two git revisions.

                Every .json file added, removed or changed between --base and --head under the
                given paths (the current folder when none is given) that is a cassette on either
                side is compared as 'cassette diff' compares two files; other files are left
                out. Paths in the output are relative to the repository's root. A secret left
                unredacted, as 'cassette lint' finds it, is reported on standard error as lint's
                warning and printed as '[UNREDACTED SECRET 1]', never as its value, on either
                side. With --format markdown the output is a table of the cassettes followed by
                a collapsed diff of each, ready to post as a pull-request comment or to append
                to $GITHUB_STEP_SUMMARY:

                  cassette review --base origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"

                USAGE: cassette review --base <ref> [--head <ref>] [--timing] [--volatile <field> ...] [--format <format>] [<path> ...]

                ARGUMENTS:
                  <path>                  A file or folder to limit the review to.

                OPTIONS:
                  --timing                Reports events whose time ('at') changed; ignored by
                                          default.
                  --base <ref>            The revision to compare against, such as
                                          'origin/main'.
                  --head <ref>            The revision with the changes; the working tree,
                                          untracked files included, when not given.
                  --volatile <field>      Takes the values of a field, named by event kind and
                                          path such as 'script.message body.callbackId', as
                                          volatile: renamed consistently, they are no change.
                                          Repeatable.
                  --format <format>       How to print the changes: 'text' (the default),
                                          'markdown' or 'json'.
                  -h, --help              Prints help information.

                EXIT STATUS:
                  0   No cassette changed.
                  1   Some cassettes changed.
                  64  The command line is wrong.
                  65  A changed cassette cannot be read; its problems are on standard error.
                  66  The folder is not in a git repository, or a revision does not exist.
                  When several apply, the command exits with the highest.

                """)
    }

    @Test("review diffs every cassette added, removed or changed between two commits, and nothing else")
    func commits() async throws {
        try await withHistory { directory, _ in
            let result = await cassette("review", "--base", "HEAD~1", "--head", "HEAD", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardError.isEmpty)
            let files = result.outputLines.filter { $0.hasPrefix("--- ") || $0.hasPrefix("+++ ") }
            #expect(files == [
                "--- a/Tests/AppTests/Cassettes/cart.json", "+++ b/Tests/AppTests/Cassettes/cart.json",
                "--- a/Tests/AppTests/Cassettes/present.json", "+++ /dev/null",
                "--- /dev/null", "+++ b/Tests/AppTests/Cassettes/profile.json",
            ])
            #expect(result.outputLines.contains("  body.json.items[2].qty"))
            #expect(!result.standardOutput.contains("config.json"))
        }
    }

    @Test("review as Markdown gives a table row per cassette and a block per change")
    func markdown() async throws {
        try await withHistory { directory, _ in
            let result = await cassette("review", "--base", "HEAD~1", "--head", "HEAD", "--format", "markdown", in: directory)
            #expect(result.status == .checkFailed)
            let rows = result.outputLines.filter { $0.hasPrefix("| <code>") }
            #expect(rows == [
                "| <code>Tests/AppTests/Cassettes/cart.json</code> | changed | 1 | 0 | 0 | 0 |  |",
                "| <code>Tests/AppTests/Cassettes/present.json</code> | removed | 0 | 0 | 0 | 3 |  |",
                "| <code>Tests/AppTests/Cassettes/profile.json</code> | added | 0 | 0 | 2 | 0 |  |",
            ])
            #expect(result.outputLines.filter { $0 == "</details>" }.count == 3)
        }
    }

    @Test("without --head, review compares the working tree, untracked cassettes included")
    func workingTree() async throws {
        try await withHistory { directory, _ in
            try directory.write(Samples.canonical(DiffCommandTests.cart(quantity: 7)), to: "Tests/AppTests/Cassettes/cart.json")
            try directory.write(Samples.canonical(Samples.navigation), to: "Tests/AppTests/Cassettes/new.json")
            let result = await cassette("review", "--base", "HEAD", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.outputLines.filter { $0.hasPrefix("+++ ") } == [
                "+++ b/Tests/AppTests/Cassettes/cart.json", "+++ b/Tests/AppTests/Cassettes/new.json",
            ])
            #expect(result.outputLines.contains("+ 7"))
        }
    }

    @Test("paths limit the review, and a review without changes prints nothing on standard output, says so on standard error and exits 0")
    func paths() async throws {
        try await withHistory { directory, _ in
            let one = await cassette(
                "review", "--base", "HEAD~1", "--head", "HEAD", "Tests/AppTests/Cassettes/cart.json", in: directory)
            #expect(one.outputLines.filter { $0.hasPrefix("+++ ") } == ["+++ b/Tests/AppTests/Cassettes/cart.json"])
            let none = await cassette("review", "--base", "HEAD", in: directory)
            #expect(none.status == .success)
            #expect(none.standardOutput.isEmpty)
            #expect(none.standardError == "no cassette changed in behaviour between HEAD and the working tree (0 changed cassette files compared)\n")
            let changed = await cassette("review", "--base", "HEAD~1", "--head", "HEAD", in: directory)
            #expect(changed.standardError.isEmpty)
            let markdown = await cassette("review", "--base", "HEAD", "--format", "markdown", in: directory)
            #expect(markdown.standardOutput == "### Cassette changes\n\nNo cassette changed: 0 cassettes compared.\n")
        }
    }

    @Test("a cassette that no longer reads exits 65 with its problems on standard error")
    func broken() async throws {
        try await withHistory { directory, _ in
            try directory.write(Samples.brokenJSON, to: "Tests/AppTests/Cassettes/cart.json")
            let result = await cassette("review", "--base", "HEAD", in: directory)
            #expect(result.status == .dataError)
            #expect(result.standardError.hasPrefix("Tests/AppTests/Cassettes/cart.json:5:1: error: "))
            let markdown = await cassette("review", "--base", "HEAD", "--format", "markdown", in: directory)
            #expect(markdown.status == .dataError)
            #expect(markdown.outputLines.contains(
                "**Not compared**, because they cannot be read (see the log): <code>Tests/AppTests/Cassettes/cart.json</code>"))
        }
    }

    @Test("an unknown revision or a folder outside git exits 66, a missing --base 64")
    func failures() async throws {
        try await withHistory { directory, _ in
            let unknown = await cassette("review", "--base", "no-such-branch", in: directory)
            #expect(unknown.status == .noInput)
            #expect(unknown.standardError.hasPrefix("cassette: error: "))
            #expect(unknown.standardOutput.isEmpty)
        }
        try await withTemporaryDirectory { directory in
            let outside = await cassette(
                arguments: ["review", "--base", "HEAD"], in: directory)
            #expect(outside.status == .noInput)
            #expect(outside.standardError.contains("not a git repository"))
        }
        let missing = await cassette("review")
        #expect(missing.status == .usageError)
        #expect(missing.errorLines.first == "cassette: error: missing '--base <ref>'")
    }
}
