@testable import CassetteCommands
import Foundation
import HybridReplay
import Testing

@Suite struct ShowCommandTests {
    @Test("show prints the header, a line per event and a line per field")
    func timeline() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "Cassettes/x.json")
            let result = await cassette("show", "Cassettes/x.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardError.isEmpty)
            #expect(
                result.standardOutput == """
                    # navigate-present — Tapping a link presents a native screen.
                    # recorded by hand-written
                       1    +0.000s  stimulus  navigation.action              linkActivated GET navigate://present?r=255
                          url: "navigate://present?r=255"
                          method: "GET"
                          navigationType: "linkActivated"
                          targetFrame.isMainFrame: true
                       2    +0.010s  effect    navigation.decision            cancel  (cause 1)
                          policy: "cancel"
                       3    +0.010s  effect    navigation.route               present {"r":255}  (cause 1)
                          name: "present"
                          parameters.r: 255

                    """)
        }
    }

    @Test("show prints the same timeline for a non-canonical file")
    func nonCanonical() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(), to: "a.json")
            try directory.write(Samples.reindented(), to: "b.json")
            let a = await cassette("show", "a.json", in: directory)
            let b = await cassette("show", "b.json", in: directory)
            #expect(a.standardOutput == b.standardOutput)
        }
    }

    @Test("show never prints the folder it runs in")
    func noAbsolutePaths() async throws {
        try await withTemporaryDirectory { directory in
            let file = try directory.write(Samples.canonical(Samples.http), to: "x.json")
            let result = await cassette("show", file.path, in: directory)
            #expect(result.status == .success)
            #expect(!result.standardOutput.contains(directory.lastPathComponent))
        }
    }

    @Test("show reports a missing file on standard error and exits 66")
    func missing() async throws {
        try await withTemporaryDirectory { directory in
            let result = await cassette("show", "nope.json", in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == "cassette: error: no such file or directory: nope.json\n")
        }
    }

    @Test("show reports malformed JSON with its position and exits 65")
    func malformed() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "broken.json")
            let result = await cassette("show", "broken.json", in: directory)
            #expect(result.status == .dataError)
            #expect(result.standardOutput.isEmpty)
            #expect(result.errorLines.count == 1)
            #expect(result.standardError.hasPrefix("broken.json:5:1: error: "))
        }
    }

    @Test("show takes exactly one file")
    func operandCount() async {
        let none = await cassette("show")
        #expect(none.status == .usageError)
        #expect(none.errorLines == [
            "cassette: error: missing expected argument '<file>'", "Usage: cassette show <file>",
            "See 'cassette show --help'.",
        ])
        let two = await cassette("show", "a.json", "b.json")
        #expect(two.status == .usageError)
        #expect(two.errorLines.first == "cassette: error: unexpected argument 'b.json'")
    }
}

@Suite struct ShowSummaryTests {
    @Test("show cuts a long summary to a fixed width with … and its length, and the field line keeps every character")
    func longSummary() async throws {
        let script = "/* native-bridge.js */ " + String(repeating: "window.Capacitor = window.Capacitor || {}; ", count: 1_200)
        let long = Cassette(
            header: CassetteHeader(name: "capacitor"),
            events: [Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: script))])
        let summary = Timeline.oneLine(JavaScriptEvaluation(script: script).summary)
        #expect(summary.count > 50_000)
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(long), to: "long.json")
            let result = await cassette("show", "long.json", in: directory)
            #expect(result.status == .success)
            let lines = result.outputLines
            let line = try #require(lines.first { $0.hasPrefix("   1 ") })
            #expect(line.hasSuffix(String(summary.prefix(Timeline.summaryWidth)) + "… (\(summary.count) characters)"))
            #expect(line.count < Timeline.summaryWidth + 100)
            #expect(lines.contains("      script: " + JSONValue.string(script).description))
        }
    }

    @Test("show leaves a summary of the fixed width whole")
    func summaryAtWidth() {
        #expect(Timeline.summaryWidth == 160)
        let text = String(repeating: "a", count: 160)
        #expect(Timeline.shortened(text) == text)
        #expect(Timeline.shortened(text + "b") == text + "… (161 characters)")
    }

    @Test("show lists the fields a cassette declares volatile in its header")
    func volatileHeader() throws {
        let declared = Cassette(header: CassetteHeader(
            name: "capacitor", volatile: [try VolatileField(parsing: "script.message body.callbackId")]))
        #expect(Timeline.lines(for: declared).contains("# volatile: \"script.message body.callbackId\""))
    }
}
