import Foundation
import HybridReplay
import SuiteRecording
import Testing

/// Where the package's committed suite lives: `<package root>/Cassettes`.
let committedSuite = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // SuiteRecordingTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("Cassettes", isDirectory: true)

/// The scenario at `path`, for parameterized tests, which take paths so their names read well.
func suiteScenario(_ path: String) throws -> Scenario {
    try #require(Scenario.named(path), "no scenario records \(path)")
}

/// Every scenario's path, in suite order.
let scenarioPaths = Scenario.all.map(\.path)
