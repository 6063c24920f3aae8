import CassetteCommands
import Foundation
import Testing

@Suite struct FormatCommandTests {
    static let help = """
        OVERVIEW: Rewrites cassettes in their canonical form.

        Each <path> is a cassette, or a folder searched recursively for .json files;
        hidden files and folders such as .build are skipped. Cassettes already in
        canonical form are left alone, and each rewritten one is listed on standard
        output as 'formatted <path>'. A cassette that cannot be read is reported on
        standard error and left untouched.

        USAGE: cassette fmt [--check] <path> ...

        ARGUMENTS:
          <path>                  A cassette, or a folder to search for cassettes.

        OPTIONS:
          --check                 Changes nothing: lists the cassettes not in canonical
                                  form on standard output and exits with status 1 if
                                  there are any.
          -h, --help              Prints help information.

        EXIT STATUS:
          0   Every cassette is in canonical form, or has been rewritten in it.
          1   With --check, some cassettes are not in canonical form.
          64  The command line is wrong.
          65  A cassette cannot be read; its problems are on standard error.
          66  A path does not exist or cannot be read.
          73  A cassette cannot be written.
          When several apply, the command exits with the highest.

        """

    @Test("fmt --help prints its help word for word")
    func help() async {
        let result = await cassette("fmt", "--help")
        #expect(result.status == .success)
        #expect(result.standardOutput == Self.help)
    }

    @Test("fmt leaves a canonical file alone and prints nothing")
    func canonicalUnchanged() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "x.json")
            let result = await cassette("fmt", "x.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.isEmpty)
            #expect(try directory.text(of: "x.json") == Samples.canonical())
        }
    }

    @Test("fmt rewrites a non-canonical file and a second --check passes")
    func rewrites() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "Cassettes/x.json")
            let result = await cassette("fmt", "Cassettes/x.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == "formatted Cassettes/x.json\n")
            #expect(result.standardError.isEmpty)
            #expect(try directory.text(of: "Cassettes/x.json") == Samples.canonical())

            let check = await cassette("fmt", "--check", "Cassettes", in: directory)
            #expect(check.status == .success)
            #expect(check.standardOutput.isEmpty)
            #expect(check.standardError.isEmpty)
        }
    }

    @Test("fmt is idempotent")
    func idempotent() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(Samples.http), to: "x.json")
            #expect(await cassette("fmt", "x.json", in: directory).status == .success)
            let first = try directory.text(of: "x.json")
            let again = await cassette("fmt", "x.json", in: directory)
            #expect(again.status == .success)
            #expect(again.standardOutput.isEmpty)
            #expect(try directory.text(of: "x.json") == first)
        }
    }

    @Test("fmt --check lists a non-canonical file and exits 1")
    func checkLists() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "Cassettes/a.json")
            try directory.write(Samples.reindented(), to: "Cassettes/b.json")
            let result = await cassette("fmt", "--check", "Cassettes", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardOutput == "Cassettes/b.json\n")
            #expect(
                result.standardError
                    == "cassette: error: 1 cassette is not in canonical form; run 'cassette fmt Cassettes' to rewrite it\n")
            #expect(try directory.text(of: "Cassettes/b.json") == Samples.reindented())
        }
    }

    @Test("fmt leaves a broken file untouched, formats the others and exits 65")
    func brokenUntouched() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "a-broken.json")
            try directory.write(Samples.reindented(), to: "b.json")
            let result = await cassette("fmt", ".", in: directory)
            #expect(result.status == .dataError)
            #expect(result.standardOutput == "formatted b.json\n")
            #expect(result.errorLines.count == 1)
            #expect(result.standardError.hasPrefix("a-broken.json:5:1: error: "))
            #expect(try directory.text(of: "a-broken.json") == Samples.brokenJSON)
            #expect(try directory.text(of: "b.json") == Samples.canonical())
        }
    }

    @Test("fmt --check with a broken file exits 65, the higher status")
    func checkWithBrokenFile() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "a.json")
            try directory.write(Samples.reindented(), to: "b.json")
            let result = await cassette("fmt", "--check", "a.json", "b.json", in: directory)
            #expect(result.status == .dataError)
            #expect(result.standardOutput == "b.json\n")
        }
    }

    @Test("fmt reports a missing path, formats the others and exits 66")
    func missingPath() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "x.json")
            let result = await cassette("fmt", "nope.json", "x.json", in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardOutput == "formatted x.json\n")
            #expect(result.standardError == "cassette: error: no such file or directory: nope.json\n")
        }
    }

    @Test("fmt searches folders recursively, in order, skipping hidden folders and other files")
    func folderSearch() async throws {
        try await withTemporaryDirectory { directory in
            for name in ["b.json", "a/z.json", "a/nested/y.json", ".build/hidden.json", "notes.txt"] {
                try directory.write(Samples.reindented(), to: "Cassettes/\(name)")
            }
            let result = await cassette("fmt", "Cassettes/", in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines == [
                "formatted Cassettes/a/nested/y.json", "formatted Cassettes/a/z.json", "formatted Cassettes/b.json",
            ])
            #expect(try directory.text(of: "Cassettes/.build/hidden.json") == Samples.reindented())
        }
    }

    @Test("fmt rewrites the target of a symbolic link and keeps the link")
    func symbolicLink() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "real.json")
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent("link.json").path, withDestinationPath: "real.json")
            let result = await cassette("fmt", "link.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == "formatted link.json\n")
            let destination = try FileManager.default.destinationOfSymbolicLink(
                atPath: directory.appendingPathComponent("link.json").path)
            #expect(destination == "real.json")
            #expect(try directory.text(of: "real.json") == Samples.canonical())
        }
    }

    @Test("fmt reports a file it cannot write and exits 73", .enabled(if: getuid() != 0, "root can write anywhere"))
    func unwritable() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "locked/x.json")
            let locked = directory.appendingPathComponent("locked").path
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
            let result = await cassette("fmt", "locked/x.json", in: directory)
            #expect(result.status == .cannotCreate)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("locked/x.json: error: cannot write the file: "))
        }
    }

    @Test("fmt without a path is a usage error")
    func noPath() async {
        let result = await cassette("fmt", "--check")
        #expect(result.status == .usageError)
        #expect(result.errorLines == [
            "cassette: error: missing expected argument '<path> ...'", "Usage: cassette fmt [--check] <path> ...",
            "See 'cassette fmt --help'.",
        ])
    }

    @Test("fmt --check quotes paths with spaces in the command it suggests")
    func checkHintQuotes() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "My Cassettes/a.json")
            try directory.write(Samples.reindented(), to: "it's.json")
            let result = await cassette("fmt", "--check", "My Cassettes", "it's.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.outputLines == ["My Cassettes/a.json", "it's.json"])
            #expect(
                result.standardError
                    == #"cassette: error: 2 cassettes are not in canonical form; run 'cassette fmt "My Cassettes" "it's.json"' to rewrite them"#
                    + "\n"
            )
        }
    }
}
