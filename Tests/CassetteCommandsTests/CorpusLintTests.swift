import CassetteCommands
import Foundation
import Testing

/// The malformed JSON documents of the reader's corpus, as `lint` sees them.
private enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HybridReplayTests/Fixtures/json-corpus")

    static let rejected: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("reject-") && $0.hasSuffix(".json") }.sorted()
    }()

    /// `path:line:column: error: message`, nothing else.
    static func isPositionedError(_ line: String, path: String) -> Bool {
        guard line.hasPrefix(path + ":") else { return false }
        let rest = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        return rest.count == 4 && Int(rest[0]) != nil && Int(rest[1]) != nil && rest[2] == " error"
            && !rest[3].trimmingCharacters(in: .whitespaces).isEmpty
    }
}

@Suite("lint over the malformed corpus")
struct CorpusLintTests {
    @Test("the corpus has malformed documents to check")
    func corpusIsThere() {
        #expect(Corpus.rejected.count >= 60)
    }

    @Test("each malformed document exits 65 with positioned errors", arguments: Corpus.rejected)
    func malformedDocument(name: String) async {
        let path = "json-corpus/\(name)"
        let result = await cassette("lint", path, in: Corpus.folder.deletingLastPathComponent())
        #expect(result.status == .dataError)
        #expect(result.standardOutput.isEmpty)
        let diagnostics = result.errorLines.filter { $0.hasPrefix(path) }
        #expect(!diagnostics.isEmpty)
        for line in diagnostics {
            #expect(Corpus.isPositionedError(line, path: path), "\(line)")
        }
    }

    @Test(
        "the built executable survives the whole corpus and exits 65",
        .enabled(if: BuiltExecutable.url != nil, "the cassette executable is not built"))
    func executableOverCorpus() async throws {
        let result = try await BuiltExecutable.run("lint", "json-corpus", in: Corpus.folder.deletingLastPathComponent())
        #expect(result.status == .dataError)
        let diagnostics = result.errorLines.filter { $0.hasPrefix("json-corpus/") }
        let files = Set(diagnostics.compactMap { $0.split(separator: ":").first.map(String.init) })
        #expect(files.count >= Corpus.rejected.count)
        for line in diagnostics {
            let path = String(line.prefix { $0 != ":" })
            // A document with more problems than the limit ends with a count of the rest.
            let isOverflowCount = line.hasPrefix(path + ": error: ") && line.hasSuffix("not shown; fix these and read the file again")
            #expect(Corpus.isPositionedError(line, path: path) || isOverflowCount, "\(line)")
        }
    }
}
