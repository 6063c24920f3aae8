import Foundation
import SuiteRecording
import Testing

@Suite("Committed suite")
struct CommittedSuiteTests {
    @Test("each scenario records exactly the cassette committed in Cassettes/", arguments: scenarioPaths)
    func committed(path: String) async throws {
        let recorded = try await suiteScenario(path).record()
        let file = committedSuite.appendingPathComponent(path)
        let fix = "if the change is intended, run 'swift run record-suite' in the package root and commit the cassettes"
        guard let committed = FileManager.default.contents(atPath: file.path) else {
            Issue.record("Cassettes/\(path) is missing; \(fix)")
            return
        }
        let difference = firstDifference(Array(committed), recorded)
        #expect(
            Array(committed) == recorded,
            "Cassettes/\(path) differs from what its scenario records (\(difference)); \(fix)")
    }
}
