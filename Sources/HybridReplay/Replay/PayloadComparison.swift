/// Compares an effect that happened with a recorded one, field by field,
/// binding volatile values as it goes.
struct PayloadComparison {
    var placeholders: Placeholders
    /// The recorded event, named in the bindings it makes.
    var eventID: Int

    /// A payload as a tree whose objects keep their canonical key order.
    indirect enum Tree: Equatable, Sendable {
        case scalar(JSONValue)
        case object([(String, Tree)])
        case array([Tree])

        static func == (lhs: Tree, rhs: Tree) -> Bool {
            switch (lhs, rhs) {
            case (.scalar(let left), .scalar(let right)): left == right
            case (.array(let left), .array(let right)): left == right
            case (.object(let left), .object(let right)):
                left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: false
            }
        }

        init(_ node: CanonicalNode) {
            switch node {
            case .value(let value): self.init(value)
            case .object(let members): self = .object(members.map { ($0.0, Tree($0.1)) })
            case .array(let elements): self = .array(elements.map(Tree.init))
            }
        }

        init(_ value: JSONValue) {
            switch value {
            case .object(let members):
                self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, Tree($0.value)) })
            case .array(let elements):
                self = .array(elements.map(Tree.init))
            default:
                self = .scalar(value)
            }
        }

        var json: JSONValue {
            switch self {
            case .scalar(let value): value
            case .object(let members): .object(Dictionary(members.map { ($0.0, $0.1.json) }, uniquingKeysWith: { a, _ in a }))
            case .array(let elements): .array(elements.map(\.json))
            }
        }

        var text: String { CanonicalPrinter.compactText(json) }
    }

    static func tree(of payload: any EventPayload) -> Tree { Tree(EventCoding.payloadNode(payload)) }

    /// The differences between `expected` and `actual`, as a report shows
    /// them (see ``shown(_:expected:actual:)``); on a match the bindings are
    /// extended, otherwise they are left as they were.
    func differences(expected: any EventPayload, actual: any EventPayload, bindings: inout PlaceholderBindings)
        -> [FieldDifference]
    {
        Self.shown(comparedDifferences(expected: expected, actual: actual, bindings: &bindings), expected: expected, actual: actual)
    }

    /// The differences between the compared forms of `expected` and `actual`.
    private func comparedDifferences(expected: any EventPayload, actual: any EventPayload, bindings: inout PlaceholderBindings)
        -> [FieldDifference]
    {
        if expected.kind != actual.kind {
            return [FieldDifference(path: "kind", expected: "\(expected.kind)", actual: "\(actual.kind)")]
        }
        return differences(
            expected: Expected(of: ComparedForm.of(expected), placeholders: placeholders),
            actual: Self.tree(of: ComparedForm.of(actual)), bindings: &bindings)
    }

    /// The differences between two payloads' trees; on a match the bindings
    /// are extended, otherwise they are left as they were.
    func differences(expected: Tree, actual: Tree, bindings: inout PlaceholderBindings) -> [FieldDifference] {
        differences(expected: Expected(expected, placeholders: placeholders), actual: actual, bindings: &bindings)
    }

    /// The differences between a prepared recorded tree and the tree of what happened.
    func differences(expected: Expected, actual: Tree, bindings: inout PlaceholderBindings) -> [FieldDifference] {
        var trial = bindings
        var found: [FieldDifference] = []
        var path = FieldPath()
        compare(expected, actual, path: &path, bindings: &trial, into: &found)
        if found.isEmpty { bindings = trial }
        return found
    }

    /// Compares `expected` with `actual` at `path`, which it extends while it
    /// looks deeper and leaves as it found it.
    private func compare(
        _ expected: Expected, _ actual: Tree, path: inout FieldPath, bindings: inout PlaceholderBindings,
        into found: inout [FieldDifference]
    ) {
        switch (expected, actual) {
        case (.object(let recorded), .object(let happened)):
            if Self.sameDistinctKeys(recorded, happened) {
                // Each recorded key meets the one happened member of that key, in the same order.
                for ((key, value), (_, other)) in zip(recorded, happened) {
                    path.components.append(.key(key))
                    compare(value, other, path: &path, bindings: &bindings, into: &found)
                    path.components.removeLast()
                }
                return
            }
            let happenedByKey = Dictionary(happened.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            let recordedKeys = Set(recorded.map(\.0))
            for (key, value) in recorded {
                path.components.append(.key(key))
                if let other = happenedByKey[key] {
                    compare(value, other, path: &path, bindings: &bindings, into: &found)
                } else {
                    found.append(FieldDifference(path: path.description, expected: value.text, actual: nil))
                }
                path.components.removeLast()
            }
            for (key, value) in happened where !recordedKeys.contains(key) {
                found.append(FieldDifference(path: path.appending(.key(key)).description, expected: nil, actual: value.text))
            }
        case (.array(let recorded), .array(let happened)):
            func pair(_ step: FieldPath.Component, _ left: Expected?, _ right: Tree?) {
                path.components.append(step)
                defer { path.components.removeLast() }
                switch (left, right) {
                case (let left?, let right?):
                    compare(left, right, path: &path, bindings: &bindings, into: &found)
                case (let left?, nil):
                    found.append(FieldDifference(path: path.description, expected: left.text, actual: nil))
                case (nil, let right?):
                    found.append(FieldDifference(path: path.description, expected: nil, actual: right.text))
                case (nil, nil):
                    break
                }
            }
            // Header lines of different names are in no meaningful order (a `URLRequest` keeps
            // them in a dictionary): each recorded line meets the happened line of its name and
            // place among that name's lines. Other arrays pair up by position.
            if path.components.last == .key("headers"), let pairs = Self.headerPairs(recorded, happened) {
                for (step, left, right) in pairs { pair(step, left, right) }
            } else {
                // Which elements differ, to read two that changed places as one swap.
                var differing: [(index: Int, from: Int)] = []
                for index in 0..<max(recorded.count, happened.count) {
                    let before = found.count
                    pair(.index(index), index < recorded.count ? recorded[index] : nil, index < happened.count ? happened[index] : nil)
                    if found.count > before { differing.append((index, before)) }
                }
                readingSwap(in: &found, differing: differing, recorded, happened, path: path, bindings: bindings)
            }
        case (.string(let recorded, let segments), .scalar(.string(let happened))):
            let problem: String?
            if isHeaderName(path) {
                problem = recorded.lowercased() == happened.lowercased() ? nil : ""
            } else {
                problem = bindings.match(
                    expected: recorded, segments: segments, actual: happened, eventID: eventID, placeholders: placeholders)
            }
            if let problem {
                if let inside = objectDifferences(recorded, segments: segments, happened, path: &path, bindings: bindings) {
                    found += inside
                } else {
                    found.append(
                        FieldDifference(path: path.description, expected: expected.text, actual: actual.text, note: problem))
                }
            }
        case (.string(_, let segments), .scalar):
            // A redacted number or boolean is recorded as its placeholder string.
            if let problem = bindings.match(
                segments: segments, nonString: actual.text, eventID: eventID, placeholders: placeholders)
            {
                found.append(
                    FieldDifference(path: path.description, expected: expected.text, actual: actual.text, note: problem))
            }
        default:
            let recorded = expected.tree
            if recorded != actual {
                found.append(FieldDifference(path: path.description, expected: recorded.text, actual: actual.text))
            }
        }
    }

    /// Two elements of an array that changed places — a merge in completion
    /// order where the recording had a fixed one — as one difference
    /// rather than each field of both; `nil` unless each element at `first`
    /// and `second` is what the recording has at the other.
    private func swapped(
        _ recorded: [Expected], _ happened: [Tree], _ first: Int, _ second: Int, path: FieldPath, bindings: PlaceholderBindings
    ) -> FieldDifference? {
        func same(_ expected: Expected, _ actual: Tree) -> Bool {
            var scratch = bindings
            var scratchPath = path
            var differences: [FieldDifference] = []
            compare(expected, actual, path: &scratchPath, bindings: &scratch, into: &differences)
            return differences.isEmpty
        }
        guard same(recorded[first], happened[second]), same(recorded[second], happened[first]) else { return nil }
        return FieldDifference(
            path: "\(path.appending(.index(first))) and \(path.appending(.index(second)))",
            expected: recorded[first].text, actual: happened[first].text,
            note: "swapped: each holds what the recording has at the other")
    }

    /// Where two scripts differ only inside the JSON values they hold (a
    /// bridge's `resolve('p1', {…})` or `renderClasses([{…}, …])`, written by
    /// `JSONEncoder`), the differences inside those values, at
    /// `script.json[n]` and below, as a reply's value is reported; `nil` when
    /// the text around the values differs too, or the values do not show the
    /// difference. The values are ``EmbeddedJSON/documents(in:)``: an array
    /// is one value, so an element fewer reads as a missing element.
    ///
    /// Volatile values and placeholders in the recorded script (`segments`)
    /// are matched where they stand: in the text around the values as in the
    /// script's text, inside a value's strings as a reply's strings are, so a
    /// timestamp or callback id bound as it should be is no difference. A
    /// recorded value with one in a key is left to the text, as keys are
    /// compared as they are.
    ///
    /// The scripts are the compared forms, whose objects are written with
    /// sorted keys: the character where those differ is in no script either
    /// side wrote, and an object's own difference reads as `sheets: expected
    /// 21, found 20`.
    private func objectDifferences(
        _ recorded: String, segments: [PlaceholderBindings.Segment], _ happened: String, path: inout FieldPath,
        bindings: PlaceholderBindings
    ) -> [FieldDifference]? {
        guard path.components.last == .key("script") else { return nil }
        let old = EmbeddedJSON.documents(in: recorded)
        guard !old.documents.isEmpty else { return nil }
        let new = EmbeddedJSON.documents(in: happened)
        guard old.documents.count == new.documents.count else { return nil }
        var around = bindings
        if segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            guard old.around == new.around else { return nil }
        } else {
            guard around.match(expected: old.around, actual: new.around, eventID: eventID, placeholders: placeholders) == nil
            else { return nil }
        }
        let lefts = old.documents.map { Expected(Tree($0), placeholders: placeholders) }
        guard !lefts.contains(where: hasVolatileKey) else { return nil }
        let rights = new.documents.map { Tree($0) }
        var trial = around
        var found: [FieldDifference] = []
        path.components.append(.key("json"))
        defer { path.components.removeLast() }
        var differing: [(index: Int, from: Int)] = []
        for index in lefts.indices {
            let before = found.count
            path.components.append(.index(index))
            compare(lefts[index], rights[index], path: &path, bindings: &trial, into: &found)
            path.components.removeLast()
            if found.count > before { differing.append((index, before)) }
        }
        readingSwap(in: &found, differing: differing, lefts, rights, path: path, bindings: around)
        return found.isEmpty ? nil : found
    }

    /// Whether a key of an object in `value`, at any depth, holds a volatile value or placeholder.
    private func hasVolatileKey(_ value: Expected) -> Bool {
        switch value {
        case .object(let members):
            members.contains { key, member in
                PlaceholderBindings.segments(of: key, placeholders: placeholders).contains {
                    if case .literal = $0 { false } else { true }
                } || hasVolatileKey(member)
            }
        case .array(let elements): elements.contains(where: hasVolatileKey)
        case .string, .scalar: false
        }
    }

    /// Replaces the differences of exactly two elements that changed places
    /// (``swapped(_:_:_:_:path:bindings:)``) with one; `differing` holds each
    /// differing element's index and where its differences start in `found`.
    private func readingSwap(
        in found: inout [FieldDifference], differing: [(index: Int, from: Int)], _ recorded: [Expected], _ happened: [Tree],
        path: FieldPath, bindings: PlaceholderBindings
    ) {
        guard recorded.count == happened.count, differing.count == 2,
            let swap = swapped(recorded, happened, differing[0].index, differing[1].index, path: path, bindings: bindings)
        else { return }
        found.removeSubrange(differing[0].from...)
        found.append(swap)
    }

    /// Whether two objects have the same keys in the same order, none of them
    /// twice: then the members pair up by position exactly as they do by key.
    /// A repeated key pairs every recorded member with the first happened
    /// member of its key, which position does not, so it takes the general way.
    static func sameDistinctKeys(_ recorded: [(String, Expected)], _ happened: [(String, Tree)]) -> Bool {
        guard recorded.count == happened.count, recorded.count <= 32 else { return false }
        for index in recorded.indices {
            let key = recorded[index].0
            guard key == happened[index].0 else { return false }
            for earlier in 0..<index where recorded[earlier].0 == key { return false }
        }
        return true
    }

    /// HTTP header names compare without regard to case.
    private func isHeaderName(_ path: FieldPath) -> Bool {
        let components = path.components
        guard components.count >= 3, case .key("name") = components[components.count - 1] else { return false }
        if case .header = components[components.count - 2] { return true }
        guard case .key("headers") = components[components.count - 3] else { return false }
        return true
    }

    /// Two header lists paired by name, compared without regard to case: the
    /// recorded lines in their order, each with the happened line of its name
    /// and place among that name's lines (or none), then the happened lines
    /// left over; `nil` when either list holds anything but `{"name", "value"}`
    /// objects. A step names its header, with its place when either list
    /// repeats the name.
    private static func headerPairs(_ recorded: [Expected], _ happened: [Tree])
        -> [(FieldPath.Component, Expected?, Tree?)]?
    {
        var old: [String] = []
        for element in recorded {
            guard case .object(let members) = element, members.count == 2, members[0].0 == "name",
                case .string(let name, _) = members[0].1, members[1].0 == "value"
            else { return nil }
            old.append(name)
        }
        guard let new = EventFields.namedHeaders(happened)?.map(\.0) else { return nil }
        var oldCounts: [String: Int] = [:]
        for name in old { oldCounts[name.lowercased(), default: 0] += 1 }
        var newLines: [String: [Int]] = [:]
        for (index, name) in new.enumerated() { newLines[name.lowercased(), default: []].append(index) }
        func step(_ name: String, _ occurrence: Int) -> FieldPath.Component {
            let key = name.lowercased()
            let repeats = (oldCounts[key] ?? 0) > 1 || (newLines[key]?.count ?? 0) > 1
            return .header(name, occurrence: repeats ? occurrence : nil)
        }
        var pairs: [(FieldPath.Component, Expected?, Tree?)] = []
        var seen: [String: Int] = [:]
        var paired = Set<Int>()
        for (index, name) in old.enumerated() {
            let key = name.lowercased()
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let match = newLines[key].flatMap { occurrence < $0.count ? $0[occurrence] : nil }
            if let match { paired.insert(match) }
            pairs.append((step(name, occurrence), recorded[index], match.map { happened[$0] }))
        }
        for (index, name) in new.enumerated() where !paired.contains(index) {
            let occurrence = newLines[name.lowercased()]?.firstIndex(of: index) ?? 0
            pairs.append((step(name, occurrence), nil, happened[index]))
        }
        return pairs
    }

    /// How far apart two payloads are, for choosing the nearest candidate.
    func distance(expected: any EventPayload, actual: any EventPayload, bindings: PlaceholderBindings) -> Int {
        var scratch = bindings
        let count = comparedDifferences(expected: expected, actual: actual, bindings: &scratch).count
        return expected.kind == actual.kind ? count : 1000 + count
    }
}
