import Foundation
import HybridReplaySeams

#if canImport(Darwin)
import CoreFoundation
#endif

/// Converts between what WebKit hands Swift (`Any`: `NSNumber`, `NSString`,
/// `NSDate`, `NSNull`, `NSArray`, `NSDictionary`) and JSONValue.
///
/// Script message bodies, JavaScript results and `callAsyncJavaScript`
/// arguments all cross here, and so do the JSON bodies `URLSessionTransport`
/// reads with `JSONSerialization` (JSONBodyDecoder/foundation). A JavaScript `Date` arrives as a date, which JSON
/// has no type for, so it becomes `{"$date": "<RFC 3339>"}` (ScriptMessage/dateMarker)
/// and turns back into a date on the way out.
package enum ScriptValueConversion {
    /// The JSON form of `value`.
    ///
    /// - Parameters:
    ///   - value: What WebKit delivered.
    ///   - path: Where `value` sits, for errors, such as `body.items[2]`.
    /// - Returns: The value as JSON.
    /// - Throws: ScriptValueError naming the path and the type that has no JSON form.
    package static func jsonValue(from value: Any, at path: String = "body") throws(ScriptValueError) -> JSONValue {
        if value is NSNull { return .null }
        if let string = value as? String { return .string(string) }
        if let number = value as? NSNumber {
            if isBoolean(number) { return .bool(number.boolValue) }
            let double = number.doubleValue
            guard double.isFinite else { throw ScriptValueError(path: path, typeName: "non-finite number \(double)") }
            return .number(double)
        }
        if let date = value as? Date { return try dateValue(date, at: path) }
        if let array = value as? [Any] {
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try jsonValue(from: element, at: "\(path)[\(index)]"))
            }
            return .array(elements)
        }
        if let object = value as? [String: Any] {
            var members: [String: JSONValue] = [:]
            for (key, member) in object { members[key] = try jsonValue(from: member, at: "\(path).\(key)") }
            return .object(members)
        }
        if value is [AnyHashable: Any] {
            throw ScriptValueError(path: path, typeName: "dictionary with keys that are not all strings")
        }
        throw ScriptValueError(path: path, typeName: String(describing: type(of: value)))
    }

    /// What WebKit accepts for `value`: `NSNull`, `NSNumber`, `String`,
    /// `Date` for a `{"$date": …}` object holding a valid RFC 3339 date,
    /// `[Any]` and `[String: Any]`.
    package static func foundationValue(from value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let bool): NSNumber(value: bool)
        case .number(let number): NSNumber(value: number)
        case .string(let string): string
        case .array(let elements): elements.map(foundationValue(from:))
        case .object(let members):
            if members.count == 1, let text = members[ScriptMessage.dateMarker]?.stringValue,
                let date = RFC3339.date(text)
            {
                date
            } else {
                members.mapValues(foundationValue(from:)) as [String: Any]
            }
        }
    }

    /// Whether `number` is a boolean rather than a number that happens to be 0 or 1.
    ///
    /// On Apple platforms a JavaScript boolean arrives as the `kCFBooleanTrue`/
    /// `kCFBooleanFalse` singletons, told apart by CoreFoundation type identity
    /// (`CFBooleanGetTypeID`); `objCType` would not do there, since a `char`
    /// number also reports `"c"`. On Linux, swift-corelibs-foundation has no
    /// toll-free CFBoolean, and a boolean `NSNumber` is the only kind whose
    /// `objCType` is `"c"` (integers of every width report `"i"` or wider), which
    /// the tests pin.
    package static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        String(cString: number.objCType) == "c"
        #endif
    }

    private static func dateValue(_ date: Date, at path: String) throws(ScriptValueError) -> JSONValue {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.magnitude < 9.0e15, let text = RFC3339.string(.milliseconds(Int64(milliseconds))) else {
            throw ScriptValueError(path: path, typeName: "date outside years 0000–9999")
        }
        return ScriptMessage.date(text)
    }
}

/// A value WebKit delivered that has no JSON form, such as `NSData` in a message body.
public struct ScriptValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the value sits, such as `body.items[2]`.
    public var path: String
    /// What the value is, such as `NSData`.
    public var typeName: String

    public init(path: String, typeName: String) {
        self.path = path
        self.typeName = typeName
    }

    public var description: String {
        "\(path): a \(typeName) has no JSON form; script values are strings, numbers, booleans, null, dates, arrays and objects with string keys"
    }
}
