import FuzzSupport
import HybridReplay

/// The cassette reader (jansson, then the Swift model above it) and the
/// canonical writer: any bytes either read or give diagnostics, and a
/// cassette that reads writes canonically, reads back equal, is clean by
/// `lint`, is its own diff, and reads the same through Foundation.
@_cdecl("fuzz_cassette_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkCassette(FuzzDriver.bytes(data, size))
    return 0
}

private let jansson = CassetteReader(json: .jansson)
private let foundation = CassetteReader(json: .foundation)

func checkCassette(_ bytes: [UInt8]) {
    let cassette: Cassette
    do {
        cassette = try jansson.read(bytes, path: "fuzz.json")
    } catch {
        require(!error.diagnostics.isEmpty, "a cassette that does not read has no diagnostics")
        let lint = jansson.lint(bytes, path: "fuzz.json")
        require(lint.contains { $0.severity == .error }, "lint finds no error in a cassette that does not read: \(error)")
        if let other = try? foundation.read(bytes, path: "fuzz.json") {
            require(false, "Foundation reads what jansson rejects (\(error)): \(other)")
        }
        return
    }
    let canonical = CassetteWriter.canonicalBytes(of: cassette)
    let again: Cassette
    do {
        again = try jansson.read(canonical, path: "canonical.json")
    } catch {
        require(false, "the canonical form does not read back: \(error)\n\(String(decoding: canonical, as: UTF8.self))")
        return
    }
    require(again == cassette, "read → write → read changed the cassette:\n\(String(decoding: canonical, as: UTF8.self))")
    require(CassetteWriter.canonicalBytes(of: again) == canonical, "writing the canonical form again changed its bytes")
    let errors = jansson.lint(bytes, path: "fuzz.json").filter { $0.severity == .error }
    require(errors.isEmpty, "a cassette that reads has lint errors: \(errors)")
    require(CassetteDiff.between(cassette, cassette).isEmpty, "a cassette differs from itself")
    require(
        CassetteDiff.between(cassette, again, options: CassetteDiffOptions(timing: .compared)).isEmpty,
        "a cassette differs from its canonical form with timing compared")
    do {
        let other = try foundation.read(bytes, path: "fuzz.json")
        require(other == cassette, "jansson and Foundation read different cassettes")
    } catch {
        require(false, "Foundation rejects what jansson reads: \(error)")
    }
}
