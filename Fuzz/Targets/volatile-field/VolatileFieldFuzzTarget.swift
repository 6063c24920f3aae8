import FuzzSupport
import HybridReplay

/// The volatile-field declarations (`script.message body.callbackId`) and
/// the field paths they name. Input: lines; the first is a declaration, the
/// rest build two field paths.
///
/// A declaration that parses prints as text that parses to it again, and
/// survives a cassette header written and read back; one that does not
/// parse says why. Two different paths of keys and indices never print the
/// same, so a declaration names one field.
@_cdecl("fuzz_volatile_field_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let parts = split(FuzzDriver.bytes(data, size), at: UInt8(ascii: "\n"))
    checkDeclaration(String(decoding: parts[0], as: UTF8.self))
    checkPaths(Array(parts.dropFirst()))
    return 0
}

private let reader = CassetteReader(json: .jansson)

func checkDeclaration(_ text: String) {
    let field: VolatileField
    do {
        field = try VolatileField(parsing: text)
    } catch {
        require(!error.message.isEmpty, "a declaration that does not parse says nothing")
        return
    }
    do {
        let again = try VolatileField(parsing: field.description)
        require(again == field, "'\(text)' prints as '\(field)', which parses to '\(again)'")
    } catch {
        require(false, "'\(text)' prints as '\(field)', which does not parse: \(error)")
    }
    var header = CassetteHeader(name: "fuzz")
    header.volatile = [field]
    let cassette = Cassette(header: header)
    do {
        let read = try reader.read(CassetteWriter.canonicalBytes(of: cassette), path: "fuzz.json")
        require(read == cassette, "a header declaring '\(field)' changes when written and read back")
    } catch {
        require(false, "a header declaring '\(field)' does not read back: \(error)")
    }
}

/// Two paths from the lines after the first, split at a line `--`; each line
/// is a step: `#3` an index, `@name` or `@name#2` a header, anything else a key.
func checkPaths(_ lines: [[UInt8]]) {
    let separator = lines.firstIndex(of: Array("--".utf8)) ?? lines.count
    let first = path(lines[..<separator])
    let second = path(lines[min(separator + 1, lines.count)...])
    let firstText = first.description
    require(!firstText.isEmpty, "a path prints as nothing")
    let plain = { (path: FieldPath) in
        path.components.allSatisfy { if case .header = $0 { false } else { true } }
    }
    if plain(first), plain(second), first != second {
        require(firstText != second.description, "two paths print as '\(firstText)': \(first) and \(second)")
    }
}

private func path(_ lines: ArraySlice<[UInt8]>) -> FieldPath {
    FieldPath(lines.map { line -> FieldPath.Component in
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("#"), let index = Int(text.dropFirst()) { return .index(index) }
        if text.hasPrefix("@") {
            let parts = text.dropFirst().split(separator: "#", maxSplits: 1)
            return .header(String(parts.first ?? ""), occurrence: parts.count > 1 ? Int(parts[1]) : nil)
        }
        return .key(text)
    })
}
