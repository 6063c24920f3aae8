import Foundation
import HybridReplay
@testable import HybridReplayTesting
import Testing

/// A folder of cassettes made once, for the parameterized conformance test.
private let conformanceFolder: URL = {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("HybridReplayTestingTests-conformance-\(UUID().uuidString)", isDirectory: true)
    let cassettes = [("echo/hello.json", ["hello"]), ("echo/two-words.json", ["hello", "world"]), ("plain.json", ["hi"])]
    for (path, words) in cassettes {
        let file = folder.appendingPathComponent(path)
        let cassette = Echo.cassette(named: file.deletingPathExtension().lastPathComponent, words: words)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(CassetteWriter.canonicalBytes(of: cassette)).write(to: file)
    }
    return folder
}()

@Suite("Cassette cases of a folder")
struct CassetteCaseTests {
    @Test("finds every .json file in subfolders too, sorted by relative path")
    func findsCassettes() throws {
        let folder = TemporaryDirectory()
        try folder.write(text: "{}", as: "b.json")
        try folder.write(text: "{}", as: "a/z.json")
        try folder.write(text: "{}", as: "a/notes.txt")
        try folder.write(text: "{}", as: "c/d/e.json")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("folder.json"), withIntermediateDirectories: true)

        let cases = CassetteCase.all(in: folder.url)

        #expect(cases.map(\.relativePath) == ["a/z.json", "b.json", "c/d/e.json"])
        #expect(cases.map(\.testDescription) == ["a/z.json", "b.json", "c/d/e.json"])
        #expect(cases.map(\.name) == ["z", "b", "e"])
        #expect(cases.map { $0.url.path } == cases.map { folder.url.appendingPathComponent($0.relativePath).path })
    }

    @Test("a folder that does not exist has no cassettes")
    func missingFolder() {
        #expect(CassetteCase.all(in: URL(fileURLWithPath: "/nonexistent/HybridReplay/cassettes")).isEmpty)
    }

    @Test("a relative folder is found next to the calling file")
    func relativeFolder() {
        let cases = CassetteCase.all(in: "Support")
        #expect(cases.isEmpty)
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support").path
        #expect(CassetteLocation.directory("Support", relativeTo: #filePath).path == expected)
    }

    @Test("every cassette of a folder conforms", arguments: CassetteCase.all(in: conformanceFolder))
    func conforms(_ cassette: CassetteCase) async {
        let report = await replayCassette(cassette, options: Echo.fast) { EchoRouter.install(on: $0) }
        #expect(report?.passed == true)
    }

    @Test("the conformance folder yields one case per cassette")
    func conformanceCases() {
        let paths = CassetteCase.all(in: conformanceFolder).map(\.relativePath)
        #expect(paths == ["echo/hello.json", "echo/two-words.json", "plain.json"])
    }

    @Test("contract: keeps the cassettes whose header names it, and the unreadable ones")
    func byContract() throws {
        let folder = TemporaryDirectory()
        for (path, contract) in [("a.json", "echo"), ("b/c.json", "router"), ("d.json", nil), ("e.json", "echo")] {
            var cassette = Echo.cassette(named: "x", words: ["hi"])
            cassette.header.contract = contract
            try folder.write(text: String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self), as: path)
        }
        try folder.write(text: "{", as: "broken.json")

        #expect(CassetteCase.all(in: folder.url, contract: "echo").map(\.relativePath) == ["a.json", "broken.json", "e.json"])
        #expect(CassetteCase.all(in: folder.url, contract: "router").map(\.relativePath) == ["b/c.json", "broken.json"])
        #expect(CassetteCase.all(in: folder.url, contract: "location").map(\.relativePath) == ["broken.json"])
    }

    @Test("a malformed cassette is an issue with the reader's line and column diagnostics")
    func malformedCassette() async throws {
        let folder = TemporaryDirectory()
        let text = """
            {
              "formatVersion": 1,
              "name": "broken",
              "events": [
                {"id": 1,}
              ]
            }

            """
        try folder.write(text: text, as: "broken.json")
        let cassette = try #require(CassetteCase.all(in: folder.url).first)
        let path = folder.file("broken").path
        await withKnownIssue {
            let report = await replayCassette(cassette) { EchoRouter.install(on: $0) }
            #expect(report == nil)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("\(path):5:") && text.contains(": error: ")
                && text.hasSuffix("Fix the file, or record it again where it was recorded.")
        }
    }

    @Test("a failing conformance case attaches its trace under its relative path")
    func failingCaseTraceName() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Echo.cassette(), as: "bridge/echo.json")
        let cassette = try #require(CassetteCase.all(in: folder.url).first)

        let run = CassetteRun.replaying(cassette, options: Echo.fast)
        let outcome = await run.run { EchoRouter.install(on: $0, prefix: "x-") }

        let failure = try #require(outcome.failures.first)
        #expect(outcome.failures.count == 1)
        #expect(failure.traceName == "bridge-echo.actual.json")
        #expect(failure.trace?.events.last?.payload as? NativeRoute == NativeRoute(name: "x-hello"))
        #expect(!failure.message.contains("HYBRIDREPLAY_RECORD"))
    }
}
