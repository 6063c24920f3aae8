import Foundation
@testable import HybridReplayTesting
import Testing

@Suite("Cassette location")
struct CassetteLocationTests {
    let testFile = "/work/App/Tests/AppTests/RouterTests.swift"

    @Test("defaults to Cassettes next to the test file")
    func defaultDirectory() throws {
        let location = try #require(
            CassetteLocation.resolve(name: "present", directory: nil, scope: nil, filePath: testFile))
        #expect(location.name == "present")
        #expect(location.file.path == "/work/App/Tests/AppTests/Cassettes/present.json")
    }

    @Test("takes the trait's name and folder, relative to the test file")
    func traitScope() throws {
        let scope = CassetteScope(name: "traited", directory: "../Shared/Cassettes")
        let location = try #require(CassetteLocation.resolve(name: nil, directory: nil, scope: scope, filePath: testFile))
        #expect(location.file.path == "/work/App/Tests/Shared/Cassettes/traited.json")
    }

    @Test("the call's name and absolute folder win over the trait's")
    func callWins() throws {
        let scope = CassetteScope(name: "traited", directory: "Elsewhere")
        let location = try #require(
            CassetteLocation.resolve(name: "explicit", directory: "/srv/cassettes", scope: scope, filePath: testFile))
        #expect(location.file.path == "/srv/cassettes/explicit.json")
    }

    @Test("without a name from the call or a trait there is no location")
    func noName() {
        #expect(CassetteLocation.resolve(name: nil, directory: "/srv", scope: nil, filePath: testFile) == nil)
    }
}
