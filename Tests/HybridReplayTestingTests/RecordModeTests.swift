import HybridReplayTesting
import Testing

@Suite("Record mode")
struct RecordModeTests {
    @Test("parses each valid value", arguments: [
        ("all", RecordMode.all), ("failed", .failed), ("missing", .missing), ("never", .never),
    ])
    func parsesValidValues(_ text: String, _ mode: RecordMode) throws {
        #expect(try RecordMode(parsing: text) == mode)
        #expect(mode.description == text)
    }

    @Test("ignores case and surrounding whitespace")
    func ignoresCase() throws {
        #expect(try RecordMode(parsing: "ALL") == .all)
        #expect(try RecordMode(parsing: " Missing\n") == .missing)
    }

    @Test("refuses anything else with an error listing the valid values")
    func refusesUnknownValues() {
        for text in ["yes", "1", "true", "record", "al l"] {
            #expect(throws: RecordModeError.self) { try RecordMode(parsing: text) }
        }
        let error = RecordModeError(value: "sometimes", variable: nil)
        #expect(
            error.description
                == "'sometimes' is not a record mode; use one of: all, failed, missing, never "
                + "(for example HYBRIDREPLAY_RECORD=missing swift test --filter <test>)")
    }

    @Test("reads HYBRIDREPLAY_RECORD, unset or empty meaning never")
    func readsTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .never)
        #expect(try RecordMode.fromEnvironment(["HYBRIDREPLAY_RECORD": ""]) == .never)
        #expect(try RecordMode.fromEnvironment(["HYBRIDREPLAY_RECORD": "missing"]) == .missing)
        #expect(try RecordMode.fromEnvironment(["HYBRIDREPLAY_RECORD": "all"]) == .all)
        #expect(try RecordMode.fromEnvironment(["HYBRIDREPLAY_RECORD": "failed"]) == .failed)
    }

    @Test("a bad HYBRIDREPLAY_RECORD names the variable and lists the valid values")
    func badEnvironmentValue() {
        #expect {
            try RecordMode.fromEnvironment(["HYBRIDREPLAY_RECORD": "sometimes"])
        } throws: { error in
            "\(error)".hasPrefix(
                "HYBRIDREPLAY_RECORD=sometimes is not a record mode; use one of: all, failed, missing, never")
        }
    }

    @Test("CI forces never, even with HYBRIDREPLAY_RECORD=all or a bad value")
    func ciForcesNever() throws {
        #expect(try RecordMode.fromEnvironment(["CI": "1", "HYBRIDREPLAY_RECORD": "all"]) == .never)
        #expect(try RecordMode.fromEnvironment(["CI": "true", "HYBRIDREPLAY_RECORD": "missing"]) == .never)
        #expect(try RecordMode.fromEnvironment(["CI": "1", "HYBRIDREPLAY_RECORD": "sometimes"]) == .never)
    }

    @Test("an empty CI does not count as CI")
    func emptyCI() throws {
        #expect(try RecordMode.fromEnvironment(["CI": "", "HYBRIDREPLAY_RECORD": "all"]) == .all)
    }
}
