// Which of the concurrency runtime's enqueue hooks see the work a replay
// would need to see: run `swift Scripts/probe-runtime-hooks.swift`.
//
// docs/replaying.md ("What the replay cannot see") cites what this prints on
// the toolchain CI uses. Each hook forwards to the runtime's own
// implementation; the probe only counts which ones are called.
import Foundation

#if canImport(Darwin)
let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
#else
let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
#endif

typealias Enqueue = @convention(thin) (UnownedJob) -> Void
typealias EnqueueHook = @convention(thin) (UnownedJob, Enqueue) -> Void
typealias Delay = @convention(thin) (UInt64, UnownedJob) -> Void
typealias DelayHook = @convention(thin) (UInt64, UnownedJob, Delay) -> Void
typealias Deadline = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
typealias DeadlineHook = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, Deadline) -> Void

final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func note(_ hook: String) { lock.withLock { counts[hook, default: 0] += 1 } }
    func take() -> [String: Int] { lock.withLock { defer { counts = [:] }; return counts } }
}
let calls = Calls()

func install<Hook>(_ name: String, _ hook: Hook) -> Bool {
    guard let symbol = dlsym(everywhere, name) else { return false }
    symbol.assumingMemoryBound(to: Hook?.self).pointee = hook
    return true
}

let installed = [
    install("swift_task_enqueueGlobal_hook", { job, original in calls.note("enqueueGlobal"); original(job) } as EnqueueHook),
    install("swift_task_enqueueGlobalWithDelay_hook", { delay, job, original in calls.note("enqueueGlobalWithDelay"); original(delay, job) } as DelayHook),
    install("swift_task_enqueueGlobalWithDeadline_hook", { s, n, ts, tn, clock, job, original in calls.note("enqueueGlobalWithDeadline"); original(s, n, ts, tn, clock, job) } as DeadlineHook),
    install("swift_task_enqueueMainExecutor_hook", { job, original in calls.note("enqueueMainExecutor"); original(job) } as EnqueueHook),
]
print("hooks found:", installed.allSatisfy { $0 } ? "all four" : "\(installed)")

func probe(_ what: String, _ body: @escaping @Sendable () async -> Void) async {
    await Task.detached { _ = calls.take(); await body() }.value
    let seen = calls.take().sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
    print("\(what): \(seen.isEmpty ? "no hook" : seen.joined(separator: ", "))")
}

await probe("Task {} started and awaited") { await Task { }.value }
await probe("Task.sleep(for: 5 ms)") { try? await Task.sleep(for: .milliseconds(5)) }
await probe("Task.sleep(nanoseconds: 5 ms)") { try? await Task.sleep(nanoseconds: 5_000_000) }
await probe("SuspendingClock().sleep(for: 5 ms)") { try? await SuspendingClock().sleep(for: .milliseconds(5)) }
await probe("MainActor.run {}") { await MainActor.run {} }
