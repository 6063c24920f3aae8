/// A JSON value: the type of message bodies, JavaScript results, route
/// parameters and every other free-form payload in a cassette.
///
/// Numbers are `Double`, as in JavaScript, so a value read from a page and a
/// value read from a cassette compare equal. Object members are unordered;
/// the canonical writer prints them sorted by key.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// The name of the value's JSON type, as used in error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The string, if this value is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, if this value is one.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The boolean, if this value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The members, if this value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The elements, if this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The depth of nesting: 0 for a scalar, 1 for a flat array or object.
    public var depth: Int {
        switch self {
        case .array(let elements): 1 + (elements.lazy.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.lazy.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON on one line, object keys sorted.
    public var description: String { CanonicalPrinter.compactText(self) }
}
