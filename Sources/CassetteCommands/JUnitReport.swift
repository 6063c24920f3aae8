import Foundation

/// Test results as JUnit XML, the format CI systems show as test reports:
/// one `<testsuite>` inside `<testsuites>`, one `<testcase>` per test.
///
/// Every attribute and text is escaped, and control characters other than
/// tabs and line breaks, which XML 1.0 cannot hold or discourages, become
/// U+FFFD, so any file name or report makes a well-formed document. The text never uses CDATA, so a
/// `]]>` in a report needs nothing special.
struct JUnitReport {
    /// One test and how it ended.
    struct TestCase {
        /// The group the test belongs to, such as `Cassettes.router`.
        var className: String
        /// The test's name, such as `present-yellow.json`.
        var name: String
        /// The file the test comes from, as the user named it.
        var file: String?
        /// How long it took.
        var duration: Duration
        var outcome: Outcome
    }

    /// How a test ended.
    enum Outcome {
        case passed
        /// The test ran and found a problem: `message` in one line, `type`
        /// the kind of problem (a replay issue's kind) when it has one, `text` in full.
        case failure(message: String, type: String? = nil, text: String)
        /// The test could not run: `message` in one line, `text` in full.
        case error(message: String, text: String)
    }

    /// The suite's name, such as `cassette verify`.
    var name: String
    var testCases: [TestCase]
    /// How long the whole suite took.
    var duration: Duration

    /// The document, ending in a newline.
    var xml: String {
        let failures = testCases.count { if case .failure = $0.outcome { true } else { false } }
        let errors = testCases.count { if case .error = $0.outcome { true } else { false } }
        let counts = [
            ("name", name), ("tests", String(testCases.count)), ("failures", String(failures)),
            ("errors", String(errors)), ("time", Self.seconds(duration)),
        ]
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites\(Self.attributes(counts))>",
            "  <testsuite\(Self.attributes(counts + [("skipped", "0")]))>",
        ]
        for testCase in testCases {
            var attributes = [("classname", testCase.className), ("name", testCase.name)]
            if let file = testCase.file { attributes.append(("file", file)) }
            attributes.append(("time", Self.seconds(testCase.duration)))
            let element = "    <testcase\(Self.attributes(attributes))"
            switch testCase.outcome {
            case .passed:
                lines.append(element + "/>")
            case .failure(let message, let type, let text):
                lines += [element + ">", Self.problem("failure", message, type: type, text), "    </testcase>"]
            case .error(let message, let text):
                lines += [element + ">", Self.problem("error", message, type: nil, text), "    </testcase>"]
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func problem(_ element: String, _ message: String, type: String?, _ text: String) -> String {
        let pairs = [("message", message)] + (type.map { [("type", $0)] } ?? [])
        return "      <\(element)\(attributes(pairs))>\(escapedText(text))</\(element)>"
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escapedAttribute($0.1))\"" }.joined()
    }

    /// `duration` in seconds with millisecond precision, as JUnit's `time` wants it.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = max(0, duration.count(of: .milliseconds))
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` for an element's content: markup characters as entities, and
    /// carriage returns as references, which a parser would otherwise turn into line feeds.
    static func escapedText(_ text: String) -> String {
        escaped(text) { scalar in scalar == "\r" ? "&#13;" : nil }
    }

    /// `text` for a double-quoted attribute: markup characters and quotes as
    /// entities, and line breaks and tabs as references, which attribute
    /// normalization would otherwise turn into spaces.
    static func escapedAttribute(_ text: String) -> String {
        escaped(text) { scalar in
            switch scalar {
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n": "&#10;"
            case "\r": "&#13;"
            case "\t": "&#9;"
            default: nil
            }
        }
    }

    /// `text` with `&`, `<` and `>` as entities, what `special` returns for
    /// the scalars it knows, and characters XML 1.0 forbids as U+FFFD.
    private static func escaped(_ text: String, special: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = special(scalar) {
                result += replacement
                continue
            }
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            // Escaped everywhere, so `]]>` never appears in the output.
            case ">": result += "&gt;"
            case _ where isAllowed(scalar): result.unicodeScalars.append(scalar)
            default: result.unicodeScalars.append("\u{FFFD}")
            }
        }
        return result
    }

    /// Whether `scalar` goes into the document as it is: XML 1.0 allows it
    /// (its `Char` production), and it is not a control character other
    /// than a tab or a line break; XML 1.0 allows DEL and the C1 controls
    /// but discourages them, and XML 1.1 readers reject them.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x7F...0x9F: false
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
