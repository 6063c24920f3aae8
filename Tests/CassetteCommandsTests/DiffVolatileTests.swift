import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayTestSupport
import Testing

@Suite struct DiffVolatileTests {
    static func bridge(firstID: Int, answered: [Int: Int] = [:], declared: Bool = false) -> Cassette {
        CallbackBridgeCassette.make(firstID: firstID, calls: 3, answered: answered, declared: declared)
    }

    func diff(_ old: Cassette, _ new: Cassette, _ options: String...) async throws -> CommandResult {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(old), to: "old.json")
            try directory.write(Samples.canonical(new), to: "new.json")
            return await cassette(arguments: ["diff"] + options + ["old.json", "new.json"], in: directory)
        }
    }

    @Test("diff --volatile takes callback ids shifted in step as no change")
    func shiftedInStep() async throws {
        let result = try await diff(
            Self.bridge(firstID: 91_234_001), Self.bridge(firstID: 55_012_001), "--volatile", "script.message body.callbackId")
        #expect(result.status == .success, "\(result.standardOutput)")
    }

    @Test("diff without --volatile reports callback ids shifted in step")
    func undeclared() async throws {
        let result = try await diff(Self.bridge(firstID: 91_234_001), Self.bridge(firstID: 55_012_001))
        #expect(result.status == .checkFailed)
        #expect(result.standardOutput.contains("body.callbackId"))
    }

    @Test("diff honours the cassettes' volatile header without the option")
    func declaredInHeader() async throws {
        let result = try await diff(
            Self.bridge(firstID: 91_234_001, declared: true), Self.bridge(firstID: 55_012_001, declared: true))
        #expect(result.status == .success, "\(result.standardOutput)")
    }

    @Test("diff --volatile reports an answer that carries another call's id")
    func inconsistent() async throws {
        let result = try await diff(
            Self.bridge(firstID: 91_234_001), Self.bridge(firstID: 55_012_001, answered: [1: 55_012_003]),
            "--volatile", "script.message body.callbackId")
        #expect(result.status == .checkFailed)
        #expect(result.standardOutput.contains("55012003"))
    }

    @Test("--volatile may repeat, and a declaration that does not read is a usage error")
    func usage() async throws {
        let repeated = try await diff(
            Self.bridge(firstID: 91_234_001), Self.bridge(firstID: 55_012_001),
            "--volatile", "custom.ping id", "--volatile", "script.message body.callbackId")
        #expect(repeated.status == .success)
        let wrong = try await diff(
            Self.bridge(firstID: 1), Self.bridge(firstID: 1), "--volatile", "script.mesage body.callbackId")
        #expect(wrong.status == .usageError)
        #expect(wrong.errorLines.first == "cassette: error: invalid value 'script.mesage body.callbackId' for '--volatile <field>': unknown kind 'mesage' on channel 'script' in \"script.mesage body.callbackId\"; expected one of message, reply, removeHandler")
    }
}

@Suite struct ReviewVolatileTests {
    @Test("review --volatile takes a re-recording with callback ids shifted in step as no change, and without it as one")
    func reRecorded() async throws {
        try await withTemporaryDirectory { directory in
            let repository = try await GitRepository.create(in: directory)
            try directory.write(Samples.canonical(DiffVolatileTests.bridge(firstID: 91_234_001)), to: "Cassettes/device.json")
            try await repository.commitAll("Record")
            try directory.write(Samples.canonical(DiffVolatileTests.bridge(firstID: 55_012_001)), to: "Cassettes/device.json")
            let declared = await cassette(
                "review", "--base", "HEAD", "--volatile", "script.message body.callbackId", in: directory)
            #expect(declared.status == .success, "\(declared.standardOutput)\(declared.standardError)")
            let undeclared = await cassette("review", "--base", "HEAD", in: directory)
            #expect(undeclared.status == .checkFailed)
        }
    }
}
