import Foundation
import Testing
@testable import HybridReplay
import HybridReplayTestSupport

@Suite("Canonical round trip")
struct CassetteRoundTripTests {
    static let seeds: [UInt64] = Array(1...40)

    @Test("write then read gives back an equal cassette", arguments: seeds)
    func writeThenReadIsLossless(seed: UInt64) throws {
        var generator = CassetteGenerator(seed: seed)
        let cassette = generator.cassette(scenes: 60)
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let read = try CassetteReader().read(bytes, path: "seed-\(seed).json")
        #expect(read == cassette, "seed \(seed)")
    }

    @Test("formatting a canonical cassette changes nothing", arguments: seeds)
    func formattingIsIdempotent(seed: UInt64) throws {
        var generator = CassetteGenerator(seed: seed)
        let bytes = CassetteWriter.canonicalBytes(of: generator.cassette(scenes: 60))
        let again = CassetteWriter.canonicalBytes(of: try CassetteReader().read(bytes, path: "seed-\(seed).json"))
        #expect(again == bytes, "seed \(seed)")
    }

    @Test("the Foundation reader reads generated cassettes exactly as jansson does", arguments: seeds.prefix(10))
    func readersAgreeOnGeneratedCassettes(seed: UInt64) throws {
        var generator = CassetteGenerator(seed: seed)
        let cassette = generator.cassette(scenes: 40)
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let viaFoundation = try CassetteReader(json: .foundation).read(bytes, path: "x.json")
        #expect(viaFoundation == cassette)
        #expect(try CassetteReader(json: .platformDefault).read(bytes, path: "x.json") == viaFoundation)
    }

    @Test("generated cassettes cover every kind of every channel")
    func generatorCoversEveryKind() {
        var kinds: Set<EventKind> = []
        for seed in Self.seeds {
            var generator = CassetteGenerator(seed: seed)
            kinds.formUnion(generator.cassette(scenes: 60).events.map(\.kind).filter { $0.channel != .custom })
        }
        let expected = Set(PayloadRegistry.standardTypes.map { $0.eventKind })
        #expect(kinds == expected)
    }

    @Test("a non-canonical layout reads to the same cassette and formats to canonical bytes")
    func nonCanonicalLayoutFormats() throws {
        var generator = CassetteGenerator(seed: 99)
        let cassette = generator.cassette(scenes: 10)
        let canonical = CassetteWriter.canonicalBytes(of: cassette)
        // Re-indent with tabs and no trailing newline: same JSON, other bytes.
        var text = String(decoding: canonical, as: UTF8.self).replacingOccurrences(of: "  ", with: "\t")
        text.removeLast()
        let read = try CassetteReader().read(Array(text.utf8), path: "tabs.json")
        #expect(read == cassette)
        #expect(CassetteWriter.canonicalBytes(of: read) == canonical)
    }
}
