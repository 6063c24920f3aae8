import Foundation
import HybridReplay

/// Explores the variants of the cassette at `url` against the implementation
/// `setUp` builds, and judges each by the platform's rules.
///
/// ```swift
/// let exploration = try await exploreCassette(at: url) { platform in
///     PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
/// }
/// #expect(exploration.passed, "\(exploration.failures.map(\.violations))")
/// ```
///
/// - Parameters:
///   - url: A cassette file.
///   - options: Which variants, how long, which rules.
///   - setUp: Builds the implementation on each variant's platform.
/// - Returns: What was explored, and every failure shrunk.
/// - Throws: ``CassetteReadError`` when the file is not a cassette;
///   ``VariantLookupError`` when `options.variant` names no variant of it.
public func exploreCassette(
    at url: URL, options: ExplorationOptions = ExplorationOptions(),
    setUp: @escaping @Sendable (Platform) async throws -> any Sendable
) async throws -> Exploration {
    let cassette = try CassetteReader().read(contentsOf: url, displayPath: url.path)
    return try await Explorer(options: options).explore(cassette, setUp: setUp)
}
