import Foundation

/// `JSONValue` in `Codable` types, and `Codable` values as `JSONValue`: a
/// message body decoded into the app's own type, an answer encoded from one.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a JSON value: null, a boolean, a number, a string, an array or an object")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

extension JSONValue {
    /// `value` as a JSON value, written by `encoder`.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded, such as a
    ///   non-finite `Double` with the encoder's default strategy.
    public init(encoding value: some Encodable, with encoder: JSONEncoder = JSONEncoder()) throws {
        let data = try encoder.encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// This value decoded as `type` by `decoder`: a message body read into the app's own type.
    ///
    /// - Throws: `DecodingError` naming the field that does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, with decoder: JSONDecoder = JSONDecoder()) throws -> T {
        let data = try JSONEncoder().encode(self)
        return try decoder.decode(type, from: data)
    }
}
