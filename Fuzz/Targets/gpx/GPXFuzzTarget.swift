import Foundation
import FuzzSupport
import HybridReplay
import HybridReplaySimulation

/// GPX tracks: any bytes either read as at least one fix with coordinates
/// in range or give an error with a message.
@_cdecl("fuzz_gpx_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkGPX(FuzzDriver.bytes(data, size))
    return 0
}

func checkGPX(_ bytes: [UInt8]) {
    let track: GPXTrack
    do {
        track = try GPXTrack(data: Data(bytes), name: "fuzz.gpx")
    } catch {
        require(!error.message.isEmpty, "a GPX error without a message")
        return
    }
    require(!track.fixes.isEmpty, "a GPX track read without a fix")
    for fix in track.fixes {
        require(
            abs(fix.latitude) <= 90 && abs(fix.longitude) <= 180,
            "a fix out of range: \(fix.latitude), \(fix.longitude)")
    }
}
