import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayReference
import Testing

@Suite struct VerifyCommandTests {
    static let help = """
        OVERVIEW: Replays cassettes against their contracts' reference implementations.

        Each <path> is a cassette, or a folder searched recursively for .json files;
        hidden files and folders such as .build are skipped. Each cassette is replayed
        against the reference implementation of the contract its header names, several
        at once, and gets a line in path order on standard output:
        'PASS <path> (<contract>)', or 'FAIL <path> (<contract>)' followed by the replay
        report indented by four spaces. With --web, the web half of each cassette is
        replayed in a real engine instead, one at a time, and the line names the engine:
        'PASS <path> (web half, WebKitGTK 6.0)'; no contract is needed. A cassette
        without a contract, or whose contract has no reference implementation, fails
        with the list of known contracts. A cassette that cannot be read gets
        'ERROR <path>', and its problems go to standard error as
        'path:line:column: error: message'. A count follows, such as
        '33 cassettes verified: 32 passed, 1 failed, 5 runs each'.

        USAGE: cassette verify [--github] [--web] [--repeat <n>] [--jobs <n>] [--junit <file>] [--markdown <file>] [--page <file>] [--served <folder>] [<path> ...]

        ARGUMENTS:
          <path>                  A cassette, or a folder to search for cassettes;
                                  'Cassettes' when none is given.

        OPTIONS:
          --github                Also prints a GitHub Actions '::error file=…::'
                                  annotation for each failing or unreadable cassette, so
                                  the failures show on the files in the pull request.
          --web                   Replays the web half instead: loads each cassette's
                                  page in a real engine (WebKitGTK), plays the recorded
                                  native side into it and checks what the page does.
                                  Needs the tool built with the WebKitGTK trait.
          --repeat <n>            Replays each cassette n times, from 1 to 1000, each
                                  against a fresh implementation; every run must pass.
          --jobs <n>              Replays up to n cassettes at once, from 1 to 64
                                  (default 16); the output stays in path order. With 1,
                                  the tool also keeps to one processor (Linux), where
                                  one replay at a time runs fastest.
          --junit <file>          Also writes the results to <file> as JUnit XML, one
                                  test case per cassette, replacing it atomically.
          --markdown <file>       Also writes the results to <file> as Markdown, each
                                  failure's issues as a table of their fields, for a job
                                  summary or a pull-request comment, replacing it
                                  atomically.
          --page <file>           With --web, loads <file> in place of the first page
                                  each cassette loads, instead of the recorded page.
          --served <folder>       With --web, serves the files of <folder> in place of
                                  the recorded answers to the page's requests to the
                                  app's own scheme, by the request's path
                                  (app://localhost/js/app.js is <folder>/js/app.js): the
                                  web code under test, when the app serves it. Files the
                                  folder lacks get the recorded answer.
          -h, --help              Prints help information.

        EXIT STATUS:
          0   Every cassette behaved as recorded.
          1   Some cassettes failed: the implementation diverged, or there is none for
              their contract.
          64  The command line is wrong.
          65  A cassette cannot be read; its problems are on standard error.
          66  A path does not exist or cannot be read, or no cassette was found.
          69  --web was given to a tool built without a real engine.
          73  The JUnit or Markdown report cannot be written.
          When several apply, the command exits with the highest.

        """

    static let usageLine = "Usage: cassette verify [--github] [--web] [--repeat <n>] [--jobs <n>] [--junit <file>] [--markdown <file>] [--page <file>] [--served <folder>] [<path> ...]"

    /// The recorded route's green component changed, so the router's real one no longer matches.
    static func altered(_ cassette: Cassette) -> String {
        Samples.canonical(cassette).replacingOccurrences(of: "\"g\": 255", with: "\"g\": 128")
    }

    @Test("verify --help prints its help word for word")
    func help() async {
        let result = await cassette("verify", "--help")
        #expect(result.status == .success)
        #expect(result.standardOutput == Self.help)
        #expect(result.standardError.isEmpty)
    }

    @Test("verify prints PASS for each cassette in path order, then a count, and exits 0")
    func allPass() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("Cassettes/router/push.json", in: directory, links: [RouterRecording.pushBlue])
            try await RouterRecording.write(
                "Cassettes/router/present.json", in: directory,
                links: [RouterRecording.presentYellow, "https://example.com/about"])
            let result = await cassette("verify", "Cassettes", in: directory)
            #expect(result.status == .success)
            #expect(result.standardError.isEmpty)
            #expect(
                result.standardOutput == """
                    PASS Cassettes/router/present.json (navigation-router)
                    PASS Cassettes/router/push.json (navigation-router)
                    2 cassettes verified: 2 passed, 0 failed

                    """)
        }
    }

    @Test("verify counts one cassette in the singular")
    func singular() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "a.json", in: directory)
            #expect(result.outputLines == ["PASS a.json (navigation-router)", "1 cassette verified: 1 passed, 0 failed"])
        }
    }

    @Test("an altered cassette fails with exit 1 and the report, indented, names the event")
    func alteredFails() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("b", links: [RouterRecording.presentYellow])
            try await RouterRecording.write("Cassettes/a.json", in: directory)
            try directory.write(Self.altered(recorded), to: "Cassettes/b.json")
            let result = await cassette("verify", "Cassettes", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardError.isEmpty)
            let lines = result.outputLines
            #expect(lines.first == "PASS Cassettes/a.json (navigation-router)")
            #expect(lines.dropFirst().first == "FAIL Cassettes/b.json (navigation-router)")
            #expect(lines.dropFirst(2).first == "    Cassettes/b.json: replay failed: 1 issue")
            #expect(lines.contains("      event 2 (navigation.route): the effect that happened differs from the recording"))
            #expect(lines.contains("        parameters.g: expected 128, found 255"))
            #expect(lines.dropFirst(2).dropLast().allSatisfy { $0.hasPrefix("    ") })
            #expect(lines.last == "2 cassettes verified: 1 passed, 1 failed")
        }
    }

    @Test("a malformed cassette exits 65 with positioned diagnostics while the others are still verified")
    func malformed() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "Cassettes/a-broken.json")
            try await RouterRecording.write("Cassettes/b-good.json", in: directory)
            let result = await cassette("verify", "Cassettes", in: directory)
            #expect(result.status == .dataError)
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("Cassettes/a-broken.json:5:1: error: ") == true)
            #expect(result.outputLines == [
                "ERROR Cassettes/a-broken.json", "PASS Cassettes/b-good.json (navigation-router)",
                "2 cassettes verified: 1 passed, 0 failed, 1 unreadable",
            ])
        }
    }

    @Test("a malformed cassette outweighs a failing one: exit 65")
    func malformedOutweighsFailure() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("b", links: [RouterRecording.presentYellow])
            try directory.write(Self.altered(recorded), to: "a.json")
            let invalid = Samples.canonical(recorded).replacingOccurrences(of: "\"cancel\"", with: "\"deny\"")
            try directory.write(invalid, to: "b.json")
            let result = await cassette("verify", "a.json", "b.json", in: directory)
            #expect(result.status == .dataError)
            #expect(result.outputLines.first == "FAIL a.json (navigation-router)")
            #expect(result.outputLines.contains("ERROR b.json"))
            #expect(result.errorLines.contains { $0.contains(#/^b\.json:\d+:\d+: error: .*deny/#) })
            #expect(result.outputLines.last == "2 cassettes verified: 0 passed, 1 failed, 1 unreadable")
        }
    }

    @Test("a cassette without a contract fails and lists the known contracts")
    func missingContract() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("x.json", in: directory, contract: nil)
            let result = await cassette("verify", "x.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardError.isEmpty)
            let known = referenceContracts.map(\.name).sorted().joined(separator: ", ")
            #expect(result.outputLines == [
                "FAIL x.json (no contract)",
                "    x.json: the header names no contract, so there is no reference implementation to replay it against",
                "    Known contracts: \(known)",
                "    To verify it, add \"contract\": \"<name>\" to the header, naming one of them.",
                "1 cassette verified: 0 passed, 1 failed",
            ])
        }
    }

    @Test("a contract without a reference implementation fails and lists the known contracts")
    func unknownContract() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("x.json", in: directory, contract: "router")
            let result = await cassette("verify", "x.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.outputLines.first == "FAIL x.json (router)")
            #expect(result.outputLines.dropFirst().first == "    x.json: no reference implementation for the contract 'router'")
            for contract in ReferenceContract.all {
                #expect(result.outputLines.contains { $0.hasPrefix("    Known contracts: ") && $0.contains(contract.name) })
            }
        }
    }

    @Test("--repeat 5 replays each cassette five times and the count says so", arguments: [["--repeat", "5"], ["--repeat=5"]])
    func repeated(option: [String]) async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("a.json", in: directory)
            try await RouterRecording.write("b.json", in: directory, links: [RouterRecording.pushBlue])
            let result = await cassette(arguments: ["verify"] + option + ["a.json", "b.json"], in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines.last == "2 cassettes verified: 2 passed, 0 failed, 5 runs each")
        }
    }

    @Test("with --repeat a failure names the run it happened in")
    func repeatedFailure() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("a", links: [RouterRecording.presentYellow])
            try directory.write(Self.altered(recorded), to: "a.json")
            let result = await cassette("verify", "--repeat", "3", "a.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.outputLines.dropFirst().first == "    a.json: replay failed in run 1 of 3: 1 issue")
            #expect(result.outputLines.last == "1 cassette verified: 0 passed, 1 failed, 3 runs each")
        }
    }

    @Test(
        "--repeat without a whole number from 1 to 1000 is a usage error",
        arguments: ["0", "-1", "abc", "1001", "2.5", ""])
    func badRepeat(value: String) async {
        let result = await cassette("verify", "--repeat", value, "a.json")
        #expect(result.status == .usageError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines == [
            "cassette: error: invalid value '\(value)' for '--repeat <n>': expected a whole number from 1 to 1000",
            Self.usageLine, "See 'cassette verify --help'.",
        ])
    }

    @Test("--repeat without a value is a usage error", arguments: [["a.json", "--repeat"], ["--repeat", "--junit", "r.xml", "a.json"]])
    func missingRepeatValue(arguments: [String]) async {
        let result = await cassette(arguments: ["verify"] + arguments)
        #expect(result.status == .usageError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines == [
            "cassette: error: missing value for '--repeat <n>'", Self.usageLine, "See 'cassette verify --help'.",
        ])
    }

    @Test(
        "--jobs without a whole number from 1 to 64 is a usage error", arguments: ["0", "-2", "65", "many", "1.5"])
    func badJobs(value: String) async {
        let result = await cassette("verify", "--jobs", value, "a.json")
        #expect(result.status == .usageError)
        #expect(result.errorLines == [
            "cassette: error: invalid value '\(value)' for '--jobs <n>': expected a whole number from 1 to 64",
            Self.usageLine, "See 'cassette verify --help'.",
        ])
    }

    @Test("the output is in path order and the same whatever the number of jobs")
    func jobsKeepPathOrder() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("x", links: [RouterRecording.presentYellow])
            for name in ["a", "c", "e", "g"] {
                try await RouterRecording.write("Cassettes/\(name).json", in: directory)
            }
            for name in ["b", "d", "f"] {
                try directory.write(Self.altered(recorded), to: "Cassettes/\(name).json")
            }
            let serial = await cassette("verify", "--jobs", "1", "Cassettes", in: directory)
            let parallel = await cassette("verify", "--jobs=7", "Cassettes", in: directory)
            #expect(serial.status == .checkFailed)
            #expect(parallel.status == serial.status)
            #expect(parallel.standardOutput == serial.standardOutput)
            let verdicts = serial.outputLines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
            #expect(verdicts == ["a", "b", "c", "d", "e", "f", "g"].map { name in
                "\(["b", "d", "f"].contains(name) ? "FAIL" : "PASS") Cassettes/\(name).json (navigation-router)"
            })
        }
    }

    @Test("an empty --junit path is a usage error")
    func emptyJUnitPath() async {
        let result = await cassette("verify", "--junit", "", "a.json")
        #expect(result.status == .usageError)
        #expect(result.errorLines.first == "cassette: error: invalid value '' for '--junit <file>': expected a file path")
    }

    @Test("verify without a path verifies the Cassettes folder")
    func noPathMeansCassettes() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("Cassettes/router/present.json", in: directory)
            try await RouterRecording.write("elsewhere.json", in: directory)
            let result = await cassette("verify", in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines == [
                "PASS Cassettes/router/present.json (navigation-router)", "1 cassette verified: 1 passed, 0 failed",
            ])
        }
    }

    @Test("verify without a path and without a Cassettes folder says so and exits 66")
    func noPathNoCassettes() async throws {
        try await withTemporaryDirectory { directory in
            let result = await cassette("verify", "--repeat", "2", in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardOutput.isEmpty)
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("cassette: error: there is no 'Cassettes' folder in ") == true)
            #expect(result.errorLines.first?.hasSuffix("; name the cassettes or folders to verify") == true)
        }
    }

    @Test("a missing path exits 66 after the other cassettes are verified")
    func missingPath() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "missing.json", "a.json", in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardError == "cassette: error: no such file or directory: missing.json\n")
            #expect(result.outputLines == ["PASS a.json (navigation-router)", "1 cassette verified: 1 passed, 0 failed"])
        }
    }

    @Test("verify replays a file named twice once")
    func duplicates() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "a.json", ".", "./a.json", in: directory)
            #expect(result.outputLines == ["PASS a.json (navigation-router)", "1 cassette verified: 1 passed, 0 failed"])
        }
    }

    @Test("a folder without cassettes is an error, so a moved suite cannot pass", arguments: [[], ["Cassettes"]])
    func emptyFolder(arguments: [String]) async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("Cassettes"), withIntermediateDirectories: true)
            try directory.write("not a cassette", to: "Cassettes/README.md")
            let result = await cassette(arguments: ["verify"] + arguments, in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardOutput.isEmpty)
            #expect(result.errorLines == ["cassette: error: no cassettes found in 'Cassettes'; nothing was verified"])
        }
    }

    @Test("the output is the same from run to run")
    func deterministic() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("c", links: [RouterRecording.presentYellow])
            try await RouterRecording.write("a.json", in: directory)
            try await RouterRecording.write("b.json", in: directory, contract: "router")
            try directory.write(Self.altered(recorded), to: "c.json")
            try directory.write(Samples.brokenJSON, to: "d.json")
            let first = await cassette("verify", ".", in: directory)
            let second = await cassette("verify", ".", in: directory)
            #expect(first.standardOutput == second.standardOutput)
            #expect(first.standardError == second.standardError)
            #expect(first.outputLines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") } == [
                "PASS a.json (navigation-router)", "FAIL b.json (router)", "FAIL c.json (navigation-router)", "ERROR d.json",
            ])
        }
    }
}

@Suite("cassette verify hides what the cassette redacts")
struct VerifyRedactionTests {
    static let expectedToken = "expected-token-0987654321"
    static let actualToken = "actual-token-abcdef123456"

    /// The suite's cross-origin cassette with real tokens where the recorder
    /// wrote placeholders: the load asks for `actualToken`, the requests
    /// expect `expectedToken`, and the header still lists `header:Authorization`.
    static func wrongToken() throws -> String {
        let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cassettes/cookies/cross-origin-authorization.json")
        let text = try String(contentsOf: suite, encoding: .utf8)
        let placeholder = "Bearer [REDACTED:1]"
        guard let first = text.range(of: placeholder) else { return text }
        let rest = text[first.upperBound...].replacingOccurrences(of: placeholder, with: "Bearer \(expectedToken)")
        return text[..<first.lowerBound] + "Bearer \(actualToken)" + rest
    }

    @Test("a wrong bearer token fails verify with a report that shows neither token")
    func wrongTokenReport() async throws {
        try await withTemporaryDirectory { directory in
            let text = try Self.wrongToken()
            #expect(text.contains(Self.expectedToken) && text.contains(Self.actualToken))
            try directory.write(text, to: "Cassettes/auth.json")
            let result = await cassette("verify", "--github", "Cassettes", in: directory)
            #expect(result.status == .checkFailed)
            let printed = result.standardOutput + result.standardError
            #expect(result.outputLines.first == "FAIL Cassettes/auth.json (cookie-redirect-loader)", "\(printed)")
            #expect(printed.contains("(http.request)"), "\(printed)")
            #expect(printed.contains("\"Bearer [REDACTED:"), "\(printed)")
            #expect(!printed.contains(Self.expectedToken), "\(printed)")
            #expect(!printed.contains(Self.actualToken), "\(printed)")
        }
    }
}
