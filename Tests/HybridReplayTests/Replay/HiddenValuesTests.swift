import Foundation
import Testing
@testable import HybridReplay

@Suite("Failed reports hide what sits where the cassette has a placeholder, whatever rule put it there")
struct HiddenValuesTests {
    static let right = "right-token-1234567890"
    static let wrong = "wrong-token-0987654321"

    static func shown(_ report: ReplayReport) -> String { ReportRedactionTests.shown(report) }

    @Test("a custom rule's token bound earlier and a wrong one found later both stay out of the report and its trace")
    func customRuleBoundAndFound() async {
        let cassette = signedCassette(recorded: ["[REDACTED:1]", "[REDACTED:1]"], redactions: ["custom:tokens"])
        let report = await replaySigned(cassette, tokens: [Self.right, Self.wrong])

        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 4, "\(report)")
        #expect(report.issues.first?.differences.map(\.path) == ["headers[Authorization]"], "\(report)")
        #expect(!Self.shown(report).contains(Self.right), "\(report)")
        #expect(!Self.shown(report).contains(Self.wrong), "\(report)")
        let traced = report.trace.events.compactMap { $0.payload(as: HTTPRequest.self)?.headers.first?.value }
        #expect(traced.first == "Bearer [REDACTED:1]", "\(traced)")
        #expect(traced.count == 2)
    }

    @Test("a request sent with the scheme and no token where the cassette has a token hides nothing: the scheme stays readable on both sides")
    func schemeWithoutToken() async {
        let cassette = signedCassette(recorded: ["[REDACTED:1]"], redactions: ["custom:tokens"])
        let report = await replaySigned(cassette, tokens: [""])

        #expect(!report.passed)
        #expect(report.issues.first?.differences.map(\.path) == ["headers[Authorization]"], "\(report)")
        #expect(report.description.contains(#"expected "Bearer [REDACTED:1]", found "Bearer ""#), "\(report)")
    }

    @Test("a token in an effect that diverges elsewhere is hidden where the nearest recorded event has a placeholder")
    func divergingEffect() async {
        // Nothing binds: the effect's URL differs, so its token is only ever compared, never matched.
        var cassette = signedCassette(recorded: ["[REDACTED:1]"], redactions: ["custom:tokens"])
        cassette.events[1].payload = HTTPRequest(
            url: "https://api.example.com/elsewhere", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")])
        let report = await replaySigned(cassette, tokens: [Self.wrong])

        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 2, "\(report)")
        #expect(!Self.shown(report).contains(Self.wrong), "\(report)")
        #expect(report.description.contains("https://api.example.com/me"), "what is not hidden is still shown: \(report)")
    }

    @Test("a cassette without placeholders or rules is reported as it is")
    func nothingToHide() async {
        let cassette = signedCassette(recorded: [Self.right], redactions: [])
        let report = await replaySigned(cassette, tokens: [Self.wrong])

        #expect(!report.passed)
        #expect(report.description.contains(Self.wrong), "\(report)")
    }

    @Test("the secret is the part of a value that stands where the placeholder was recorded")
    func secretWithinText() {
        var hidden = HiddenValues()
        hidden.learn(
            recorded: HTTPRequest(url: "https://a.example/", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")]),
            actual: HTTPRequest(url: "https://b.example/", headers: [HTTPHeader("Authorization", "Bearer abc-secret")]))
        #expect(hidden.pairs.map(\.secret) == ["abc-secret"])
        #expect(hidden.pairs.map(\.placeholder) == ["[REDACTED:1]"])
    }

    @Test("text around the placeholder that differs is kept when a separator finds the secret; two placeholders hide the whole value")
    func wholeValue() {
        var hidden = HiddenValues()
        let body = JSONValue.object([
            "pair": .string("[REDACTED:1]:[REDACTED:2]"), "note": .string("Token [REDACTED:3]"),
            "cookie": .string("sid=[REDACTED:4]; Domain=bank.test"), "odd": .string("x[REDACTED:5]y"),
        ])
        let actual = JSONValue.object([
            "pair": .string("alpha:beta"), "note": .string("Key gamma"), "cookie": .string("session=delta; Path=/"),
            "odd": .string("epsilon"),
        ])
        hidden.learn(
            recorded: ScriptMessage(handler: "h", body: body), actual: ScriptMessage(handler: "h", body: actual))
        #expect(Set(hidden.pairs.map(\.secret)) == ["alpha:beta", "gamma", "delta", "epsilon"])
        // Nothing gave the placeholders a value: each secret found for exactly one stands for it.
        #expect(Set(hidden.pairs.filter(\.bound).map(\.secret)) == ["gamma", "delta"])
    }

    @Test("finds the secret by the separators around a placeholder when the text around it changed")
    func separators() {
        #expect(HiddenValues.secret(in: "Token abc123", prefix: "Bearer ", suffix: "") == "abc123")
        #expect(HiddenValues.secret(in: "Bearer abc123", prefix: "Bearer ", suffix: "") == "abc123")
        #expect(HiddenValues.secret(in: "sid=abc; Path=/; Secure", prefix: "sid=", suffix: "; Domain=bank.test") == "abc")
        #expect(HiddenValues.secret(in: "a=1&t=xyz&b=2", prefix: "a=1&t=", suffix: "&c=3") == "xyz")
        #expect(HiddenValues.secret(in: "nothing", prefix: "Bearer ", suffix: "") == nil)
        #expect(HiddenValues.secret(in: "Bearer ", prefix: "Bearer ", suffix: "") == nil)
    }

    @Test("a number where a placeholder was recorded is hidden as its text; equal values and plain fields are not")
    func numbersAndPlainFields() {
        var hidden = HiddenValues()
        let recorded = JSONValue.object(["pin": .string("[REDACTED:1]"), "name": .string("Ada"), "same": .string("[REDACTED:2]")])
        let actual = JSONValue.object(["pin": .number(4321), "name": .string("Grace"), "same": .string("[REDACTED:2]")])
        hidden.learn(recorded: ScriptMessage(handler: "h", body: recorded), actual: ScriptMessage(handler: "h", body: actual))
        #expect(hidden.pairs.map(\.secret) == ["4321"])
    }

    @Test("placeholders are found only in their exact form")
    func placeholderForms() {
        let text = "[REDACTED:1] [REDACTED:] [REDACTED:x] [REDACTED:22"
        #expect(HiddenValues.placeholderRanges(in: text).map { String(text[$0]) } == ["[REDACTED:1]"])
    }
}
