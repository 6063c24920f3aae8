@testable import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTesting
import Testing

/// A router that decides a navigation action a second time from a task of its
/// own, later, fails every way a cassette is replayed: `replayCassette` by
/// name, a `CassetteCase` conformance test and `cassette verify`. The second
/// decision is caught because the replay waits for the task that makes it —
/// work the implementation started — to end, not because some window of
/// real time happened to be long enough; the verdict does not depend on the
/// delay or on how loaded the machine is.
@Suite("A late second decision in every entry point")
struct LateDecisionEntryPointTests {
    static let delays: [(Duration, Bool)] = [
        (.milliseconds(10), false), (.milliseconds(30), false), (.milliseconds(100), false),
        (.seconds(3), true), (.seconds(60), true),
    ]

    static let folder = "../../../Cassettes/router"
    static let file = "present-yellow"

    /// The reference router, deciding again `delay` after its first decision.
    static func brokenRouter(_ platform: Platform, delay: Duration, onInjectedClock: Bool) async throws -> any Sendable {
        var broken = platform
        let mistake: MistakenWebView.Mistake =
            onInjectedClock ? .decidesAgainOnClock(after: delay, clock: platform.clock) : .decidesAgain(after: delay)
        broken.webView = MistakenWebView(platform.webView, mistake)
        return try await ReferenceContract.navigationRouter.setUp(broken)
    }

    static func expectRepeatedDecision(_ report: ReplayReport?, _ entryPoint: String) throws {
        let report = try #require(report, "\(entryPoint) did not replay")
        let action = try ConformanceSuite.eventID(
            of: NavigationAction.eventKind, in: ConformanceSuite.cassette("router/\(file).json"))
        #expect(report.issues.first?.kind == .decisionRepeated, "\(entryPoint): \(report)")
        #expect(report.issues.first?.eventID == action, "\(entryPoint): \(report)")
    }

    @Test("replayCassette by name fails", arguments: delays)
    func replayCassetteByName(after delay: Duration, onInjectedClock: Bool) async throws {
        var report: ReplayReport?
        await withKnownIssue("the router decides twice") {
            report = await replayCassette(Self.file, directory: Self.folder, record: .never) {
                try await Self.brokenRouter($0, delay: delay, onInjectedClock: onInjectedClock)
            }
        }
        try Self.expectRepeatedDecision(report, "replayCassette")
    }

    @Test("a CassetteCase conformance test fails", arguments: delays)
    func conformanceCase(after delay: Duration, onInjectedClock: Bool) async throws {
        let cases = try CassetteCase.all(in: Self.folder)
        let cassette = try #require(cases.first { $0.name == Self.file }, "\(cases)")
        var report: ReplayReport?
        await withKnownIssue("the router decides twice") {
            report = await replayCassette(cassette) {
                try await Self.brokenRouter($0, delay: delay, onInjectedClock: onInjectedClock)
            }
        }
        try Self.expectRepeatedDecision(report, "CassetteCase")
    }

    @Test("cassette verify's replay fails", arguments: delays)
    func verify(after delay: Duration, onInjectedClock: Bool) async throws {
        let cassette = try ConformanceSuite.cassette("router/\(Self.file).json")
        let options = CassetteVerification.options(for: cassette, repetitions: 1)
        let report = await Replayer(cassette: cassette, options: options).replay {
            try await Self.brokenRouter($0, delay: delay, onInjectedClock: onInjectedClock)
        }
        try Self.expectRepeatedDecision(report, "cassette verify")
    }

    @Test("cassette verify judges with the options every entry point uses by default")
    func verifyUsesTheDefaults() throws {
        let cassette = try ConformanceSuite.cassette("router/\(Self.file).json")
        let options = CassetteVerification.options(for: cassette, repetitions: 3)
        #expect(options.stallTimeout == ReplayOptions().stallTimeout)
        #expect(options.ordering.isEmpty && options.repetitions == 3)
    }
}
