import Testing

@testable import HybridReplay

@Suite("FieldPath: a replay report and cassette diff name a field alike")
struct FieldPathTests {
    /// The paths a replay reports for `actual` where `expected` was recorded.
    static func reported(_ expected: any EventPayload, _ actual: any EventPayload) -> [String] {
        var bindings = PlaceholderBindings()
        return PayloadComparison(placeholders: .standard, eventID: 1)
            .differences(expected: expected, actual: actual, bindings: &bindings).map(\.path)
    }

    /// The paths `cassette diff` prints for the same change.
    static func diffed(_ old: any EventPayload, _ new: any EventPayload) -> [String] {
        let cassette = { (payload: any EventPayload) in
            Cassette(header: CassetteHeader(name: "one"), events: [Event(id: 1, at: 0, payload: payload)])
        }
        return CassetteDiff.between(cassette(old), cassette(new)).eventChanges.flatMap(\.fields).map(\.path)
    }

    static let changes: [(name: String, old: any EventPayload, new: any EventPayload, path: String)] = [
        (
            "a header's value",
            HTTPRequest(url: "https://a.example/", headers: [HTTPHeader("Authorization", "Bearer one")]),
            HTTPRequest(url: "https://a.example/", headers: [HTTPHeader("Authorization", "Bearer two")]),
            "headers[Authorization]"
        ),
        (
            "the second of a repeated header",
            HTTPResponse(status: 200, headers: [HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("Set-Cookie", "b=2")]),
            HTTPResponse(status: 200, headers: [HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("Set-Cookie", "b=3")]),
            "headers[Set-Cookie][1]"
        ),
        (
            "a JSON member whose key is not a plain word",
            ScriptMessage(handler: "cart", body: ["line items": [1, 2]]),
            ScriptMessage(handler: "cart", body: ["line items": [1, 3]]),
            #"body["line items"][1]"#
        ),
        (
            "a nested member",
            HTTPRequest(method: "POST", url: "https://a.example/", body: .json(["cart": ["qty": 1]])),
            HTTPRequest(method: "POST", url: "https://a.example/", body: .json(["cart": ["qty": 2]])),
            "body.json.cart.qty"
        ),
    ]

    @Test("the report and the diff print the same path for the same change", arguments: changes.indices)
    func samePath(_ index: Int) {
        let change = Self.changes[index]
        #expect(Self.reported(change.old, change.new) == [change.path], "\(change.name)")
        #expect(Self.diffed(change.old, change.new) == [change.path], "\(change.name)")
    }

    @Test("a replayed request with another token is reported where the diff of its trace shows it")
    func replayAgainstDiff() async throws {
        let cassette = signedCassette(recorded: ["recorded-token-1", "recorded-token-2"], redactions: [])
        let report = await replaySigned(cassette, tokens: ["recorded-token-1", "another-token-2"])
        let issue = try #require(report.issues.first)
        #expect(issue.differences.map(\.path) == ["headers[Authorization]"], "\(report)")
        let diff = CassetteDiff.between(cassette, report.trace)
        #expect(diff.eventChanges.flatMap(\.fields).map(\.path).contains("headers[Authorization]"), "\(diff)")
    }

    @Test("a header's name and an element of a list that is not headers keep their own steps")
    func otherSteps() {
        #expect(FieldPath([.key("headers"), .header("Accept", occurrence: nil), .key("name")]).description == "headers[Accept].name")
        #expect(FieldPath([.key("items"), .index(2), .key("qty")]).description == "items[2].qty")
        #expect(FieldPath().description == "(payload)")
    }
}
