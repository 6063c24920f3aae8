import Foundation
import Testing
@testable import HybridReplay
import HybridReplayTestSupport

@Suite("CassetteReader robustness")
struct CassetteReaderRobustnessTests {
    /// Damages `bytes` in one of a few ways a broken editor, merge or disk would.
    private static func mutate(_ bytes: [UInt8], with random: inout SplitMix64) -> [UInt8] {
        var damaged = bytes
        let position = Int.random(in: 0..<damaged.count, using: &random)
        switch Int.random(in: 0...4, using: &random) {
        case 0: damaged[position] = UInt8.random(in: 0...255, using: &random)
        case 1: damaged.remove(at: position)
        case 2: damaged.insert(Array("{}[]\",:\\0-e".utf8).randomElement(using: &random) ?? 0, at: position)
        case 3: damaged.removeSubrange(position..<min(damaged.count, position + Int.random(in: 1...40, using: &random)))
        default: damaged = Array(damaged[..<position])
        }
        return damaged
    }

    @Test("damaged cassettes give positioned diagnostics on both readers, never a crash", arguments: [JSONReader.platformDefault, .foundation].map(\.backend.name))
    func damagedCassettes(backend: String) {
        let reader = CassetteReader(json: backend == "Foundation" ? .foundation : .platformDefault)
        var generator = CassetteGenerator(seed: 3)
        let original = CassetteWriter.canonicalBytes(of: generator.cassette(scenes: 15))
        var random = SplitMix64(seed: 11)
        var rejected = 0
        for _ in 0..<200 {
            let damaged = Self.mutate(original, with: &random)
            let lines = damaged.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let diagnostics = reader.lint(damaged, path: "d.json").filter { $0.severity == .error }
            if diagnostics.isEmpty { continue }
            rejected += 1
            for diagnostic in diagnostics {
                #expect(diagnostic.description.hasPrefix("d.json:"))
                if let position = diagnostic.position {
                    #expect(position.line >= 1 && position.line <= lines && position.column >= 1)
                }
            }
        }
        // Most damage breaks the cassette; if nothing was rejected the reader is not checking.
        #expect(rejected > 100)
    }
}
