import Foundation
import HybridReplay
import Testing

@Suite("JSONValue and Codable")
struct JSONValueCodableTests {
    struct Transfer: Codable, Equatable {
        var from: String
        var amount: Double
        var note: String?
        var tags: [String]
    }

    @Test("an app's Codable value becomes the JSON value a page would post, and back")
    func roundTripsAppValue() throws {
        let transfer = Transfer(from: "main", amount: 12.5, note: nil, tags: ["rent"])
        let value = try JSONValue(encoding: transfer)
        #expect(value == ["from": "main", "amount": 12.5, "tags": ["rent"]])
        #expect(try value.decode(Transfer.self) == transfer)
    }

    @Test("a message body decodes into the app's type")
    func decodesMessageBody() throws {
        let body: JSONValue = ["from": "savings", "amount": 3, "note": "gift", "tags": []]
        #expect(try body.decode(Transfer.self) == Transfer(from: "savings", amount: 3, note: "gift", tags: []))
    }

    @Test("a body that does not fit the type throws a DecodingError naming the field")
    func wrongTypeThrows() throws {
        let body: JSONValue = ["from": "main", "amount": "twelve", "tags": []]
        #expect {
            try body.decode(Transfer.self)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["amount"]
        }
    }

    @Test(
        "every kind of JSON value survives encoding and decoding as itself",
        arguments: [JSONValue.null, true, false, 0, -1.5, 1e300, "", "é\u{1F600}\"", [], [1, "a", nil], [:], ["a": ["b": [true]]]])
    func everyKindRoundTrips(_ value: JSONValue) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test("a value that JSON cannot hold is an error, not a crash")
    func nonFiniteNumberThrows() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Double.infinity) }
    }
}
