import HybridReplay
import HybridReplayTesting
import Testing

@Suite("Cassette trait")
struct CassetteTraitTests {
    @Test("sets the cassette scope for the test", .cassette("navigate-present", directory: "Fixtures", record: .missing))
    func setsTheScope() throws {
        let scope = try #require(CassetteScope.current)
        #expect(scope.name == "navigate-present")
        #expect(scope.directory == "Fixtures")
        #expect(scope.record == .missing)
        #expect(scope.options == nil)
    }

    @Test("carries replay options", .cassette("echo", options: ReplayOptions(repetitions: 3)))
    func carriesOptions() throws {
        let scope = try #require(CassetteScope.current)
        #expect(scope.options?.repetitions == 3)
        #expect(scope.directory == nil)
        #expect(scope.record == nil)
    }

    @Test("leaves no scope on a test without it")
    func noScopeWithoutTheTrait() {
        #expect(CassetteScope.current == nil)
    }

    @Suite("on a suite", .cassette("suite-cassette"))
    struct OnASuite {
        @Test("applies to every test in it")
        func appliesToTests() {
            #expect(CassetteScope.current?.name == "suite-cassette")
        }

        @Test("is overridden by the test's own trait", .cassette("test-cassette"))
        func testTraitWins() {
            #expect(CassetteScope.current?.name == "test-cassette")
        }
    }
}
