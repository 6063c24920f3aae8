import Foundation
import Testing

@testable import CassetteCommands

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct JUnitReportTests {
    static let report = JUnitReport(
        name: "cassette verify",
        testCases: [
            .init(
                className: "Cassettes.router", name: "a.json", file: "Cassettes/router/a.json",
                duration: .milliseconds(12), outcome: .passed),
            .init(
                className: "Cassettes.router", name: "b.json", file: "Cassettes/router/b.json",
                duration: .microseconds(1500), outcome: .failure(message: "event 2: differs", text: "line 1\n  line 2")),
            .init(
                className: "(root)", name: "c.json", file: "c.json", duration: .zero,
                outcome: .error(message: "c.json:5:1: error: bad", text: "c.json:5:1: error: bad")),
        ],
        duration: .seconds(2) + .milliseconds(345))

    @Test("the document lists one testcase per test inside one testsuite, word for word")
    func document() {
        #expect(
            Self.report.xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="cassette verify" tests="3" failures="1" errors="1" time="2.345">
                  <testsuite name="cassette verify" tests="3" failures="1" errors="1" time="2.345" skipped="0">
                    <testcase classname="Cassettes.router" name="a.json" file="Cassettes/router/a.json" time="0.012"/>
                    <testcase classname="Cassettes.router" name="b.json" file="Cassettes/router/b.json" time="0.001">
                      <failure message="event 2: differs">line 1
                  line 2</failure>
                    </testcase>
                    <testcase classname="(root)" name="c.json" file="c.json" time="0.000">
                      <error message="c.json:5:1: error: bad">c.json:5:1: error: bad</error>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test("a failure with a kind names it in the type attribute, escaped as every attribute is")
    func failureType() {
        let report = JUnitReport(
            name: "s",
            testCases: [
                .init(
                    className: "c", name: "n", file: nil, duration: .zero,
                    outcome: .failure(message: "m", type: "decision \"missing\"", text: "t"))
            ], duration: .zero)
        #expect(report.xml.contains(#"<failure message="m" type="decision &quot;missing&quot;">t</failure>"#), "\(report.xml)")
    }

    @Test("an empty suite is still a well-formed document")
    func empty() {
        let xml = JUnitReport(name: "cassette verify", testCases: [], duration: .zero).xml
        #expect(xml.contains(#"<testsuite name="cassette verify" tests="0" failures="0" errors="0" time="0.000" skipped="0">"#))
    }

    @Test("times are seconds with three decimals", arguments: [
        (Duration.zero, "0.000"), (.milliseconds(7), "0.007"), (.milliseconds(1234), "1.234"),
        (.seconds(61) + .microseconds(999), "61.000"), (.seconds(-1), "0.000"),
    ])
    func seconds(duration: Duration, text: String) {
        #expect(JUnitReport.seconds(duration) == text)
    }

    @Test("attributes escape markup, both quotes, line breaks and tabs")
    func attributeEscaping() {
        #expect(
            JUnitReport.escapedAttribute("a \"b\" & 'c' <d> ]]>\n\r\t")
                == "a &quot;b&quot; &amp; &apos;c&apos; &lt;d&gt; ]]&gt;&#10;&#13;&#9;")
    }

    @Test("text escapes markup, keeps line breaks and tabs, and never holds ']]>'")
    func textEscaping() {
        #expect(JUnitReport.escapedText("if a < b && c > d \"q\" ]]>\n\tx\r\n") == "if a &lt; b &amp;&amp; c &gt; d \"q\" ]]&gt;\n\tx&#13;\n")
    }

    @Test("control characters other than tabs and line breaks become U+FFFD")
    func controlCharacters() {
        let text = "a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e\u{FFFE}f\u{1F600}"
        let expected = "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{1F600}"
        #expect(JUnitReport.escapedText(text) == expected)
        #expect(JUnitReport.escapedAttribute(text) == expected)
    }

    #if canImport(FoundationXML) || canImport(Darwin)
    @Test("a report full of awkward characters parses back to the same values")
    func roundTrip() throws {
        let awkward = "say \"hi\" & <bye> 'now' ]]> \u{1}\u{8}tab\tcr\r lf\n end"
        let cleaned = "say \"hi\" & <bye> 'now' ]]> \u{FFFD}\u{FFFD}tab\tcr\r lf\n end"
        let report = JUnitReport(
            name: awkward,
            testCases: [
                .init(
                    className: awkward, name: awkward, file: awkward, duration: .zero,
                    outcome: .failure(message: awkward, text: awkward))
            ],
            duration: .zero)
        let document = try XMLDocument(data: Data(report.xml.utf8), options: [])
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        #expect(suites.attribute(forName: "name")?.stringValue == cleaned)
        let testCase = try #require(suites.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        for attribute in ["classname", "name", "file"] {
            #expect(testCase.attribute(forName: attribute)?.stringValue == cleaned, "\(attribute)")
        }
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == cleaned)
        #expect(failure.stringValue == cleaned)
    }
    #endif
}
