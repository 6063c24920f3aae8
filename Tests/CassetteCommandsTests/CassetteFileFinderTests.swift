import Foundation
import Testing

@testable import CassetteCommands

@Suite struct CassetteFileFinderTests {
    @Test("a file operand is taken as typed, whatever its extension")
    func fileOperand() throws {
        try withTemporaryDirectory { directory in
            try directory.write("{}", to: "notes.txt")
            let finder = CassetteFileFinder(currentDirectory: directory)
            #expect(finder.expand("notes.txt") == .files([
                CassetteFile(url: directory.appendingPathComponent("notes.txt"), displayPath: "notes.txt")
            ]))
        }
    }

    @Test("a folder gives its .json files sorted by path, hidden entries skipped")
    func folder() throws {
        try withTemporaryDirectory { directory in
            for name in ["b.json", "a-b.json", "a/z.json", ".hidden.json", ".git/x.json", "sub/.build/y.json", "c.txt"] {
                try directory.write("{}", to: "Cassettes/\(name)")
            }
            let finder = CassetteFileFinder(currentDirectory: directory)
            guard case .files(let files) = finder.expand("Cassettes") else {
                Issue.record("expected files")
                return
            }
            #expect(files.map(\.displayPath) == ["Cassettes/a-b.json", "Cassettes/a/z.json", "Cassettes/b.json"])
        }
    }

    @Test("paths under '.' and under a folder with a trailing slash read naturally")
    func displayPaths() {
        #expect(CassetteFileFinder.join(".", "a/x.json") == "a/x.json")
        #expect(CassetteFileFinder.join("Cassettes/", "x.json") == "Cassettes/x.json")
        #expect(CassetteFileFinder.join("Cassettes//", "x.json") == "Cassettes/x.json")
        #expect(CassetteFileFinder.join("/", "x.json") == "/x.json")
        #expect(CassetteFileFinder.join("../Other", "x.json") == "../Other/x.json")
    }

    @Test("a symbolic link to a folder is not followed, so a loop ends")
    func symlinkLoop() throws {
        try withTemporaryDirectory { directory in
            try directory.write("{}", to: "Cassettes/x.json")
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent("Cassettes/loop").path, withDestinationPath: "..")
            let finder = CassetteFileFinder(currentDirectory: directory)
            guard case .files(let files) = finder.expand("Cassettes") else {
                Issue.record("expected files")
                return
            }
            #expect(files.map(\.displayPath) == ["Cassettes/x.json"])
        }
    }

    @Test("a symbolic link to a cassette is found, one named .json that points to a folder or nowhere is not")
    func symlinkedFiles() throws {
        try withTemporaryDirectory { directory in
            try directory.write("{}", to: "Elsewhere/real.json")
            try directory.write("{}", to: "Cassettes/sub/x.json")
            let links = [("Cassettes/linked.json", "../Elsewhere/real.json"), ("Cassettes/folder.json", "sub"),
                ("Cassettes/dangling.json", "missing.json")]
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(
                    atPath: directory.appendingPathComponent(link).path, withDestinationPath: target)
            }
            let finder = CassetteFileFinder(currentDirectory: directory)
            guard case .files(let files) = finder.expand("Cassettes") else {
                Issue.record("expected files")
                return
            }
            #expect(files.map(\.displayPath) == ["Cassettes/linked.json", "Cassettes/sub/x.json"])
        }
    }

    @Test("a path that does not exist, or an empty one, is missing")
    func missing() throws {
        try withTemporaryDirectory { directory in
            let finder = CassetteFileFinder(currentDirectory: directory)
            #expect(finder.expand("nope") == .missing)
            #expect(finder.expand("") == .missing)
            #expect(finder.file("nope.json") == nil)
        }
    }
}
