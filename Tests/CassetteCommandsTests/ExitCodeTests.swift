import CassetteCommands
import Testing

@Suite struct ExitCodeTests {
    @Test("statuses follow sysexits and the highest wins")
    func values() {
        #expect([ExitCode.success, .checkFailed, .usageError, .dataError, .noInput, .cannotCreate].map(\.rawValue) == [0, 1, 64, 65, 66, 73])
        #expect(max(ExitCode.checkFailed, .dataError, .noInput) == .noInput)
    }
}
