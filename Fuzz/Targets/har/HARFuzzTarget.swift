import FuzzSupport
import HybridReplay

/// HAR import and export: any bytes either import or give diagnostics; an
/// imported log is a cassette that writes and reads back equal, and
/// exporting it and importing the export gives the same events.
@_cdecl("fuzz_har_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkHAR(FuzzDriver.bytes(data, size))
    return 0
}

private let reader = CassetteReader(json: .jansson)

func checkHAR(_ bytes: [UInt8]) {
    let log: HARLog
    do {
        log = try HAR.read(bytes, path: "fuzz.har", json: .jansson)
    } catch {
        require(!error.diagnostics.isEmpty, "a HAR file that does not read has no diagnostics")
        require(error.diagnostics.allSatisfy { $0.position != nil }, "a HAR diagnostic has no position: \(error)")
        return
    }
    let imported = log.cassette(name: "fuzz", source: "fuzz.har")
    let canonical = CassetteWriter.canonicalBytes(of: imported)
    do {
        let read = try reader.read(canonical, path: "imported.json")
        require(read == imported, "an imported cassette changes when written and read back")
    } catch {
        require(false, "an imported cassette does not read back: \(error)\n\(String(decoding: canonical, as: UTF8.self))")
    }
    let exported = HAR.export(imported)
    let reimported: Cassette
    do {
        reimported = try HAR.read(exported, path: "exported.har", json: .jansson).cassette(name: "fuzz", source: "fuzz.har")
    } catch {
        require(false, "an exported log does not import: \(error)\n\(String(decoding: exported, as: UTF8.self))")
        return
    }
    require(
        reimported.events == imported.events,
        "import → export → import changed the events:\n\(String(decoding: exported, as: UTF8.self))")
    require(HAR.export(reimported) == exported, "exporting the reimported cassette gives other bytes")
}
