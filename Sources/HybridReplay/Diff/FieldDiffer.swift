/// Compares two payload trees field by field for ``CassetteDiff``.
///
/// Strings are split into literal text and volatile values as replay splits
/// them, old standing for
/// recorded and new for actual, so a volatile value renamed the same way
/// everywhere is no change and one renamed two ways is. Headers are keyed by
/// name, without regard to case, and arrays of other values are aligned, so
/// an element inserted into a JSON array is one change.
struct FieldDiffer {
    var placeholders: Placeholders
    /// The volatile values renamed so far, across the whole cassette.
    var renaming = VolatileRenaming()

    /// Whether numbers may be volatile values too: only values a cassette declares are.
    private let numbersMayBeVolatile: Bool

    init(placeholders: Placeholders) {
        self.placeholders = placeholders
        numbersMayBeVolatile = placeholders.declaresValues
    }

    /// The fields that differ between `old` and `new`.
    mutating func changes(_ old: PayloadComparison.Tree, _ new: PayloadComparison.Tree) -> [FieldChange] {
        var found: [FieldChange] = []
        compare(old, new, path: FieldPath(), into: &found)
        return found
    }

    private mutating func compare(_ old: PayloadComparison.Tree, _ new: PayloadComparison.Tree, path: FieldPath, into found: inout [FieldChange]) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            // Members are copied out by iteration: some other ways of reading an array of tuples
            // holding the recursive tree send Swift 6.3's per-file type checker into a circular reference.
            var beforeKeys: [String] = []
            var beforeValues: [PayloadComparison.Tree] = []
            var afterKeys: [String] = []
            var afterValues: [PayloadComparison.Tree] = []
            for member in before {
                beforeKeys.append(member.0)
                beforeValues.append(member.1)
            }
            for member in after {
                afterKeys.append(member.0)
                afterValues.append(member.1)
            }
            if beforeKeys == afterKeys {
                // The usual case, the same members in the same order: no lookups.
                for index in beforeKeys.indices {
                    compareMember(beforeKeys[index], beforeValues[index], afterValues[index], path: path, into: &found)
                }
                return
            }
            let beforeByKey = Dictionary(zip(beforeKeys, beforeValues), uniquingKeysWith: { first, _ in first })
            let afterByKey = Dictionary(zip(afterKeys, afterValues), uniquingKeysWith: { first, _ in first })
            for key in Self.mergedKeys(beforeKeys, afterKeys) {
                let keyPath = path.appending(.key(key))
                if let value = beforeByKey[key], let other = afterByKey[key] {
                    compareMember(key, value, other, path: path, into: &found)
                } else if let value = beforeByKey[key] {
                    found.append(FieldChange(path: keyPath.description, old: value.json, new: nil))
                } else if let value = afterByKey[key] {
                    found.append(FieldChange(path: keyPath.description, old: nil, new: value.json))
                }
            }
        case (.array(let before), .array(let after)):
            compareArrays(before, after, path: path, into: &found)
        case (.scalar(.string(let before)), .scalar(.string(let after))):
            if before == after, !mayHoldVolatileValues(before) { return }
            if !renaming.match(before, after, placeholders: placeholders) {
                found.append(FieldChange(path: path.description, old: old.json, new: new.json))
            }
        case (.scalar(.number), .scalar(.number)) where numbersMayBeVolatile:
            // A declared field may hold a number, such as a counter's value.
            let before = old.text
            let after = new.text
            if before == after, !mayHoldVolatileValues(before) { return }
            if !renaming.match(before, after, placeholders: placeholders) {
                found.append(FieldChange(path: path.description, old: old.json, new: new.json))
            }
        default:
            if old != new { found.append(FieldChange(path: path.description, old: old.json, new: new.json)) }
        }
    }

    private mutating func compareMember(
        _ key: String, _ old: PayloadComparison.Tree, _ new: PayloadComparison.Tree, path: FieldPath, into found: inout [FieldChange]
    ) {
        let keyPath = path.appending(.key(key))
        if key == "headers", let oldHeaders = Self.headers(old), let newHeaders = Self.headers(new) {
            compareHeaders(oldHeaders, newHeaders, path: keyPath, into: &found)
        } else {
            compare(old, new, path: keyPath, into: &found)
        }
    }

    /// The keys of both objects in the new object's order, each key only in
    /// the old one placed after the key that preceded it there.
    static func mergedKeys(_ old: [String], _ new: [String]) -> [String] {
        let inNew = Set(new)
        var removedAfter: [String?: [String]] = [:]
        var previous: String?
        for key in old {
            if inNew.contains(key) { previous = key } else { removedAfter[previous, default: []].append(key) }
        }
        var merged = removedAfter[nil] ?? []
        for key in new { merged += [key] + (removedAfter[key] ?? []) }
        return merged
    }

    /// Whether a string needs the bindings even when it is unchanged: it may
    /// hold a volatile value that must keep standing for itself.
    private func mayHoldVolatileValues(_ text: String) -> Bool {
        !PlaceholderBindings.segments(of: text, placeholders: placeholders).allSatisfy {
            if case .literal = $0 { true } else { false }
        }
    }

    /// Equal-length arrays element by element; others aligned first, so an
    /// insertion shifts nothing.
    private mutating func compareArrays(_ old: [PayloadComparison.Tree], _ new: [PayloadComparison.Tree], path: FieldPath, into found: inout [FieldChange]) {
        if old.count == new.count {
            for index in old.indices { compare(old[index], new[index], path: path.appending(.index(index)), into: &found) }
            return
        }
        let matches = SequenceAlignment.matches(old.map { $0.text.hashValue }, new.map { $0.text.hashValue })
        var oldNext = 0
        var newNext = 0
        for (oldIndex, newIndex) in matches + [(old.count, new.count)] {
            // Within a gap, pair elements by position; the rest are removed or inserted.
            while oldNext < oldIndex, newNext < newIndex {
                compare(old[oldNext], new[newNext], path: path.appending(.index(newNext)), into: &found)
                oldNext += 1
                newNext += 1
            }
            while oldNext < oldIndex {
                found.append(FieldChange(path: path.appending(.index(oldNext)).description, old: old[oldNext].json, new: nil))
                oldNext += 1
            }
            while newNext < newIndex {
                found.append(FieldChange(path: path.appending(.index(newNext)).description, old: nil, new: new[newNext].json))
                newNext += 1
            }
            if oldIndex < old.count { compare(old[oldIndex], new[newIndex], path: path.appending(.index(newIndex)), into: &found) }
            oldNext = oldIndex + 1
            newNext = newIndex + 1
        }
    }

    /// Headers by name, case folded; a name that repeats, as `Set-Cookie`
    /// does, is compared occurrence by occurrence.
    private mutating func compareHeaders(
        _ old: [(name: String, value: String)], _ new: [(name: String, value: String)], path: FieldPath,
        into found: inout [FieldChange]
    ) {
        var names: [String] = []
        var oldValues: [String: [String]] = [:]
        var newValues: [String: [String]] = [:]
        var spelling: [String: String] = [:]
        for header in old + new {
            let key = header.name.lowercased()
            if spelling[key] == nil {
                spelling[key] = header.name
                names.append(key)
            }
        }
        for header in old { oldValues[header.name.lowercased(), default: []].append(header.value) }
        for header in new { newValues[header.name.lowercased(), default: []].append(header.value) }
        for key in names {
            let before = oldValues[key] ?? []
            let after = newValues[key] ?? []
            let single = before.count <= 1 && after.count <= 1
            for index in 0..<max(before.count, after.count) {
                let fieldPath = path.appending(.header(spelling[key] ?? key, occurrence: single ? nil : index))
                let old = index < before.count ? before[index] : nil
                let new = index < after.count ? after[index] : nil
                if let old, let new {
                    compare(.scalar(.string(old)), .scalar(.string(new)), path: fieldPath, into: &found)
                } else {
                    found.append(FieldChange(
                        path: fieldPath.description, old: old.map(JSONValue.string), new: new.map(JSONValue.string)))
                }
            }
        }
    }

    /// The headers in `tree`, when it is an array of name–value objects.
    private static func headers(_ tree: PayloadComparison.Tree) -> [(name: String, value: String)]? {
        guard case .array(let elements) = tree, let named = EventFields.namedHeaders(elements) else { return nil }
        return named.map { (name: $0.0, value: $0.1) }
    }
}

/// The volatile values one cassette renamed to those of another, both ways,
/// so a value renamed the same way everywhere is no change and one renamed
/// two ways is.
///
/// Bindings are updated in place: the replay's bindings copy themselves for
/// every trial, which a diff of 100,000 events cannot afford.
struct VolatileRenaming {
    private var newByOld: [String: String] = [:]
    private var oldByNew: [String: String] = [:]

    /// Whether `new` is `old` with its volatile values renamed consistently
    /// with every earlier match; the renamings are recorded only when it is.
    mutating func match(_ old: String, _ new: String, placeholders: Placeholders) -> Bool {
        let before = PlaceholderBindings.segments(of: old, placeholders: placeholders)
        let after = PlaceholderBindings.segments(of: new, placeholders: placeholders)
        guard before.count == after.count else { return false }
        var pairs: [(String, String, VolatileValue)] = []
        for (left, right) in zip(before, after) {
            switch (left, right) {
            case (.literal(let a), .literal(let b)):
                if a != b { return false }
            case (.volatile(let a, let kind), .volatile(let b, let otherKind)):
                guard kind == otherKind else { return false }
                pairs.append((a, b, placeholders.values[kind]))
            default:
                return false
            }
        }
        // Check every pair before recording any, so a mismatch leaves the renamings as they were.
        var added: [(String, String, Bool)] = []
        for (a, b, kind) in pairs {
            // An unnumbered placeholder names no particular value, so it stands for anything.
            if a == SecretScanner.redactedPlaceholder || b == SecretScanner.redactedPlaceholder { continue }
            let oldKey = kind.name + ":" + (kind.ignoresCase ? a.lowercased() : a)
            let newKey = kind.name + ":" + (kind.ignoresCase ? b.lowercased() : b)
            if let bound = newByOld[oldKey] ?? added.first(where: { $0.0 == oldKey })?.1 {
                if bound != newKey { return false }
                continue
            }
            if kind.isOneToOne, let other = oldByNew[newKey] ?? added.first(where: { $0.1 == newKey && $0.2 })?.0,
                other != oldKey
            {
                return false
            }
            added.append((oldKey, newKey, kind.isOneToOne))
        }
        for (oldKey, newKey, oneToOne) in added {
            newByOld[oldKey] = newKey
            if oneToOne { oldByNew[newKey] = oldKey }
        }
        return true
    }
}
