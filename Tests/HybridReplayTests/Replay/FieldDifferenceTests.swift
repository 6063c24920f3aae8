import HybridReplay
import Testing

@Suite("Field differences in reports")
struct FieldDifferenceTests {
    @Test("two long values that differ in one digit are shown around that digit, not whole")
    func longValuesPointAtTheChange() {
        let head = String(repeating: "a", count: 150)
        let tail = String(repeating: "z", count: 150)
        let difference = FieldDifference(path: "script", expected: "\"\(head)42\(tail)\"", actual: "\"\(head)41\(tail)\"")
        let line = difference.description
        #expect(line.contains("…aaaaaaaaaaaaaaaaaaaaaaa42zzzzzzzzzzzzzzzzzzzzzzzz…"), "\(line)")
        #expect(line.contains("…aaaaaaaaaaaaaaaaaaaaaaa41zzzzzzzzzzzzzzzzzzzzzzzz…"), "\(line)")
        #expect(line.contains("they first differ at character 153 of 304 and 304"), "\(line)")
        #expect(line.count < 250, "\(line)")
        // The values themselves stay whole for whoever reads them.
        #expect(difference.expected?.count == 304)
    }

    @Test("short values are shown whole, as before")
    func shortValuesWhole() {
        #expect(
            FieldDifference(path: "parameters.g", expected: "255", actual: "0").description
                == "parameters.g: expected 255, found 0")
    }

    @Test("a long value against a missing field is shown whole, and one that only grew keeps its start")
    func missingAndGrowing() {
        let long = "\"" + String(repeating: "x", count: 120) + "\""
        #expect(FieldDifference(path: "body", expected: long, actual: nil).description == "body: expected \(long), found no field")
        let grown = FieldDifference(path: "body", expected: long, actual: long + "!").description
        #expect(grown.contains("found …xxxxxxxxxxxxxxxxxxxxxxx\"!"), "\(grown)")
    }
}
