import Foundation
import HybridReplay
import Testing

@Suite("Replaying the router")
struct ReplayerRouterTests {
    static let fast = ReplayOptions()

    func replay(_ fault: ExampleRouter.Fault) async throws -> ReplayReport {
        let replayer = try Replayer(
            contentsOf: exampleCassette("router/present-yellow.json"), displayPath: exampleDisplayPath("router/present-yellow.json"),
            options: Self.fast)
        return await replayer.replay { ExampleRouter(platform: $0, fault: fault) }
    }

    @Test("a router that presents the colour and cancels passes")
    func correctRouterPasses() async throws {
        let report = try await replay(.none)
        #expect(report.passed, "\(report)")
        #expect(report.trace.events.map(\.kind) == [NavigationAction.eventKind, NativeRoute.eventKind, NavigationDecision.eventKind])
    }

    @Test("a wrong decision is reported with the action's URL and the policies")
    func wrongDecision() async throws {
        let report = try await replay(.allowsEverything)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 3, "the decision, not the route before it: \(issue)")
        #expect("\(report)".contains("navigate://present?r=255&g=255&b=0"), "\(report)")
    }

    @Test("deciding twice is reported with both policies")
    func decidesTwice() async throws {
        let report = try await replay(.decidesTwice)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .decisionRepeated)
        #expect(issue.cause?.id == 1)
        #expect(issue.expected == "cancel" && issue.found == "allow")
        #expect(issue.hint == "call decisionHandler exactly once")
        #expect(issue.eventID == 1)
        #expect(issue.cause?.summary.contains("navigate://present?r=255&g=255&b=0") == true, "\(issue)")
    }

    @Test("never deciding is reported as the completion handler not being called, without hanging")
    func neverDecides() async throws {
        let report = try await replay(.neverDecides)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .decisionMissing)
        #expect(issue.cause?.id == 1 && issue.expected == "cancel", "\(issue)")
        #expect(issue.cause?.summary.contains("navigate://present?r=255&g=255&b=0") == true, "\(issue)")
    }

    @Test("effects of one cause out of recorded order are reported")
    func reordered() async throws {
        let report = try await replay(.decidesBeforeRouting)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .effectOutOfOrder, "\(report)")
        #expect(issue.eventID == 3)
        #expect(issue.relatedEvent?.id == 2 && issue.relatedEvent?.kind == NativeRoute.eventKind, "\(issue)")
    }

    @Test("an effect that never comes, skipped by a later one of the same cause, is reported missing, not out of order")
    func skipped() async throws {
        for _ in 1...10 {
            let report = try await replay(.neverRoutes)
            #expect(report.issues.count == 1, "\(report)")
            let issue = try #require(report.issues.first)
            #expect(issue.kind == .missingEffect, "\(report)")
            #expect(issue.statement == .skipped)
            #expect(issue.eventID == 2 && issue.eventKind == NativeRoute.eventKind, "\(issue)")
            #expect(issue.cause?.id == 1)
            #expect(issue.relatedEvent?.id == 3 && issue.relatedEvent?.kind == NavigationDecision.eventKind, "\(issue)")
            #expect(issue.expected == #"present {"b":0,"g":255,"r":255}"#, "\(issue)")
        }
    }

    @Test("a wrong route parameter is shown field by field")
    func wrongColour() async throws {
        let report = try await replay(.wrongColour)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 2)
        #expect(issue.eventKind == NativeRoute.eventKind)
        #expect(issue.differences == [FieldDifference(path: "parameters.g", expected: "255", actual: "0", note: nil)])
    }
}

/// The URL of a hand-written example cassette in `Fixtures/examples/`.
func exampleCassette(_ relativePath: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/examples").appendingPathComponent(relativePath)
}

/// How reports name a hand-written example cassette.
func exampleDisplayPath(_ relativePath: String) -> String { "Fixtures/examples/\(relativePath)" }
