import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplayVariants
import Testing

/// Explores one variant of a cassette against the implementation `setUp`
/// builds, judges it by the platform's rules, and reports every rule broken
/// as an issue at the call, with the failure cassette, shrunk, attached.
///
/// ```swift
/// @Test(arguments: try VariantCase.all(of: "Cassettes/promise-reply.json"))
/// func keepsTheRules(_ variant: VariantCase) async {
///     await exploreVariant(variant) { PromiseReplyBridge(webView: $0.webView, transport: $0.transport) }
/// }
/// ```
///
/// The replay runs under the runtime watch, as `replayCassette` does, so
/// `Task.detached` and Dispatch work count as the implementation's.
///
/// - Parameters:
///   - variant: The variant.
///   - options: The rules and replay options; its ``ExplorationOptions/variant`` is `variant`'s id.
///   - sourceLocation: Where issues are reported; the call by default.
///   - setUp: Builds the implementation from the variant's platform.
/// - Returns: What was explored, or `nil` when the variant could not be derived (an issue says why).
@discardableResult
public func exploreVariant(
    _ variant: VariantCase, options: ExplorationOptions = ExplorationOptions(), sourceLocation: SourceLocation = #_sourceLocation,
    _ setUp: @escaping @Sendable (Platform) async throws -> any Sendable
) async -> Exploration? {
    let outcome = await VariantRun(variant: variant, options: options).run(setUp)
    for failure in outcome.failures { failure.record(at: sourceLocation) }
    return outcome.exploration
}

/// Replays one variant by the id a failure report printed, and checks the
/// run against the report's fingerprint when it is given.
///
/// ```swift
/// @Test func promiseReplyWithAStringBody() async {
///     await exploreVariant("v1:bridge-promise-reply:body:1:string", of: "Cassettes/promise-reply.json") {
///         PromiseReplyBridge(webView: $0.webView, transport: $0.transport)
///     }
/// }
/// ```
///
/// - Parameters:
///   - id: The variant id, such as `v1:bridge-promise-reply:body:1:string`.
///   - path: The cassette: absolute, or relative to the folder of the calling file.
///   - fingerprint: The run's fingerprint as the report printed it; when given, a run that did
///     something else is an issue that says so (the implementation changed, or is not deterministic).
///   - options: The rules and replay options.
///   - sourceLocation: Where issues are reported; the call by default.
///   - setUp: Builds the implementation from the variant's platform.
/// - Returns: What was explored, or `nil` when the id or fingerprint cannot be read or names no variant.
@discardableResult
public func exploreVariant(
    _ id: String, of path: String, fingerprint: String? = nil, options: ExplorationOptions = ExplorationOptions(),
    sourceLocation: SourceLocation = #_sourceLocation, _ setUp: @escaping @Sendable (Platform) async throws -> any Sendable
) async -> Exploration? {
    guard let variantID = VariantID(id) else {
        Issue.record(
            Comment(rawValue: "'\(id)' is not a variant id; one reads v1:<cassette>:<class>:<event>[:<argument>], as a failure report prints it"),
            sourceLocation: sourceLocation)
        return nil
    }
    var options = options
    if let fingerprint {
        guard let digest = RunFingerprint(fingerprint) else {
            Issue.record(
                Comment(rawValue: "'\(fingerprint)' is not a run fingerprint; one is 16 hex digits, as a failure report prints it"),
                sourceLocation: sourceLocation)
            return nil
        }
        options.fingerprint = digest
    }
    let variant = VariantCase(cassette: VariantCase.resolve(path, relativeTo: sourceLocation.filePath), id: variantID)
    return await exploreVariant(variant, options: options, sourceLocation: sourceLocation, setUp)
}

/// One `exploreVariant` call, decided as values: what failed, and the file
/// to attach; only `exploreVariant` turns them into issues.
struct VariantRun {
    struct Failure: Sendable {
        /// The whole message, ending with how to replay the variant alone.
        var message: String
        /// The shrunk failure cassette, to attach.
        var attachment: (name: String, bytes: [UInt8])?

        /// Reports the failure as an issue at `sourceLocation`, its cassette attached.
        func record(at sourceLocation: SourceLocation) {
            if let attachment {
                Attachment.record(attachment.bytes, named: attachment.name, sourceLocation: sourceLocation)
            }
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    var variant: VariantCase
    var options: ExplorationOptions

    init(variant: VariantCase, options: ExplorationOptions) {
        self.variant = variant
        self.options = options
        self.options.variant = variant.id
    }

    func run(_ setUp: @escaping @Sendable (Platform) async throws -> any Sendable) async -> (exploration: Exploration?, failures: [Failure]) {
        let cassette: Cassette
        do {
            cassette = try CassetteReader().read(contentsOf: variant.cassette, displayPath: variant.cassette.path)
        } catch {
            return (nil, [Failure(message: "cannot explore variant \(variant.id): \(error)")])
        }
        let exploration: Exploration
        do {
            exploration = try await RuntimeWatchInstallation.during {
                try await Explorer(options: options).explore(cassette, setUp: setUp)
            }
        } catch {
            return (nil, [Failure(message: "cannot explore \(variant.cassette.path): \(error)")])
        }
        return (exploration, failures(of: exploration))
    }

    /// The issues an exploration of the variant makes.
    func failures(of exploration: Exploration) -> [Failure] {
        Self.failures(of: exploration, cassettePath: variant.cassette.path)
    }

    /// The issues an exploration of the cassette at `cassettePath` makes, one
    /// for a fingerprint that did not match and one for each variant that failed.
    static func failures(of exploration: Exploration, cassettePath: String) -> [Failure] {
        var failures: [Failure] = []
        if let mismatch = exploration.mismatch { failures.append(Failure(message: mismatch.description)) }
        for failure in exploration.failures {
            let broken = failure.violations.map { "  \($0)" }.joined(separator: "\n")
            let determinism =
                failure.isDeterministic
                ? ""
                : "\nA second run of this variant did something else: the implementation does not do the same thing each time, so replaying the id may not bring the failure back."
            let message = """
                variant \(failure.variant.id) (\(failure.variant.summary)) of \(cassettePath) broke the platform's rules:
                \(broken)\(determinism)
                Shrunk in \(failure.shrinkSteps) steps to \(failure.shrunk.events.count) events, attached as \(failure.fileName); \
                commit it as a regression test (`swift test --attachments-path <folder>` saves it into an existing folder).
                Replay just this run: exploreVariant("\(failure.variant.id)", of: "\(cassettePath)", fingerprint: "\(failure.fingerprint)") { … }, \
                or re-run this test case alone in Xcode.
                """
            failures.append(Failure(message: message, attachment: (failure.fileName, CassetteWriter.canonicalBytes(of: failure.failureCassette))))
        }
        return failures
    }
}
