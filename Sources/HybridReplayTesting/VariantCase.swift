import Foundation
import HybridReplay
import HybridReplayVariants
import Testing

/// One variant of a cassette, as the argument of a parameterized test: each
/// variant is a test case of its own, which Xcode and Swift Testing re-run
/// alone by its id.
///
/// ```swift
/// @Test(arguments: try VariantCase.all(of: "Cassettes/promise-reply.json"))
/// func keepsTheRules(_ variant: VariantCase) async {
///     await exploreVariant(variant) { PromiseReplyBridge(webView: $0.webView, transport: $0.transport) }
/// }
/// ```
///
/// A case is encoded by its variant id (``VariantID``), which derives the
/// same variant again from the same cassette, so a case's identity is stable
/// across runs and machines.
public struct VariantCase: Sendable, Hashable, CustomTestStringConvertible, CustomTestArgumentEncodable, CustomStringConvertible {
    /// The cassette file the variant is derived from.
    public var cassette: URL
    /// The variant's id.
    public var id: VariantID
    /// What the variant changes, in a few words.
    public var summary: String

    public init(cassette: URL, id: VariantID, summary: String = "") {
        self.cassette = cassette
        self.id = id
        self.summary = summary
    }

    public var testDescription: String { summary.isEmpty ? id.description : "\(id) (\(summary))" }

    public var description: String { id.description }

    /// Encodes the case as its variant id, the one name that derives it again.
    public func encodeTestArgument(to encoder: some Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id.description)
    }

    /// Every variant of the cassette at `path` (or those of one shard), in the generator's order.
    ///
    /// - Parameters:
    ///   - path: The cassette file: absolute, or relative to the folder of `filePath`.
    ///   - shard: The part of the variants to keep; all of them by default.
    ///   - filePath: The file `path` is relative to; the caller's by default.
    /// - Returns: One case per variant.
    /// - Throws: ``CassetteReadError`` when the file is not a cassette.
    public static func all(of path: String, shard: Shard = .all, relativeTo filePath: String = #filePath) throws -> [VariantCase] {
        try all(of: resolve(path, relativeTo: filePath), shard: shard)
    }

    /// Every variant of the cassette at `url` (or those of one shard).
    ///
    /// - Throws: ``CassetteReadError`` when the file is not a cassette.
    public static func all(of url: URL, shard: Shard = .all) throws -> [VariantCase] {
        let cassette = try CassetteReader().read(contentsOf: url, displayPath: url.path)
        return VariantGenerator().variants(of: cassette).filter { shard.contains($0.id) }.map {
            VariantCase(cassette: url, id: $0.id, summary: $0.summary)
        }
    }

    /// `path` as a file URL: itself when absolute, else inside the folder of `filePath`.
    static func resolve(_ path: String, relativeTo filePath: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    }
}
