import CassetteCommands
import Foundation
import HybridReplay
import Testing

@Suite struct LintCommandTests {
    @Test("lint prints 'checked N cassettes' on standard output for valid cassettes")
    func clean() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "Cassettes/a.json")
            try directory.write(Samples.reindented(Samples.http), to: "Cassettes/b.json")
            let result = await cassette("lint", "Cassettes", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == "checked 2 cassettes\n")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("lint counts one cassette in the singular")
    func singular() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "a.json")
            #expect(await cassette("lint", "a.json", in: directory).standardOutput == "checked 1 cassette\n")
        }
    }

    @Test("lint prints malformed JSON as path:line:column: error: lines and exits 65")
    func malformedJSON() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "Cassettes/broken.json")
            try directory.write(Samples.canonical(), to: "Cassettes/good.json")
            let result = await cassette("lint", "Cassettes", in: directory)
            #expect(result.status == .dataError)
            #expect(result.standardOutput.isEmpty)
            #expect(result.errorLines.count == 2)
            #expect(result.errorLines.first?.hasPrefix("Cassettes/broken.json:5:1: error: ") == true)
            #expect(result.errorLines.last == "1 file with problems, 1 error")
        }
    }

    @Test("lint reports every problem in every file, then a count")
    func severalProblems() async throws {
        try await withTemporaryDirectory { directory in
            let wrongPolicy = Samples.canonical().replacingOccurrences(of: "\"cancel\"", with: "\"deny\"")
            let wrongIDs = Samples.canonical().replacingOccurrences(of: "\"id\": 3", with: "\"id\": 2")
            try directory.write(wrongPolicy, to: "a.json")
            try directory.write(wrongIDs, to: "b.json")
            try directory.write(Samples.brokenJSON, to: "c.json")
            let result = await cassette("lint", "a.json", "b.json", "c.json", in: directory)
            #expect(result.status == .dataError)
            let diagnostics = result.errorLines.dropLast()
            #expect(diagnostics.count >= 3)
            for line in diagnostics {
                #expect(line.contains(#/^[abc]\.json:\d+:\d+: error: .+/#), "\(line)")
            }
            #expect(diagnostics.contains { $0.hasPrefix("a.json:") && $0.contains("deny") })
            #expect(diagnostics.contains { $0.hasPrefix("b.json:") })
            #expect(result.errorLines.last == "3 files with problems, \(diagnostics.count) errors")
        }
    }

    @Test("lint reports warnings with the count but still exits 0")
    func warnings() async throws {
        try await withTemporaryDirectory { directory in
            let leaky = Cassette(header: CassetteHeader(name: "leaky"), events: [
                Event(id: 1, at: 0, payload: HTTPRequest(url: "https://a.test/", headers: [HTTPHeader("Cookie", "sid=1")]))
            ])
            try directory.write(Samples.canonical(leaky), to: "leaky.json")
            let result = await cassette("lint", "leaky.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == "checked 1 cassette\n")
            #expect(result.errorLines.count == 2)
            #expect(result.errorLines.first?.contains(#/^leaky\.json:\d+:\d+: warning: /#) == true)
            #expect(result.errorLines.last == "1 file with problems, 0 errors, 1 warning")
        }
    }

    @Test("lint --strict fails with status 1 on warnings alone")
    func strictWarnings() async throws {
        try await withTemporaryDirectory { directory in
            let leaky = Cassette(header: CassetteHeader(name: "leaky"), events: [
                Event(id: 1, at: 0, payload: HTTPRequest(url: "https://a.test/", headers: [HTTPHeader("Authorization", "Basic dXNlcjpwYXNz")]))
            ])
            try directory.write(Samples.canonical(leaky), to: "leaky.json")
            try directory.write(Samples.canonical(), to: "clean.json")
            let strict = await cassette("lint", "--strict", "leaky.json", "clean.json", in: directory)
            #expect(strict.status == .checkFailed)
            #expect(strict.standardOutput.isEmpty)
            #expect(strict.errorLines.last == "1 file with problems, 0 errors, 1 warning")
            let clean = await cassette("lint", "--strict", "clean.json", in: directory)
            #expect(clean.status == .success)
            #expect(clean.standardOutput == "checked 1 cassette\n")
        }
    }

    @Test("lint warns of a message that awaits a reply the cassette does not have; a replied one is clean")
    func unrepliedMessage() async throws {
        try await withTemporaryDirectory { directory in
            let message = ScriptMessage(handler: "notes", body: ["op": "save"], expectsReply: true)
            let unreplied = Cassette(header: CassetteHeader(name: "unreplied"), events: [Event(id: 1, at: 0, payload: message)])
            let replied = Cassette(header: CassetteHeader(name: "replied"), events: [
                Event(id: 1, at: 0, payload: message),
                Event(id: 2, at: 0, cause: 1, payload: ScriptReply(.value(["saved": true]))),
            ])
            try directory.write(Samples.canonical(unreplied), to: "unreplied.json")
            try directory.write(Samples.canonical(replied), to: "replied.json")
            let result = await cassette("lint", "unreplied.json", in: directory)
            #expect(result.status == .success)
            #expect(result.errorLines.count == 2, "\(result.standardError)")
            let warning = try #require(result.errorLines.first)
            #expect(warning.hasPrefix("unreplied.json:"))
            #expect(warning.contains(": warning: script.message 1 to 'notes' awaits a reply and the cassette has none"), "\(warning)")
            #expect(warning.contains("recorder.waitForEvents(ScriptReply.eventKind)"))
            #expect(result.errorLines.last == "1 file with problems, 0 errors, 1 warning")
            #expect(await cassette("lint", "--strict", "unreplied.json", in: directory).status == .checkFailed)
            let clean = await cassette("lint", "--strict", "replied.json", in: directory)
            #expect(clean.status == .success, "\(clean.standardError)")
        }
    }

    @Test("lint --strict still exits 65 when there are errors")
    func strictErrors() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "broken.json")
            #expect(await cassette("lint", "--strict", "broken.json", in: directory).status == .dataError)
        }
    }

    @Test("lint reports a missing path after checking the others and exits 66")
    func missingPath() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "a.json")
            let result = await cassette("lint", "missing.json", "a.json", in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == "cassette: error: no such file or directory: missing.json\n")
        }
    }

    @Test("lint with a missing path and a broken file exits 66, the higher status")
    func missingAndBroken() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "a.json")
            let result = await cassette("lint", "a.json", "missing.json", in: directory)
            #expect(result.status == .noInput)
            #expect(result.errorLines.contains("cassette: error: no such file or directory: missing.json"))
            #expect(result.errorLines.last == "1 file with problems, 1 error")
        }
    }

    @Test("lint checks a file named twice once")
    func duplicates() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "a.json")
            let result = await cassette("lint", "a.json", ".", "./a.json", in: directory)
            #expect(result.standardOutput == "checked 1 cassette\n")
        }
    }

    @Test("lint without a path is a usage error")
    func noPath() async {
        let result = await cassette("lint")
        #expect(result.status == .usageError)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines == [
            "cassette: error: missing expected argument '<path> ...'", "Usage: cassette lint [--strict] <path> ...",
            "See 'cassette lint --help'.",
        ])
    }
}
