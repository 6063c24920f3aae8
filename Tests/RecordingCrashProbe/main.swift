// Writes cassettes the way a recording does (`Recorder.write(_:to:)`), for the
// tests that kill it mid-write or make its writes fail. Not in any product.
//
//   recording-crash-probe loop FILE FIRST COUNT
//       writes generations FIRST, FIRST+1, … to FILE, printing "wrote N" after each
//   recording-crash-probe once FILE GENERATION [--file-size-limit BYTES] [--as-nobody]
//       writes one generation; on failure prints the error to stderr and exits 74
//   recording-crash-probe orphan FILE FIRST COUNT
//       starts `loop FILE FIRST COUNT` as its child, prints the child's pid and exits without waiting
//
// On Linux a probe dies with its parent (SIGKILL), so a test process that is killed
// leaves no `loop` writing behind it. Set RECORDING_CRASH_PROBE_PARENT to the pid of
// the process that starts the probe to close the race of a parent that dies before
// the probe has asked to be told. SIGTERM ends a probe wherever it was started from.
import Foundation
import HybridReplay
import HybridReplayTestSupport

#if canImport(Glibc)
import Glibc
let RLIMIT_FSIZE_VALUE = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#elseif canImport(Darwin)
import Darwin
let RLIMIT_FSIZE_VALUE = RLIMIT_FSIZE
#endif

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("recording-crash-probe: \(message)\n".utf8))
    exit(status)
}

#if os(Linux)
/// Asks the kernel to kill this process when its parent goes, then checks the parent
/// did not go before the request was made.
func dieWithParent() {
    // prctl(2) is variadic in C, which Swift does not import; its arguments are four
    // unsigned longs, passed in registers as a fixed prototype passes them.
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG, <linux/prctl.h>
    guard let symbol = dlsym(nil, "prctl") else { fail("prctl is not in libc", status: 71) }
    let prctl = unsafeBitCast(symbol, to: Prctl.self)
    // The kernel counts the thread that started the probe as its parent: a starter whose
    // thread ends kills the probe early, which for these tests only makes a shorter run.
    guard prctl(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0) == 0 else { fail("prctl(PR_SET_PDEATHSIG) failed", status: 71) }
    let parent = getppid()
    let expected = ProcessInfo.processInfo.environment["RECORDING_CRASH_PROBE_PARENT"].flatMap { Int32($0) }
    // An orphan is adopted by init or a subreaper; without the starter's pid, init is the sign.
    if let expected, parent != expected { kill(getpid(), SIGKILL) }
    if expected == nil, parent == 1 { kill(getpid(), SIGKILL) }
}
dieWithParent()
#endif

// A process started from a Dispatch worker inherits the worker's blocked signals,
// SIGTERM and SIGINT among them: unblocked, they end a probe as they end any program.
var noSignals = sigset_t()
sigemptyset(&noSignals)
sigprocmask(SIG_SETMASK, &noSignals, nil)

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let first = Int(arguments[2]) else {
    fail("usage: recording-crash-probe loop FILE FIRST COUNT | orphan FILE FIRST COUNT | once FILE GENERATION [--file-size-limit BYTES] [--as-nobody]", status: 64)
}
let file = URL(fileURLWithPath: arguments[1])

switch arguments[0] {
case "loop":
    guard arguments.count == 4, let count = Int(arguments[3]) else { fail("loop needs FILE FIRST COUNT", status: 64) }
    for generation in first..<(first + count) {
        do {
            try Recorder.write(CrashProbeCassette.cassette(generation: generation), to: file)
        } catch {
            fail(error.description, status: 74)
        }
        // Unbuffered, so the test sees every completed generation even after SIGKILL.
        FileHandle.standardOutput.write(Data("wrote \(generation)\n".utf8))
    }
case "once":
    var options = arguments.dropFirst(3)
    while let option = options.popFirst() {
        switch option {
        case "--file-size-limit":
            guard let text = options.popFirst(), let bytes = rlim_t(text) else { fail("--file-size-limit needs BYTES", status: 64) }
            // Past the limit write(2) fails with EFBIG, as on a full disk, instead of raising SIGXFSZ.
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            guard setrlimit(RLIMIT_FSIZE_VALUE, &limit) == 0 else { fail("setrlimit failed", status: 71) }
        case "--as-nobody":
            // Root writes into any folder; the user nobody cannot write into a read-only one.
            if geteuid() == 0, setgid(65534) != 0 || setuid(65534) != 0 { fail("cannot become nobody", status: 71) }
        default:
            fail("unknown option \(option)", status: 64)
        }
    }
    do {
        try Recorder.write(CrashProbeCassette.cassette(generation: first), to: file)
    } catch {
        fail(error.description, status: 74)
    }
case "orphan":
    guard arguments.count == 4, Int(arguments[3]) != nil else { fail("orphan needs FILE FIRST COUNT", status: 64) }
    let child = Process()
    child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["loop"] + arguments[1...3]
    var environment = ProcessInfo.processInfo.environment
    environment["RECORDING_CRASH_PROBE_PARENT"] = String(getpid())
    child.environment = environment
    // Nothing of this process's own output: the child must not hold open what a test reads to its end.
    child.standardInput = FileHandle.nullDevice
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    do { try child.run() } catch { fail("cannot start the loop: \(error)", status: 71) }
    FileHandle.standardOutput.write(Data("\(child.processIdentifier)\n".utf8))
    exit(0)
default:
    fail("unknown mode \(arguments[0])", status: 64)
}
