/// Collects an object's members in the order the canonical form prints them.
///
/// Each event type writes its fields in a fixed order, which is what makes
/// re-recorded cassettes diff cleanly.
package struct FieldWriter {
    private(set) var members: [(String, CanonicalNode)] = []

    package init() {}

    package mutating func write(_ key: String, _ node: CanonicalNode) { members.append((key, node)) }
    package mutating func write(_ key: String, _ value: JSONValue) { write(key, .value(value)) }
    package mutating func write(_ key: String, _ value: String) { write(key, .value(.string(value))) }
    package mutating func write(_ key: String, _ value: Bool) { write(key, .value(.bool(value))) }
    package mutating func write(_ key: String, _ value: Double) { write(key, .value(.number(value))) }
    package mutating func write(_ key: String, _ value: Int) { write(key, .value(.number(Double(value)))) }
    package mutating func write<T: KnownValue>(_ key: String, _ value: T) { write(key, value.rawValue) }

    // Optional values: the member is written only when there is a value.
    package mutating func write(_ key: String, _ value: String?) { if let value { write(key, value) } }
    package mutating func write(_ key: String, _ value: Double?) { if let value { write(key, value) } }
    package mutating func write(_ key: String, _ value: Int?) { if let value { write(key, value) } }
    package mutating func write(_ key: String, _ value: Bool?) { if let value { write(key, value) } }
    package mutating func write<T: KnownValue>(_ key: String, _ value: T?) { if let value { write(key, value) } }

    /// Writes a nested object built by `build`.
    package mutating func writeObject(_ key: String, _ build: (inout FieldWriter) -> Void) {
        var nested = FieldWriter()
        build(&nested)
        write(key, nested.node)
    }

    /// Writes an array of objects, each built by `build`.
    package mutating func writeArray<T>(_ key: String, _ elements: [T], _ build: (inout FieldWriter, T) -> Void) {
        let nodes = elements.map { element in
            var nested = FieldWriter()
            build(&nested, element)
            return nested.node
        }
        write(key, .array(nodes))
    }

    package var node: CanonicalNode { .object(members) }
}
