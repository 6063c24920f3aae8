import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplayVariants
import Testing

/// Explores every variant of a cassette against the implementation `setUp`
/// builds, judges each by the platform's rules (and by the reference's run,
/// when `options` names one), and reports each failure as an issue at the
/// call, with its failure cassette, shrunk, attached.
///
/// ```swift
/// @Test func productCardKeepsTheRules() async {
///     await exploreCassette("Cassettes/product.json") { ProductCard(platform: $0) }
/// }
/// ```
///
/// The replays run under the runtime watch, as `replayCassette` and
/// `exploreVariant` do; `exploreCassette(at:options:setUp:)` of
/// `HybridReplayVariants`, which a tool can call, sees no runtime. Exploring
/// gives up a recorded call that has not come once the implementation is
/// idle, and only the watch (Linux) sees a child task of a task group that
/// has been created but has not run yet: without it, the call that child is
/// about to make is given up now and then (docs/variants.md).
///
/// - Parameters:
///   - path: The cassette: absolute, or relative to the folder of the calling file.
///   - options: Which variants, how long, which rules, and the reference.
///   - sourceLocation: Where issues are reported; the call by default.
///   - setUp: Builds the implementation from each variant's platform.
/// - Returns: What was explored, or `nil` when the cassette could not be explored (an issue says why).
@discardableResult
public func exploreCassette(
    _ path: String, options: ExplorationOptions = ExplorationOptions(), sourceLocation: SourceLocation = #_sourceLocation,
    _ setUp: @escaping @Sendable (Platform) async throws -> any Sendable
) async -> Exploration? {
    let cassette = VariantCase.resolve(path, relativeTo: sourceLocation.filePath)
    let outcome = await CassetteExplorationRun(cassette: cassette, options: options).run(setUp)
    for failure in outcome.failures { failure.record(at: sourceLocation) }
    return outcome.exploration
}

/// One `exploreCassette` call of the testing glue, decided as values: the
/// exploration, and what failed; only `exploreCassette` turns them into issues.
struct CassetteExplorationRun {
    var cassette: URL
    var options: ExplorationOptions

    init(cassette: URL, options: ExplorationOptions) {
        self.cassette = cassette
        self.options = options
    }

    /// Explores the cassette's variants under the runtime watch.
    ///
    /// - Returns: The exploration (`nil` when the cassette could not be read
    ///   or names no such variant) and the failures to report.
    func run(
        _ setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async -> (exploration: Exploration?, failures: [VariantRun.Failure]) {
        let recording: Cassette
        do {
            recording = try CassetteReader().read(contentsOf: cassette, displayPath: cassette.path)
        } catch {
            return (nil, [VariantRun.Failure(message: "cannot explore \(cassette.path): \(error)")])
        }
        let exploration: Exploration
        do {
            exploration = try await RuntimeWatchInstallation.during {
                try await Explorer(options: options).explore(recording, setUp: setUp)
            }
        } catch {
            return (nil, [VariantRun.Failure(message: "cannot explore \(cassette.path): \(error)")])
        }
        return (exploration, VariantRun.failures(of: exploration, cassettePath: cassette.path))
    }
}
