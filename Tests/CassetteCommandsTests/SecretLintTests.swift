import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayTestSupport
import Testing

@Suite("lint --strict and import har against credentials in every shape")
struct SecretLintTests {
    static let corpus = SecretCorpus()

    static func fileName(_ shape: SecretCorpus.Shape) -> String {
        shape.name.replacingOccurrences(of: " ", with: "-") + ".json"
    }

    @Test("lint --strict fails on a hand-made unredacted copy of each shape, naming each file with a line and column")
    func unredactedCopies() async throws {
        try await withTemporaryDirectory { directory in
            for shape in Self.corpus.shapes {
                let bytes = CassetteWriter.canonicalBytes(of: SecretCorpus.unredacted(shape))
                try directory.write(String(decoding: bytes, as: UTF8.self), to: "Cassettes/\(Self.fileName(shape))")
            }
            let strict = await cassette("lint", "--strict", "Cassettes", in: directory)
            let lenient = await cassette("lint", "Cassettes", in: directory)

            #expect(strict.status == .checkFailed)
            #expect(lenient.status == .success)
            for shape in Self.corpus.shapes {
                let prefix = "Cassettes/\(Self.fileName(shape)):"
                let warned = strict.errorLines.contains { line in
                    guard line.hasPrefix(prefix), let range = line.range(of: ": warning: ") else { return false }
                    let position = line[line.index(line.startIndex, offsetBy: prefix.count)..<range.lowerBound].split(separator: ":")
                    return position.count == 2 && position.allSatisfy { Int($0) != nil }
                }
                #expect(warned, "\(shape.name): \(strict.standardError)")
            }
        }
    }

    @Test("lint --strict passes the same shapes redacted by the default rules")
    func redactedCopies() async throws {
        try await withTemporaryDirectory { directory in
            for shape in Self.corpus.shapes {
                var cassette = SecretCorpus.unredacted(shape)
                var placeholders = RedactionPlaceholders()
                for index in cassette.events.indices {
                    cassette.events[index].payload = Redaction.default.apply(to: cassette.events[index].payload, placeholders: &placeholders)
                }
                cassette.header.redactions = Redaction.default.ruleNames
                let text = String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
                #expect(Self.corpus.exposed(in: text) == [], "\(shape.name)")
                try directory.write(text, to: "Cassettes/\(Self.fileName(shape))")
            }
            let result = await cassette("lint", "--strict", "Cassettes", in: directory)

            #expect(result.status == .success, "\(result.standardError)")
            #expect(result.standardOutput == "checked \(Self.corpus.shapes.count) cassettes\n")
        }
    }

    @Test("import har writes a cassette without the log's credentials, which lint --strict passes")
    func importHAR() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Self.corpus.har(), to: "corpus.har")
            let imported = await cassette("import", "har", "--name", "corpus", "-o", "corpus.json", "corpus.har", in: directory)
            #expect(imported.status == .success, "\(imported.standardError)")
            let text = try String(contentsOf: directory.appendingPathComponent("corpus.json"), encoding: .utf8)

            #expect(Self.corpus.exposed(in: text) == [])
            #expect(await cassette("lint", "--strict", "corpus.json", in: directory).status == .success)
        }
    }
}
