// Writes cassettes the way a recording does (`Recorder.write(_:to:)`), for the
// tests that kill it mid-write or make its writes fail. Not in any product.
//
//   recording-crash-probe loop FILE FIRST COUNT
//       writes generations FIRST, FIRST+1, … to FILE, printing "wrote N" after each
//   recording-crash-probe once FILE GENERATION [--file-size-limit BYTES] [--as-nobody]
//       writes one generation; on failure prints the error to stderr and exits 74
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

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let first = Int(arguments[2]) else {
    fail("usage: recording-crash-probe loop FILE FIRST COUNT | once FILE GENERATION [--file-size-limit BYTES] [--as-nobody]", status: 64)
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
default:
    fail("unknown mode \(arguments[0])", status: 64)
}
