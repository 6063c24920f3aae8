/// Reads the members of one JSON object into typed fields, recording a
/// problem for every missing, mistyped, invalid or unknown member.
///
/// Decoding never stops at the first problem, so a cassette's reader can
/// report all of them at once.
package struct FieldReader {
    private let members: [String: JSONValue]
    package let path: JSONPath
    /// The members asked for; only present keys, so all are used when the counts match.
    private var used: Set<String>
    package private(set) var problems: [CassetteProblem] = []
    /// Whether members nothing asked for are allowed, as in formats such as
    /// HAR that let writers add fields; nested readers inherit it.
    package var allowsUnknownFields = false

    package init(_ members: [String: JSONValue], path: JSONPath) {
        self.members = members
        self.path = path
        used = Set(minimumCapacity: members.count)
    }

    /// Reads `value` as an object, or records that it is not one.
    package init?(_ value: JSONValue, path: JSONPath, problems: inout [CassetteProblem]) {
        guard case .object(let members) = value else {
            problems.append(CassetteProblem(path: path, message: "expected an object, found \(value.typeName)"))
            return nil
        }
        self.init(members, path: path)
    }

    package mutating func report(_ key: String?, _ message: String) {
        problems.append(CassetteProblem(path: key.map { path.appending($0) } ?? path, message: message))
    }

    /// Records a problem deep inside a free-form value, at `path`.
    package mutating func report(at path: JSONPath, _ message: String) {
        problems.append(CassetteProblem(path: path, message: message))
    }

    package mutating func absorb(_ other: FieldReader) {
        problems += other.problems
    }

    /// The raw member, marking it used; records a problem if required and absent.
    package mutating func value(_ key: String, required: Bool) -> JSONValue? {
        guard let value = members[key] else {
            if required { report(nil, "missing required field '\(key)'") }
            return nil
        }
        used.insert(key)
        return value
    }

    private mutating func typed<T>(_ key: String, required: Bool, _ type: String, _ extract: (JSONValue) -> T?) -> T? {
        guard let value = value(key, required: required) else { return nil }
        if !required, value == .null { return nil }
        guard let typed = extract(value) else {
            report(key, "expected \(type), found \(value.typeName)")
            return nil
        }
        return typed
    }

    package mutating func string(_ key: String) -> String? { typed(key, required: true, "a string", \.stringValue) }
    package mutating func optionalString(_ key: String) -> String? { typed(key, required: false, "a string", \.stringValue) }
    package mutating func bool(_ key: String) -> Bool? { typed(key, required: true, "a boolean", \.boolValue) }
    package mutating func optionalBool(_ key: String) -> Bool? { typed(key, required: false, "a boolean", \.boolValue) }
    package mutating func number(_ key: String) -> Double? { typed(key, required: true, "a number", \.numberValue) }
    package mutating func optionalNumber(_ key: String) -> Double? { typed(key, required: false, "a number", \.numberValue) }
    package mutating func array(_ key: String) -> [JSONValue]? { typed(key, required: true, "an array", \.arrayValue) }
    package mutating func optionalArray(_ key: String) -> [JSONValue]? { typed(key, required: false, "an array", \.arrayValue) }
    package mutating func object(_ key: String) -> [String: JSONValue]? { typed(key, required: true, "an object", \.objectValue) }
    package mutating func optionalObject(_ key: String) -> [String: JSONValue]? {
        typed(key, required: false, "an object", \.objectValue)
    }

    /// Any JSON value, `null` included.
    package mutating func json(_ key: String) -> JSONValue? { value(key, required: true) }

    /// A whole number, such as an event id or an HTTP status.
    package mutating func integer(_ key: String, required: Bool = true) -> Int? {
        guard let number = required ? self.number(key) : optionalNumber(key) else { return nil }
        guard number.rounded() == number, abs(number) < 9_007_199_254_740_992 else {
            report(key, "expected a whole number, found \(CanonicalNumber.text(number))")
            return nil
        }
        return Int(number)
    }

    /// A string that must be one of the values format version 1 lists.
    package mutating func known<T: KnownValue>(_ key: String, _ type: T.Type, required: Bool = true) -> T? {
        guard let raw = required ? string(key) : optionalString(key) else { return nil }
        guard let value = T(rawValue: raw), value.isKnown else {
            report(key, "unknown \(T.valueName) '\(raw)'; expected one of \(T.knownList)")
            return nil
        }
        return value
    }

    /// A nested object read with its own reader, whose problems are kept.
    package mutating func nested<T>(_ key: String, required: Bool = true, _ read: (inout FieldReader) -> T?) -> T? {
        guard let value = value(key, required: required) else { return nil }
        if !required, value == .null { return nil }
        guard var reader = FieldReader(value, path: path.appending(key), problems: &problems) else { return nil }
        reader.allowsUnknownFields = allowsUnknownFields
        let result = read(&reader)
        reader.finish()
        absorb(reader)
        return result
    }

    /// An array of objects, each read with its own reader.
    package mutating func nestedArray<T>(_ key: String, required: Bool = true, _ read: (inout FieldReader) -> T?) -> [T]? {
        guard let elements = required ? array(key) : optionalArray(key) else { return nil }
        var results: [T] = []
        var complete = true
        for (index, element) in elements.enumerated() {
            guard var reader = FieldReader(element, path: path.appending(key).appending(index: index), problems: &problems)
            else {
                complete = false
                continue
            }
            reader.allowsUnknownFields = allowsUnknownFields
            if let result = read(&reader) { results.append(result) } else { complete = false }
            reader.finish()
            absorb(reader)
        }
        return complete ? results : nil
    }

    /// Records a problem for every member nothing asked for.
    package mutating func finish() {
        guard !allowsUnknownFields, used.count < members.count else { return }
        for key in members.keys.sorted() where !used.contains(key) {
            problems.append(CassetteProblem(path: path.appending(key), message: "unknown field '\(key)'", isAboutKey: true))
        }
    }
}
