import Foundation

#if os(Linux)
import Glibc
#endif

/// Keeps every thread of the process on one processor while a serial
/// `cassette verify` runs (Linux).
///
/// A replay hands work back and forth between the main queue, the global
/// executor and the implementation's tasks several times per stimulus; one
/// replay at a time never has two of them running at once. Spread over the
/// machine's processors, each hand-off wakes an idle processor, which on a
/// virtual machine costs more than the replay's own work; on one processor
/// the thread that goes on is simply the next one scheduled there (measured
/// in docs/performance.md). Threads started meanwhile inherit the processor;
/// afterwards every thread goes back to the processors it had. Where the
/// processors cannot be read or set, the body runs as it is.
package enum OneProcessor {
    /// Runs `body`, with the process on one of the processors it may use when `pins`.
    package static func pinning<T>(if pins: Bool, _ body: () async -> T) async -> T {
        #if os(Linux)
        guard pins, let pinned = Pinned.start() else { return await body() }
        defer { pinned.end() }
        return await body()
        #else
        return await body()
        #endif
    }
}

#if os(Linux)
/// The processors each thread had, and the one they share now.
private struct Pinned {
    private let previous: [pid_t: cpu_set_t]
    private let fallback: cpu_set_t

    static func start() -> Pinned? {
        // Processor n is bit n of the set's words, read here byte by byte.
        guard Int(1).littleEndian == 1 else { return nil }
        var allowed = cpu_set_t()
        guard Affinity.get(0, MemoryLayout<cpu_set_t>.size, &allowed) == 0 else { return nil }
        let current = Affinity.currentProcessor()
        let processor = allowed.contains(current) ? current : allowed.first
        guard let processor else { return nil }
        var one = cpu_set_t()
        one.insert(processor)
        var previous: [pid_t: cpu_set_t] = [:]
        // Twice: a thread started while the first pass ran by a thread not pinned yet is caught by the second.
        for _ in 0..<2 {
            for thread in threads() where previous[thread] == nil {
                var mask = cpu_set_t()
                guard Affinity.get(thread, MemoryLayout<cpu_set_t>.size, &mask) == 0,
                    Affinity.set(thread, MemoryLayout<cpu_set_t>.size, &one) == 0
                else { continue }
                previous[thread] = mask
            }
        }
        return Pinned(previous: previous, fallback: allowed)
    }

    func end() {
        // Twice, as in ``start()``: a thread a pinned thread started during the first pass is freed by the second.
        for _ in 0..<2 {
            for thread in Self.threads() {
                var mask = previous[thread] ?? fallback
                _ = Affinity.set(thread, MemoryLayout<cpu_set_t>.size, &mask)
            }
        }
    }

    /// The process's threads now.
    private static func threads() -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return names.compactMap { pid_t($0) }
    }
}

/// glibc's affinity calls, which its Swift module leaves out (they need `_GNU_SOURCE`): looked up by name.
private enum Affinity {
    private typealias Call = @convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32
    private typealias Processor = @convention(c) () -> Int32

    private static let getCall = lookUp("sched_getaffinity", as: Call.self)
    private static let setCall = lookUp("sched_setaffinity", as: Call.self)
    private static let processorCall = lookUp("sched_getcpu", as: Processor.self)

    private static func lookUp<F>(_ name: String, as _: F.Type) -> F? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: F.self)
    }

    /// The processors `thread` may run on, into `set`; 0 on success.
    static func get(_ thread: pid_t, _ size: Int, _ set: UnsafeMutablePointer<cpu_set_t>) -> Int32 {
        getCall?(thread, size, set) ?? -1
    }

    /// Lets `thread` run only on the processors in `set`; 0 on success.
    static func set(_ thread: pid_t, _ size: Int, _ set: UnsafeMutablePointer<cpu_set_t>) -> Int32 {
        setCall?(thread, size, set) ?? -1
    }

    /// The processor the calling thread runs on, or -1.
    static func currentProcessor() -> Int { Int(processorCall?() ?? -1) }
}

extension cpu_set_t {
    /// The processors in the set, as bits of its bytes (processor n is bit n % 8 of byte n / 8).
    fileprivate func contains(_ processor: Int) -> Bool {
        guard processor >= 0, processor < MemoryLayout<cpu_set_t>.size * 8 else { return false }
        return withUnsafeBytes(of: self) { $0[processor / 8] & (1 << UInt8(processor % 8)) != 0 }
    }

    fileprivate var first: Int? {
        (0..<MemoryLayout<cpu_set_t>.size * 8).first { contains($0) }
    }

    fileprivate mutating func insert(_ processor: Int) {
        withUnsafeMutableBytes(of: &self) { $0[processor / 8] |= 1 << UInt8(processor % 8) }
    }
}
#endif
