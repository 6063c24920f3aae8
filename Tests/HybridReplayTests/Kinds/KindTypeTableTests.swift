import Foundation
import Testing

@testable import HybridReplay

/// docs/simulated-platform.md tells which Swift type's `eventKind` names each
/// kind, for `recorder.waitForEvents`; this keeps that table equal to the
/// kinds the format defines.
@Suite("The guide's table of kinds and their types")
struct KindTypeTableTests {
    static let guide = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/simulated-platform.md")

    /// The rows `| `channel.kind` | `Type` |` of the guide.
    static func rows() throws -> [String: String] {
        let text = try String(contentsOf: guide, encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, cells.allSatisfy({ $0.hasPrefix("`") && $0.hasSuffix("`") && $0.count > 2 }) else { continue }
            let kind = String(cells[0].dropFirst().dropLast())
            guard kind.contains("."), !kind.contains(" ") else { continue }
            #expect(rows[kind] == nil, "\(kind) is listed twice")
            rows[kind] = String(cells[1].dropFirst().dropLast())
        }
        return rows
    }

    @Test("every kind of the format is listed with the type whose eventKind it is, and nothing else")
    func tableMatchesTheFormat() throws {
        let listed = try Self.rows()
        let defined = Dictionary(
            uniqueKeysWithValues: PayloadRegistry.standardTypes.map { ("\($0.eventKind)", String(describing: $0)) })
        #expect(listed == defined)
    }
}
