import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTesting

/// The conformance suite in the package's `Cassettes/` folder.
enum ConformanceSuite {
    /// Every cassette of the suite, sorted by path.
    static var cases: [CassetteCase] {
        get throws(CassetteCase.SearchError) { try CassetteCase.all(in: "../../Cassettes") }
    }

    /// Replay options for the suite: the defaults every entry point uses,
    /// with the command that re-records it.
    static let options = ReplayOptions(recordCommand: ReferenceContract.suiteRecordCommand)

    /// The suite's cassette at `relativePath`, such as `router/present-yellow.json`.
    static func cassette(_ relativePath: String) throws -> Cassette {
        guard let found = try cases.first(where: { $0.relativePath == relativePath }) else {
            throw SuiteError("Cassettes/\(relativePath) is not in the suite; run `swift run record-suite`")
        }
        return try CassetteReader().read(contentsOf: found.url)
    }

    /// The cassettes whose header names `contract`.
    static func cassettes(of contract: String) throws -> [(path: String, cassette: Cassette)] {
        try cases.compactMap { found in
            let cassette = try CassetteReader().read(contentsOf: found.url)
            return cassette.header.contract == contract ? ("Cassettes/\(found.relativePath)", cassette) : nil
        }
    }

    /// Replays `cassette` against what `setUp` builds.
    static func replay(
        _ cassette: Cassette, path: String, _ setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async -> ReplayReport {
        await Replayer(cassette: cassette, path: path, options: options).replay { try await setUp($0) }
    }

    /// The id of the `index`th event (from 0) of `kind` that satisfies `condition`.
    static func eventID(
        of kind: EventKind, in cassette: Cassette, index: Int = 0, where condition: (Event) -> Bool = { _ in true }
    ) throws -> Int {
        let matching = cassette.events.filter { $0.kind == kind && condition($0) }
        guard index < matching.count else {
            throw SuiteError("\(cassette.header.name) has no \(kind) event number \(index + 1)")
        }
        return matching[index].id
    }
}

struct SuiteError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
