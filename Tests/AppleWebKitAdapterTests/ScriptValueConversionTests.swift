import Foundation
import HybridReplayFoundationAdapters
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

@Suite("ScriptValueConversion")
struct ScriptValueConversionTests {
    @Test("a Bool-valued NSNumber becomes a boolean and a 1-valued one a number")
    func booleanNumbersAreBooleans() throws {
        #expect(try ScriptValueConversion.jsonValue(from: NSNumber(value: true)) == .bool(true))
        #expect(try ScriptValueConversion.jsonValue(from: NSNumber(value: false)) == .bool(false))
        #expect(try ScriptValueConversion.jsonValue(from: NSNumber(value: 1)) == .number(1))
        #expect(try ScriptValueConversion.jsonValue(from: NSNumber(value: 0)) == .number(0))
        #expect(try ScriptValueConversion.jsonValue(from: NSNumber(value: Int8(1))) == .number(1))
        #expect(try ScriptValueConversion.jsonValue(from: NSNumber(value: 2.5)) == .number(2.5))
    }

    @Test("nested arrays and dictionaries with a date convert member by member")
    func nestedBodyWithDate() throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600.25)
        let body: NSDictionary = [
            "ok": NSNumber(value: true), "n": NSNumber(value: 3), "none": NSNull(),
            "items": [["at": date as NSDate, "tags": ["a", NSNumber(value: false)] as NSArray] as NSDictionary] as NSArray,
        ]
        let value = try ScriptValueConversion.jsonValue(from: body)
        #expect(
            value == [
                "ok": true, "n": 3, "none": nil,
                "items": [["at": ["$date": "2026-01-01T00:00:00.25Z"], "tags": ["a", false]]],
            ])
    }

    @Test("an unsupported value is an error naming its path and type")
    func unsupportedValueIsAnError() {
        let body: NSDictionary = ["items": [NSNumber(value: 1), NSData()] as NSArray]
        #expect(throws: ScriptValueError.self) { try ScriptValueConversion.jsonValue(from: body) }
        do {
            _ = try ScriptValueConversion.jsonValue(from: body)
        } catch {
            #expect(error.path == "body.items[1]")
            #expect(error.description.contains("has no JSON form"))
        }
    }

    @Test("a non-finite number and non-string keys are errors")
    func nonFiniteAndNonStringKeys() {
        #expect(throws: ScriptValueError.self) { try ScriptValueConversion.jsonValue(from: NSNumber(value: Double.nan)) }
        #expect(throws: ScriptValueError.self) { try ScriptValueConversion.jsonValue(from: [1: "a"] as [Int: String]) }
    }

    @Test("replies convert back: booleans stay booleans and a date marker becomes a date")
    func repliesConvertBack() throws {
        let reply: JSONValue = ["ok": true, "count": 2, "at": ["$date": "2026-01-01T00:00:00Z"], "list": [nil, "x"]]
        let foundation = try #require(ScriptValueConversion.foundationValue(from: reply) as? [String: Any])
        let ok = try #require(foundation["ok"] as? NSNumber)
        #expect(ScriptValueConversion.isBoolean(ok))
        let count = try #require(foundation["count"] as? NSNumber)
        #expect(!ScriptValueConversion.isBoolean(count))
        #expect(foundation["at"] as? Date == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(try ScriptValueConversion.jsonValue(from: foundation) == reply)
    }

    @Test("an object that only looks like a date marker stays an object")
    func invalidDateMarkerStaysObject() {
        let value: JSONValue = ["$date": "yesterday"]
        #expect(ScriptValueConversion.foundationValue(from: value) is [String: Any])
    }
}
