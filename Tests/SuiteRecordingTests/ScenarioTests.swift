import Foundation
import HybridReplay
import HybridReplayReference
import SuiteRecording
import Testing

@Suite("Scenario")
struct ScenarioTests {
    /// The folder each contract's cassettes go in: the seam it exercises.
    static let folders = [
        "echo-bridge": "bridge", "injected-echo-bridge": "bridge", "promise-bridge": "bridge",
        "promise-reply-bridge": "bridge", "navigation-router": "router", "cookie-redirect-loader": "cookies",
        "device-location-service": "location",
    ]

    @Test("recording a scenario twice gives the same bytes", arguments: scenarioPaths)
    func deterministic(path: String) async throws {
        let scenario = try suiteScenario(path)
        let first = try await scenario.record()
        let second = try await scenario.record()
        #expect(first == second, "\(path): two recordings differ; \(firstDifference(first, second))")
    }

    @Test("each cassette has an effect, its contract and its description", arguments: scenarioPaths)
    func shape(path: String) async throws {
        let scenario = try suiteScenario(path)
        let cassette = try CassetteReader().read(try await scenario.record(), path: path)
        #expect(cassette.events.contains { $0.direction == .effect }, "\(path) records no effect")
        #expect(cassette.header.contract == scenario.contract.name)
        #expect(ReferenceContract.named(scenario.contract.name) != nil, "\(path) names an unknown contract")
        #expect(cassette.header.description == scenario.description)
        #expect(!scenario.description.isEmpty)
        #expect(cassette.header.name == scenario.name)
        #expect(cassette.header.recordedBy == .hybridReplay(engine: "HybridReplay simulation"))
        #expect(cassette.header.redactions == scenario.redaction.ruleNames)
    }

    @Test("paths are unique, and each is a .json file in the folder named for its seam")
    func paths() {
        #expect(Set(scenarioPaths).count == scenarioPaths.count)
        for scenario in Scenario.all {
            let parts = scenario.path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(parts.count == 2, "\(scenario.path) is not <folder>/<file>")
            #expect(parts.first.map(String.init) == Self.folders[scenario.contract.name], "\(scenario.path)")
            #expect(scenario.path.hasSuffix(".json"), "\(scenario.path)")
        }
    }

    @Test("a cassette's name is its path without .json, with - for /")
    func names() throws {
        #expect(try suiteScenario("router/present-yellow.json").name == "router-present-yellow")
        #expect(try suiteScenario("cookies/redirect-302-302-200.json").name == "cookies-redirect-302-302-200")
    }

    @Test("the suite has at least 30 scenarios and exercises every reference contract")
    func coverage() {
        #expect(Scenario.all.count >= 30)
        #expect(Set(Scenario.all.map(\.contract.name)) == Set(ReferenceContract.all.map(\.name)))
    }

    @Test("a drive that waits in vain fails with an error naming the scenario and what it waited for")
    func waitingInVain() async {
        let scenario = Scenario(
            "bridge/never-answered.json", contract: .promiseBridge, description: "Waits."
        ) { stage in
            _ = try await stage.request("GET", "https://randomuser.me/api")
        }
        await #expect {
            _ = try await scenario.record(patience: .milliseconds(50))
        } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix("bridge/never-answered.json: error: waited 0.05 seconds for the request")
                && message.contains("GET https://randomuser.me/api, in vain; recorded so far: nothing")
        }
    }

    @Test("a drive that returns before the implementation is done fails instead of recording half")
    func returnsTooEarly() async {
        let scenario = Scenario("bridge/too-early.json", contract: .promiseBridge, description: "Leaves.") { stage in
            let body = JSONValue.object(["guid": .string("3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43")])
            try stage.page.postMessage(body, to: "nativeProcess")
            _ = try await stage.request("GET", "https://randomuser.me/api")
        }
        await #expect {
            _ = try await scenario.record()
        } throws: { error in
            String(describing: error).contains("requests unanswered: GET https://randomuser.me/api")
        }
    }
}

/// Where two byte strings first differ, as a line and its two versions.
func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
    func lines(_ bytes: [UInt8]) -> [Substring] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }
    let (expectedLines, actualLines) = (lines(expected), lines(actual))
    for (index, (left, right)) in zip(expectedLines, actualLines).enumerated() where left != right {
        return "first difference at line \(index + 1): expected \(left.debugDescription), "
            + "found \(right.debugDescription)"
    }
    return "one is \(expectedLines.count) lines long, the other \(actualLines.count)"
}
