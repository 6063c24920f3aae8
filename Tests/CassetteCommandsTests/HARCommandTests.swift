import CassetteCommands
import Foundation
import HybridReplay
import Testing

@Suite struct HARCommandTests {
    /// The browser-shaped capture the engine's tests import.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HybridReplayTests/Fixtures/har/shop-login-redirects.har")

    @Test("export --help lists its formats")
    func groupHelp() async {
        let result = await cassette("export", "--help")
        #expect(result.status == .success)
        #expect(
            result.standardOutput == """
                OVERVIEW: Writes a cassette in a format other tools read.

                USAGE: cassette export <subcommand>

                OPTIONS:
                  -h, --help              Prints help information.

                SUBCOMMANDS:
                  har                     Writes a cassette's HTTP exchanges as a HAR 1.2 log.

                  See 'cassette export <subcommand> --help' for detailed help.

                """)
        #expect(await cassette("help", "import").standardOutput == CassetteCLI.help(for: ImportCommand.self))
    }

    @Test("export har --help describes the command word for word")
    func exportHelp() async {
        let result = await cassette("export", "har", "--help")
        #expect(result.status == .success)
        #expect(result.standardOutput == CassetteCLI.help(for: HARExportCommand.self))
        #expect(
            result.standardOutput == """
                OVERVIEW: Writes a cassette's HTTP exchanges as a HAR 1.2 log.

                Each http.request is one entry with the response or http.error that answers it,
                so every redirect hop is an entry: the 3xx response with its Location as
                'redirectURL' and its Set-Cookie headers as 'cookies', then the next request
                with its Cookie. A failed request has status 0 and '_error'. Values are written
                as the cassette holds them, redaction placeholders included; a secret left
                unredacted, as 'cassette lint' finds it, is written as '[UNREDACTED SECRET 1]'
                and reported on standard error as lint's warning. Other channels and the cookie
                store are left out. Each entry starts at the origin plus its request's 'at', so
                exporting twice gives the same bytes. HAR is the format browser devtools,
                Charles, Proxyman and Playwright import.

                USAGE: cassette export har [--origin <date-time>] [-o <file>] <cassette>

                ARGUMENTS:
                  <cassette>              The cassette to export.

                OPTIONS:
                  -o, --output <file>     Writes the log to <file>, atomically, instead of
                                          standard output.
                  --origin <date-time>    The instant the cassette's time 0 becomes, in RFC
                                          3339; by default 2000-01-01T00:00:00Z.
                  -h, --help              Prints help information.

                EXIT STATUS:
                  0   The log has been written.
                  64  The command line is wrong.
                  65  The cassette cannot be read; its problems are on standard error.
                  66  The cassette does not exist or cannot be read.
                  73  The output file cannot be written.

                """)
    }

    @Test("import har --help describes the command word for word")
    func importHelp() async {
        let result = await cassette("import", "har", "-h")
        #expect(result.status == .success)
        #expect(
            result.standardOutput == """
                OVERVIEW: Makes a cassette of HTTP exchanges from a HAR log.

                Each entry becomes an http.request and the http.response, or for status 0 the
                http.error, that answers it. An entry whose 3xx response redirects to the URL of
                a later entry makes that entry a hop of the same exchange, caused by the 3xx
                response. The values of Cookie, Set-Cookie, Authorization and
                Proxy-Authorization headers are replaced by numbered placeholders, as a recorder
                does by default. The cassette is checked, read back and written in canonical
                form; likely secrets left in it are reported as warnings.

                USAGE: cassette import har --name <name> [-o <file>] <file>

                ARGUMENTS:
                  <file>                  The HAR file to import.

                OPTIONS:
                  --name <name>           The cassette's name, such as 'login-redirects'.
                  -o, --output <file>     Writes the cassette to <file>, atomically, instead of
                                          standard output.
                  -h, --help              Prints help information.

                EXIT STATUS:
                  0   The cassette has been written.
                  64  The command line is wrong.
                  65  The file is not a HAR log the importer can read; its problems are on
                      standard error.
                  66  The file does not exist or cannot be read.
                  73  The cassette cannot be written.

                """)
    }

    @Test("export har prints the log, or writes it with -o; both are the engine's bytes")
    func export() async throws {
        try await withTemporaryDirectory { folder in
            try folder.write(Samples.canonical(Samples.http), to: "profile.json")
            let printed = await cassette("export", "har", "profile.json", in: folder)
            #expect(printed.status == .success)
            #expect(printed.standardError == "")
            #expect(printed.standardOutput == String(decoding: HAR.export(Samples.http), as: UTF8.self))
            let written = await cassette("export", "har", "-o", "out/profile.har", "profile.json", in: folder)
            #expect(written.status == .cannotCreate)
            #expect(written.errorLines == ["out/profile.har: error: cannot write the file: No such file or directory"])
            let saved = await cassette("export", "har", "profile.json", "--output", "profile.har", "--origin", "2026-11-30T09:00:00+01:00", in: folder)
            #expect(saved.status == .success)
            #expect(saved.standardOutput == "exported 1 entry from profile.json to profile.har\n")
            // 2026-11-30T08:00:00Z.
            #expect(try folder.text(of: "profile.har") == String(decoding: HAR.export(Samples.http, origin: .seconds(1_796_025_600)), as: UTF8.self))
        }
    }

    @Test("export har refuses a missing cassette, a broken one and a bad origin with their statuses")
    func exportFailures() async throws {
        try await withTemporaryDirectory { folder in
            try folder.write(Samples.brokenJSON, to: "broken.json")
            let missing = await cassette("export", "har", "nothing.json", in: folder)
            #expect(missing.status == .noInput)
            #expect(missing.errorLines == ["cassette: error: no such file or directory: nothing.json"])
            let broken = await cassette("export", "har", "broken.json", in: folder)
            #expect(broken.status == .dataError)
            #expect(broken.errorLines.first?.hasPrefix("broken.json:5:1: error:") == true)
            let origin = await cassette("export", "har", "--origin", "today", "broken.json", in: folder)
            #expect(origin.status == .usageError)
            #expect(origin.errorLines == [
                "cassette: error: invalid value 'today' for '--origin <date-time>': expected an RFC 3339 date-time such as 2026-11-30T11:46:56Z",
                "Usage: cassette export har [--origin <date-time>] [-o <file>] <cassette>",
                "See 'cassette export har --help'.",
            ])
            let output = await cassette("export", "har", "-o", "", "broken.json", in: folder)
            #expect(output.status == .usageError)
            #expect(output.errorLines.first == "cassette: error: invalid value '' for '--output <file>': expected a file path")
            let format = await cassette("export", "csv", "broken.json", in: folder)
            #expect(format.status == .usageError)
            #expect(format.errorLines.first == "cassette: error: unknown subcommand 'csv'; expected 'har'")
        }
    }

    @Test("import har writes a canonical cassette that lint --strict passes, and exporting it keeps every hop")
    func importHAR() async throws {
        try await withTemporaryDirectory { folder in
            let result = await cassette(
                arguments: ["import", "har", Self.fixture.path, "--name", "shop-login", "-o", "shop-login.json"], in: folder)
            #expect(result.status == .success)
            #expect(result.standardError == "")
            #expect(result.standardOutput == "imported 6 entries from \(Self.fixture.path) into shop-login.json (12 events)\n")
            let lint = await cassette("lint", "--strict", "shop-login.json", in: folder)
            #expect(lint.status == .success)
            let format = await cassette("fmt", "--check", "shop-login.json", in: folder)
            #expect(format.status == .success)
            let imported = try CassetteReader().read(contentsOf: folder.appendingPathComponent("shop-login.json"))
            #expect(imported.header.name == "shop-login")
            #expect(imported.events.filter { $0.cause != nil }.count == 3)
            let printed = await cassette(arguments: ["import", "har", Self.fixture.path, "--name", "shop-login"], in: folder)
            #expect(printed.standardOutput == (try folder.text(of: "shop-login.json")))
        }
    }

    @Test("import har refuses a missing file (66), a file that is not HAR (65) and a missing name (64)")
    func importFailures() async throws {
        try await withTemporaryDirectory { folder in
            try folder.write("{\n  \"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"a\", \"version\": \"1\"}}\n}\n", to: "empty.har")
            try folder.write("<html>", to: "page.har")
            let missing = await cassette("import", "har", "nothing.har", "--name", "x", in: folder)
            #expect(missing.status == .noInput)
            #expect(missing.errorLines == ["cassette: error: no such file or directory: nothing.har"])
            let noEntries = await cassette("import", "har", "empty.har", "--name", "x", "-o", "x.json", in: folder)
            #expect(noEntries.status == .dataError)
            #expect(noEntries.errorLines == ["empty.har:2:10: error: missing required field 'entries'"])
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.json").path))
            let page = await cassette("import", "har", "page.har", "--name", "x", in: folder)
            #expect(page.status == .dataError)
            #expect(page.errorLines == ["page.har:1:1: error: unexpected '<', expected a value"])
            let unnamed = await cassette("import", "har", "empty.har", in: folder)
            #expect(unnamed.status == .usageError)
            #expect(unnamed.errorLines.first == "cassette: error: missing required option '--name <name>'")
        }
    }
}
