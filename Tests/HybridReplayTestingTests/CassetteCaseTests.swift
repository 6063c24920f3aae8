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

        let cases = try CassetteCase.all(in: folder.url)

        #expect(cases.map(\.relativePath) == ["a/z.json", "b.json", "c/d/e.json"])
        #expect(cases.map(\.testDescription) == ["a/z.json", "b.json", "c/d/e.json"])
        #expect(cases.map(\.name) == ["z", "b", "e"])
        #expect(cases.map { $0.url.path } == cases.map { folder.url.appendingPathComponent($0.relativePath).path })
    }

    @Test("a folder that does not exist is an error naming it, not an empty suite")
    func missingFolder() throws {
        let folder = URL(fileURLWithPath: "/nonexistent/HybridReplay/cassettes")
        let error = try #require(throws: CassetteCase.SearchError.self) { try CassetteCase.all(in: folder) }
        #expect(error == CassetteCase.SearchError(directory: folder, contract: nil, folderExists: false))
        #expect(
            error.description == """
                /nonexistent/HybridReplay/cassettes: error: no cassettes to replay: the folder does not exist.
                Fix: a relative folder is found next to the test file that calls CassetteCase.all(in:); \
                correct the path, or record cassettes into the folder first.
                """)
        let byContract = try #require(throws: CassetteCase.SearchError.self) {
            try CassetteCase.all(in: folder, contract: "navigation-router")
        }
        #expect(byContract.description.hasPrefix(
            "/nonexistent/HybridReplay/cassettes: error: no cassettes of contract 'navigation-router' to replay: "
                + "the folder does not exist."))
    }

    @Test("a relative folder is found next to the calling file, and one without cassettes is an error")
    func relativeFolder() throws {
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")
        let error = try #require(throws: CassetteCase.SearchError.self) { try CassetteCase.all(in: "Support") }
        #expect(error.directory.path == expected.path)
        #expect(error.folderExists)
        #expect(
            error.description == """
                \(expected.path): error: no cassettes to replay: the folder holds no .json file.
                Fix: record cassettes into the folder first, or name the folder that holds them.
                """)
        #expect(CassetteLocation.directory("Support", relativeTo: #filePath).path == expected.path)
    }

    @Test("a folder without a cassette of the contract is an error listing the contracts it holds")
    func noCassetteOfContract() throws {
        let folder = TemporaryDirectory()
        for (path, contract) in [("a.json", "echo"), ("b/c.json", "router"), ("d.json", nil), ("e.json", "echo")] {
            var cassette = Echo.cassette(named: "x", words: ["hi"])
            cassette.header.contract = contract
            try folder.write(text: String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self), as: path)
        }

        let error = try #require(throws: CassetteCase.SearchError.self) {
            try CassetteCase.all(in: folder.url, contract: "navigation-router")
        }
        #expect(error.contractsFound == ["echo": 2, "router": 1, "": 1])
        #expect(
            error.description == """
                \(folder.url.standardizedFileURL.path): error: no cassettes of contract 'navigation-router' to replay: \
                the folder holds 4 cassettes, of contract none (1), 'echo' (2), 'router' (1).
                Fix: pass one of those contracts, or add "contract": "navigation-router" to the header of each cassette meant for it.
                """)
    }

    @Test("every cassette of a folder conforms", arguments: try CassetteCase.all(in: conformanceFolder))
    func conforms(_ cassette: CassetteCase) async {
        let report = await replayCassette(cassette, options: Echo.fast) { EchoRouter.install(on: $0) }
        #expect(report?.passed == true)
    }

    @Test("the conformance folder yields one case per cassette")
    func conformanceCases() throws {
        let paths = try CassetteCase.all(in: conformanceFolder).map(\.relativePath)
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

        #expect(try CassetteCase.all(in: folder.url, contract: "echo").map(\.relativePath) == ["a.json", "broken.json", "e.json"])
        #expect(try CassetteCase.all(in: folder.url, contract: "router").map(\.relativePath) == ["b/c.json", "broken.json"])
        #expect(try CassetteCase.all(in: folder.url, contract: "location").map(\.relativePath) == ["broken.json"])
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
        let cassette = try #require(try CassetteCase.all(in: folder.url).first)
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
        let cassette = try #require(try CassetteCase.all(in: folder.url).first)

        let run = CassetteRun.replaying(cassette, options: Echo.fast)
        let outcome = await run.run { EchoRouter.install(on: $0, prefix: "x-") }

        let failure = try #require(outcome.failures.first)
        #expect(outcome.failures.count == 1)
        #expect(failure.traceName == "bridge-echo.actual.json")
        #expect(failure.trace?.events.last?.payload as? NativeRoute == NativeRoute(name: "x-hello"))
        #expect(!failure.message.contains("HYBRIDREPLAY_RECORD"))
    }
}

@Suite("Cassette cases of a linked folder")
struct LinkedCassetteFolderTests {
    @Test("a folder that is a symbolic link is searched where it points, and cases keep the link's path")
    func linkedFolder() throws {
        let folder = TemporaryDirectory()
        try folder.write(text: "{}", as: "suite/router/a.json")
        let link = folder.url.appendingPathComponent("Cassettes")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.url.appendingPathComponent("suite"))

        let cases = try CassetteCase.all(in: link)

        #expect(cases.map(\.relativePath) == ["router/a.json"])
        #expect(cases.map(\.url.path) == [link.appendingPathComponent("router/a.json").path])
    }
}
