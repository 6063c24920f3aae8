import CassetteCommands
import Foundation
import Testing

#if os(Linux)
/// `cassette verify --jobs 1` keeps the process on one processor while it
/// replays, and gives every thread its processors back afterwards.
/// Serialized: each test reads what the others change, the processors of
/// the whole process.
@Suite(.serialized) struct OneProcessorTests {
    /// The processors each thread of the process may run on, as
    /// `/proc/self/task/<id>/status` lists them (`Cpus_allowed_list`).
    static func allowedProcessors() -> [String: String] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var allowed: [String: String] = [:]
        for thread in threads {
            guard let status = try? String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
            else { continue }
            allowed[thread] = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        }
        return allowed
    }

    @Test func everyThreadRunsOnOneProcessorWhilePinnedAndGetsItsProcessorsBack() async {
        let before = Self.allowedProcessors()
        let during = await OneProcessor.pinning(if: true) { Self.allowedProcessors() }
        let after = Self.allowedProcessors()
        #expect(!during.isEmpty)
        // One processor, the same for every thread: a list such as "1", not "0-1" or "0,1".
        let shared = Set(during.values)
        #expect(shared.count == 1)
        #expect(shared.allSatisfy { Int($0) != nil })
        for (thread, processors) in before {
            guard let now = after[thread] else { continue }
            #expect(now == processors, "thread \(thread)")
        }
    }

    @Test func leavesTheThreadsAloneWhenNotAsked() async {
        let before = Self.allowedProcessors()
        let during = await OneProcessor.pinning(if: false) { Self.allowedProcessors() }
        for (thread, processors) in before {
            guard let now = during[thread] else { continue }
            #expect(now == processors, "thread \(thread)")
        }
    }

    @Test func aSerialVerifyOfTheToolPassesOnOneProcessor() async throws {
        let capture = OutputCapture()
        var context = CommandContext(
            console: capture.console,
            currentDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent(),
            contracts: referenceContracts)
        context.ownsProcess = true
        let status = await VerifyCommand(paths: ["Cassettes/bridge"], repetitions: 2, jobs: 1).run(in: context)
        #expect(status == .success)
        #expect(capture.standardError.isEmpty)
        #expect(capture.standardOutput.hasSuffix("passed, 0 failed, 2 runs each\n"), "\(capture.standardOutput)")
    }
}
#endif
