import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// A timeline is a textconv driver's whole view of a cassette: if one field
/// could change without changing it, `git diff` would show nothing.
@Suite struct TimelinePropertyTests {
    /// The conformance suite's cassettes, every kind of event among them, and the samples.
    static func cassettes() throws -> [(name: String, bytes: [UInt8])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cassettes")
        var found: [(String, [UInt8])] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            found.append((file, Array(try Data(contentsOf: root.appendingPathComponent(file)))))
        }
        for (name, cassette) in [("navigation", Samples.navigation), ("http", Samples.http)] {
            found.append((name, CassetteWriter.canonicalBytes(of: cassette)))
        }
        return found
    }

    /// Every leaf of `value` with its path.
    static func leaves(of value: JSONValue, path: [JSONPath.Component] = []) -> [([JSONPath.Component], JSONValue)] {
        switch value {
        case .object(let members):
            members.keys.sorted().flatMap { leaves(of: members[$0] ?? .null, path: path + [.key($0)]) }
        case .array(let elements):
            elements.indices.flatMap { leaves(of: elements[$0], path: path + [.index($0)]) }
        default:
            [(path, value)]
        }
    }

    /// The ways a leaf changes on its own: strings gain or lose a character, numbers grow a little
    /// and a lot, booleans flip, `null` becomes a string.
    static func changes(of leaf: JSONValue) -> [JSONValue] {
        switch leaf {
        case .string(let text): [.string(text + "x"), .string(String(text.dropLast()))]
        case .number(let number): [.number(number + 1), .number(number + 0.0001)]
        case .bool(let flag): [.bool(!flag)]
        default: [.string("x")]
        }
    }

    /// `value` with the leaf at `path` replaced by `leaf`.
    static func replacing(_ path: ArraySlice<JSONPath.Component>, in value: JSONValue, with leaf: JSONValue) -> JSONValue {
        guard let first = path.first else { return leaf }
        switch (first, value) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null, with: leaf)
            return .object(members)
        case (.index(let index), .array(var elements)):
            elements[index] = replacing(path.dropFirst(), in: elements[index], with: leaf)
            return .array(elements)
        default:
            return value
        }
    }

    /// At most about this many leaves are changed per cassette.
    static let leavesPerCassette = 10

    @Test("any single-field change that leaves a valid, different cassette changes show's output")
    func singleFieldChanges() async throws {
        let cassettes = try Self.cassettes()
        // Seconds of work run on a Dispatch thread, so the replays of the tests running alongside,
        // which need the cooperative threads, are never starved of them.
        let (checked, unchanged) = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: Self.check(cassettes)) }
        }
        #expect(unchanged.isEmpty, "show's output did not change: \(unchanged.prefix(5))")
        // Most changes leave a valid cassette.
        #expect(checked > 400)
    }

    /// The number of single-field changes tried, and those that left show's output as it was.
    static func check(_ cassettes: [(name: String, bytes: [UInt8])]) -> (Int, [String]) {
        let reader = CassetteReader()
        var checked = 0
        var unchanged: [String] = []
        for (name, bytes) in cassettes {
            guard let original = try? reader.read(bytes, path: name),
                let document = try? JSONReader.platformDefault.read(bytes)
            else {
                unchanged.append("\(name) cannot be read")
                continue
            }
            let originalText = Timeline.text(for: original)
            let leaves = Self.leaves(of: document)
            // Spread over the cassette, a sample keeps the test quick; the samples and small cassettes are whole.
            let step = max(1, leaves.count / Self.leavesPerCassette)
            for index in stride(from: 0, to: leaves.count, by: step) {
                for leaf in Self.changes(of: leaves[index].1) {
                    let changed = Self.replacing(leaves[index].0[...], in: document, with: leaf)
                    guard let cassette = try? reader.read(Array(changed.documentText.utf8), path: name),
                        cassette != original
                    else { continue }
                    checked += 1
                    if Timeline.text(for: cassette) == originalText { unchanged.append("\(name): \(leaves[index].0) → \(leaf)") }
                }
            }
        }
        return (checked, unchanged)
    }
}
