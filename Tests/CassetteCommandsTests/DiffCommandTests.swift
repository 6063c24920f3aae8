import CassetteCommands
import Foundation
import HybridReplay
import Testing

@Suite struct DiffCommandTests {
    /// A cart posted as JSON and the answer; `quantity` is the third item's.
    static func cart(quantity: Double = 1, extraEvent: Bool = false) -> Cassette {
        var events = [
            Event(
                id: 1, at: 0,
                payload: HTTPRequest(
                    method: "POST", url: "https://shop.example/cart",
                    headers: [HTTPHeader("Content-Type", "application/json")],
                    body: .json(["items": [["qty": 2], ["qty": 1], ["qty": .number(quantity)]]]))),
            Event(id: 2, at: 0.25, answers: 1, payload: HTTPResponse(status: 200)),
            Event(id: 3, at: 0.5, payload: NavigationLoad(url: "https://shop.example/thanks")),
        ]
        if extraEvent {
            events.insert(Event(id: 2, at: 0.1, payload: NavigationLoad(url: "https://shop.example/wait")), at: 1)
            events[2].id = 3
            events[3].id = 4
        }
        return Cassette(header: CassetteHeader(name: "cart"), events: events)
    }

    /// Writes `old` and `new` as `old.json` and `new.json` in `directory`.
    func write(_ old: Cassette, _ new: Cassette, in directory: URL) throws {
        try directory.write(Samples.canonical(old), to: "old.json")
        try directory.write(Samples.canonical(new), to: "new.json")
    }

    @Test("diff --help describes the command")
    func help() async {
        let result = await cassette("diff", "--help")
        #expect(result.status == .success)
        #expect(result.standardOutput == CassetteCLI.help(for: DiffCommand.self))
        #expect(
            result.standardOutput == """
                OVERVIEW: Shows what changed in behaviour between two cassettes.

                Events are matched by what they are, not by position or id: channel, direction,
                kind, the kinds of the events they answer or were caused by, then their
                payloads. An inserted event is reported as one insertion, and ids it renumbers
                are no change. Within a matched event each changed field is named by its path,
                such as 'headers[Authorization]' or 'body.json.items[2].qty'; the header's
                fields are compared too. UUIDs, timestamps, redaction placeholders and the
                values of the fields declared volatile (by --volatile or the cassettes'
                'volatile' header) renamed consistently are no change, and 'at' is ignored
                unless --timing is given. A secret left unredacted, as 'cassette lint' finds it,
                is reported on standard error as lint's warning and printed as
                '[UNREDACTED SECRET 1]', never as its value, in both cassettes.

                Given seven arguments, it runs as git's external diff program
                (GIT_EXTERNAL_DIFF, or diff.<driver>.command):
                'path old-file old-hex old-mode new-file new-hex new-mode'. It then diffs the
                two files, prints a plain line diff for files that are not cassettes, and exits
                0 whether or not they differ, as git expects:

                  git config diff.cassette.command 'cassette diff'
                  echo '**/Cassettes/**/*.json diff=cassette' >> .gitattributes

                USAGE: cassette diff [--timing] [--volatile <field> ...] [--format <format>] <old> <new>

                ARGUMENTS:
                  <file>                  The old cassette and the new one, or git's seven
                                          arguments.

                OPTIONS:
                  --timing                Reports events whose time ('at') changed; ignored by
                                          default.
                  --volatile <field>      Takes the values of a field, named by event kind and
                                          path such as 'script.message body.callbackId', as
                                          volatile: renamed consistently, they are no change.
                                          Repeatable.
                  --format <format>       How to print the changes: 'text' (the default),
                                          'markdown' or 'json'.
                  -h, --help              Prints help information.

                EXIT STATUS:
                  0   The cassettes record the same behaviour, or git's seven arguments were
                      given.
                  1   The cassettes differ.
                  64  The command line is wrong.
                  65  A cassette cannot be read; its problems are on standard error.
                  66  A file does not exist or cannot be read.

                """)
    }

    @Test("identical cassettes print nothing and exit 0")
    func same() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(), in: directory)
            let result = await cassette("diff", "old.json", "new.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("a body-only change is shown at its path as text")
    func bodyChangeAsText() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(quantity: 3), in: directory)
            let result = await cassette("diff", "old.json", "new.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardError.isEmpty)
            #expect(
                result.standardOutput == """
                    --- old.json
                    +++ new.json
                    @@ event 1 http.request: changed @@
                         1    +0.000s  effect    http.request                   POST https://shop.example/cart
                      body.json.items[2].qty
                    - 1
                    + 3

                    """)
        }
    }

    @Test("a body-only change is shown at its path as Markdown")
    func bodyChangeAsMarkdown() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(quantity: 3), in: directory)
            let result = await cassette("diff", "--format", "markdown", "old.json", "new.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(
                result.standardOutput == """
                    ### Cassette changes

                    | Cassette | Status | Changed | Moved | Inserted | Removed | Header |
                    | --- | --- | ---: | ---: | ---: | ---: | --- |
                    | <code>new.json</code> | changed | 1 | 0 | 0 | 0 |  |

                    <details><summary><code>new.json</code>: 1 changed</summary>

                    ```diff
                    --- old.json
                    +++ new.json
                    @@ event 1 http.request: changed @@
                         1    +0.000s  effect    http.request                   POST https://shop.example/cart
                      body.json.items[2].qty
                    - 1
                    + 3
                    ```

                    </details>

                    """)
        }
    }

    @Test("a body-only change is shown at its path as JSON")
    func bodyChangeAsJSON() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(quantity: 3), in: directory)
            let result = await cassette("diff", "--format=json", "old.json", "new.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(
                result.standardOutput == """
                    {
                      "cassettes": [
                        {
                          "counts": {
                            "changed": 1,
                            "inserted": 0,
                            "moved": 0,
                            "removed": 0
                          },
                          "events": [
                            {
                              "change": "changed",
                              "direction": "effect",
                              "fields": [
                                {
                                  "new": 3,
                                  "old": 1,
                                  "path": "body.json.items[2].qty"
                                }
                              ],
                              "kind": "http.request",
                              "newID": 1,
                              "oldID": 1
                            }
                          ],
                          "header": [],
                          "new": "new.json",
                          "old": "old.json",
                          "path": "new.json",
                          "status": "changed"
                        }
                      ],
                      "same": false,
                      "unreadable": []
                    }

                    """)
        }
    }

    @Test("an inserted event is reported as one insertion")
    func insertion() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(extraEvent: true), in: directory)
            let result = await cassette("diff", "old.json", "new.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(
                result.standardOutput == """
                    --- old.json
                    +++ new.json
                    @@ event 2 navigation.load: inserted @@
                    +    2    +0.100s  effect    navigation.load                GET https://shop.example/wait
                    +       url: "https://shop.example/wait"
                    +       method: "GET"

                    """)
        }
    }

    @Test("a changed time is a change only with --timing")
    func timing() async throws {
        try await withTemporaryDirectory { directory in
            var later = Self.cart()
            later.events[2].at = 0.75
            try write(Self.cart(), later, in: directory)
            #expect(await cassette("diff", "old.json", "new.json", in: directory).status == .success)
            let timed = await cassette("diff", "--timing", "old.json", "new.json", in: directory)
            #expect(timed.status == .checkFailed)
            #expect(timed.outputLines.suffix(3) == ["  at", "- 0.5", "+ 0.75"])
        }
    }

    @Test("colour is used on a terminal unless NO_COLOR is set")
    func colour() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(quantity: 3), in: directory)
            func run(environment: [String: String]) async -> String {
                let capture = OutputCapture()
                let terminal = Console(
                    standardOutput: capture.console.standardOutput, standardError: capture.console.standardError,
                    isTerminal: true)
                _ = await CassetteCLI.main(
                    arguments: ["diff", "old.json", "new.json"], console: terminal, currentDirectory: directory,
                    environment: environment, contracts: [])
                return capture.standardOutput
            }
            let coloured = await run(environment: [:])
            #expect(coloured.contains("\u{1B}[31m- 1\u{1B}[0m\n"))
            #expect(coloured.contains("\u{1B}[32m+ 3\u{1B}[0m\n"))
            let plain = await run(environment: ["NO_COLOR": "1"])
            #expect(!plain.contains("\u{1B}"))
            #expect(plain.contains("\n- 1\n+ 3\n"))
            let notTerminal = await cassette("diff", "old.json", "new.json", in: directory)
            #expect(notTerminal.standardOutput == plain)
        }
    }

    @Test("a missing file exits 66, a malformed one 65, a wrong command line 64")
    func failures() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(), in: directory)
            try directory.write(Samples.brokenJSON, to: "broken.json")
            let missing = await cassette("diff", "old.json", "nope.json", in: directory)
            #expect(missing.status == .noInput)
            #expect(missing.standardError == "cassette: error: no such file or directory: nope.json\n")
            #expect(missing.standardOutput.isEmpty)
            let broken = await cassette("diff", "broken.json", "new.json", in: directory)
            #expect(broken.status == .dataError)
            #expect(broken.standardError.hasPrefix("broken.json:5:1: error: "))
            #expect(broken.standardOutput.isEmpty)
            let one = await cassette("diff", "old.json", in: directory)
            #expect(one.status == .usageError)
            #expect(one.errorLines == [
                "cassette: error: expected 2 or 7 arguments, found 1",
                "Usage: cassette diff [--timing] [--volatile <field> ...] [--format <format>] <old> <new>", "See 'cassette diff --help'.",
            ])
            let format = await cassette("diff", "--format", "html", "old.json", "new.json", in: directory)
            #expect(format.status == .usageError)
            #expect(format.errorLines.first == "cassette: error: unknown format 'html'; expected one of 'text', 'markdown', 'json'")
        }
    }

    @Test("Markdown escapes what a cassette holds, so it cannot inject markup")
    func markdownEscaping() async throws {
        try await withTemporaryDirectory { directory in
            var old = Self.cart()
            old.events[2].payload = NavigationLoad(url: "https://x/```\n</details><script>")
            var new = old
            new.events[2].payload = NavigationLoad(url: "https://x/````</details><img src=x>")
            try directory.write(Samples.canonical(old), to: "old.json")
            try directory.write(Samples.canonical(new), to: "a|<b>.json")
            let result = await cassette("diff", "--format", "markdown", "old.json", "a|<b>.json", in: directory)
            let output = result.standardOutput
            #expect(result.status == .checkFailed)
            // The diff sits inside a fence longer than the longest run of backticks it holds.
            #expect(output.contains("\n`````diff\n"))
            #expect(output.contains("\n`````\n\n</details>\n"))
            // Outside the fence, only the one closing tag the report writes.
            let fenced = try #require(output.range(of: "`````diff\n"))
            let fenceEnd = try #require(output.range(of: "\n`````\n", range: fenced.upperBound..<output.endIndex))
            let outside = String(output[..<fenced.lowerBound]) + output[fenceEnd.upperBound...]
            #expect(outside.components(separatedBy: "</details>").count == 2)
            #expect(!outside.contains("<script>") && !outside.contains("<img"))
            #expect(outside.contains("<code>a&#124;&#60;b&#62;.json</code>"))
        }
    }

    @Test("with git's seven arguments it diffs the two files and exits 0")
    func gitArguments() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.cart(), Self.cart(quantity: 3), in: directory)
            let hex = String(repeating: "0", count: 40)
            let result = await cassette(
                "diff", "Cassettes/cart.json", "old.json", hex, "100644", "new.json", hex, "100644", in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines.prefix(2) == ["--- a/Cassettes/cart.json", "+++ b/Cassettes/cart.json"])
            #expect(result.outputLines.suffix(3) == ["  body.json.items[2].qty", "- 1", "+ 3"])

            let added = await cassette(
                "diff", "Cassettes/cart.json", "/dev/null", ".", ".", "new.json", hex, "100644", in: directory)
            #expect(added.status == .success)
            #expect(added.outputLines.prefix(3) == ["--- /dev/null", "+++ b/Cassettes/cart.json", "@@ event 1 http.request: inserted @@"])
            #expect(added.outputLines.filter { $0.hasPrefix("@@") }.count == 3)
        }
    }

    @Test("with git's seven arguments a file that is not a cassette gets a plain line diff")
    func gitPlainDiff() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write("a\nb\nc\n", to: "old.txt")
            try directory.write("a\nB\nc\nd\n", to: "new.txt")
            let result = await cassette(
                "diff", "notes.txt", "old.txt", "0", "100644", "new.txt", "1", "100644", in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines == [
                "--- a/notes.txt", "+++ b/notes.txt", "@@ -1,3 +1,4 @@", " a", "-b", "+B", " c", "+d",
            ])
        }
    }

    @Test("with git's seven arguments a file with CRLF line ends gets a line diff with each line apart")
    func gitPlainDiffCRLF() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write("a\r\nb\r\nc\r\n", to: "old.txt")
            try directory.write("a\r\nB\r\nc\r\n", to: "new.txt")
            let result = await cassette(
                "diff", "notes.txt", "old.txt", "0", "100644", "new.txt", "1", "100644", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == """
                --- a/notes.txt
                +++ b/notes.txt
                @@ -1,3 +1,3 @@
                 a\r
                -b\r
                +B\r
                 c\r

                """)
        }
    }

    @Test("with git's seven arguments a cassette file that is not UTF-8 gets a line diff, as it is no cassette to diff")
    func gitNotUTF8() async throws {
        try await withTemporaryDirectory { directory in
            let text = Samples.canonical(Self.cart())
            let broken = try #require(text.range(of: "shop.example/thanks"))
            var bytes = Array(text[..<broken.lowerBound].utf8)
            bytes += [0xFF]
            bytes += Array(text[broken.lowerBound...].utf8)
            try Data(bytes).write(to: directory.appendingPathComponent("old.json"))
            try directory.write(text, to: "new.json")
            let direct = await cassette("diff", "old.json", "new.json", in: directory)
            #expect(direct.status == .dataError)
            let hex = String(repeating: "0", count: 40)
            let result = await cassette(
                "diff", "Cassettes/cart.json", "old.json", hex, "100644", "new.json", hex, "100644", in: directory)
            #expect(result.status == .success)
            #expect(result.outputLines.prefix(2) == ["--- a/Cassettes/cart.json", "+++ b/Cassettes/cart.json"])
            // One line changed: the one with the byte that is not UTF-8, shown as U+FFFD.
            let changed = result.outputLines.dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
            #expect(changed.count == 2)
            #expect(changed.first?.contains("https://\u{FFFD}shop.example/thanks") == true)
            #expect(changed.last?.contains("\"https://shop.example/thanks\"") == true)
        }
    }
}
