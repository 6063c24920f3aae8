import CassetteCommands
import Foundation
import HybridReplay
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("verify --junit")
struct VerifyJUnitTests {
    /// Verifies a pass, a failure and a malformed cassette into `report.xml`.
    static func verifyMixedFolder(in directory: URL) async throws -> CommandResult {
        let recorded = try await RouterRecording.record("b", links: [RouterRecording.presentYellow])
        try await RouterRecording.write("Cassettes/router/a.json", in: directory)
        try directory.write(VerifyCommandTests.altered(recorded), to: "Cassettes/router/b.json")
        try directory.write(Samples.brokenJSON, to: "Cassettes/broken.json")
        try await RouterRecording.write("top.json", in: directory, contract: "router")
        return await cassette("verify", "--junit", "report.xml", "Cassettes", "top.json", in: directory)
    }

    #if canImport(FoundationXML) || canImport(Darwin)
    @Test("--junit writes one testsuite with one testcase per cassette, failures and errors included")
    func report() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await Self.verifyMixedFolder(in: directory)
            #expect(result.status == .dataError)
            let document = try XMLDocument(contentsOf: directory.appendingPathComponent("report.xml"), options: [])
            let suites = try #require(document.rootElement())
            #expect(suites.name == "testsuites")
            let suite = try #require(suites.elements(forName: "testsuite").first)
            #expect(suites.elements(forName: "testsuite").count == 1)
            #expect(suite.attribute(forName: "name")?.stringValue == "cassette verify")
            #expect(suite.attribute(forName: "tests")?.stringValue == "4")
            #expect(suite.attribute(forName: "failures")?.stringValue == "2")
            #expect(suite.attribute(forName: "errors")?.stringValue == "1")
            #expect(Double(suite.attribute(forName: "time")?.stringValue ?? "") != nil)

            let cases = suite.elements(forName: "testcase")
            #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == [
                "Cassettes/broken.json", "Cassettes/router/a.json", "Cassettes/router/b.json", "top.json",
            ])
            #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == [
                "Cassettes", "Cassettes.router", "Cassettes.router", "(root)",
            ])
            #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [
                "broken.json", "a.json", "b.json", "top.json",
            ])
            for testCase in cases {
                #expect(Double(testCase.attribute(forName: "time")?.stringValue ?? "") != nil)
            }

            let error = try #require(cases[0].elements(forName: "error").first)
            #expect(error.attribute(forName: "message")?.stringValue?.hasPrefix("Cassettes/broken.json:5:1: error: ") == true)
            #expect(cases[1].children == nil || cases[1].children?.isEmpty == true)

            let failure = try #require(cases[2].elements(forName: "failure").first)
            #expect(
                failure.attribute(forName: "message")?.stringValue
                    == "event 2 (navigation.route): the effect that happened differs from the recording")
            #expect(failure.attribute(forName: "type")?.stringValue == "unexpected effect")
            let text = failure.stringValue ?? ""
            #expect(text.hasPrefix("Cassettes/router/b.json: replay failed: 1 issue\n"))
            #expect(text.contains("parameters.g: expected 128, found 255"))
            // The report's quotes and braces came back from the XML as written.
            #expect(text.contains(#"happened: navigation.route present {"b":0,"g":255,"r":255}"#))
            // One divergence, one issue: what the router did after it is in the trace, not the report.
            #expect(!text.contains("event 3"))

            let unknown = try #require(cases[3].elements(forName: "failure").first)
            #expect(unknown.attribute(forName: "message")?.stringValue == "top.json: no reference implementation for the contract 'router'")
            #expect(unknown.attribute(forName: "type") == nil)
        }
    }
    #endif

    @Test("--junit leaves standard output as it is without it")
    func sameOutput() async throws {
        try await withTemporaryDirectory { directory in
            let withReport = try await Self.verifyMixedFolder(in: directory)
            let without = await cassette("verify", "Cassettes", "top.json", in: directory)
            #expect(withReport.standardOutput == without.standardOutput)
            #expect(withReport.standardError == without.standardError)
        }
    }

    @Test("--junit replaces an existing report")
    func replaces() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write("old", to: "report.xml")
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "--junit=report.xml", "a.json", in: directory)
            #expect(result.status == .success)
            let xml = try directory.text(of: "report.xml")
            #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cassette verify\" tests=\"1\" failures=\"0\" errors=\"0\" time=\""))
            #expect(xml.contains(#"<testcase classname="(root)" name="a.json" file="a.json" time=""#))
        }
    }

    @Test("a JUnit report that cannot be written exits 73 after the cassettes are verified", arguments: ["missing/report.xml", "folder"])
    func unwritable(path: String) async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
            try await RouterRecording.write("a.json", in: directory)
            let result = await cassette("verify", "--junit", path, "a.json", in: directory)
            #expect(result.status == .cannotCreate)
            #expect(result.outputLines == ["PASS a.json (navigation-router)", "1 cassette verified: 1 passed, 0 failed"])
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("\(path): error: cannot write the JUnit report: ") == true)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing").path) == false)
        }
    }

    @Test("a cassette path full of markup still makes a well-formed report")
    func awkwardPath() async throws {
        try await withTemporaryDirectory { directory in
            let name = "a&b <\"c\">'d' ]]>\u{1}.json"
            try await RouterRecording.write("odd/" + name, in: directory)
            let result = await cassette("verify", "--junit", "report.xml", "odd", in: directory)
            #expect(result.status == .success)
            let xml = try directory.text(of: "report.xml")
            #expect(xml.contains(#"name="a&amp;b &lt;&quot;c&quot;&gt;&apos;d&apos; ]]&gt;\#u{FFFD}.json""#))
            #if canImport(FoundationXML) || canImport(Darwin)
            let document = try XMLDocument(data: Data(xml.utf8), options: [])
            let testCase = try #require(
                document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
            #expect(testCase.attribute(forName: "file")?.stringValue == "odd/a&b <\"c\">'d' ]]>\u{FFFD}.json")
            #endif
        }
    }
}
