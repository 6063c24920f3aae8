import Foundation

/// The volatile values bound so far in one replay: each recorded value to the
/// actual value that stands for it, both ways, so a binding is one-to-one.
struct PlaceholderBindings: Sendable {
    struct Binding: Sendable, Hashable {
        var actual: String
        /// The cassette event whose value made the binding.
        var eventID: Int
        var kind: String
    }

    private(set) var byRecorded: [String: Binding] = [:]
    private(set) var byActual: [String: String] = [:]

    enum Segment: Equatable {
        case literal(Substring)
        case volatile(String, kind: Int)
    }

    static func segments(of text: String, placeholders: Placeholders) -> [Segment] {
        var claimed: [(Range<String.Index>, Int)] = []
        for (kind, value) in placeholders.values.enumerated() {
            for range in value.find(text) where !claimed.contains(where: { $0.0.overlaps(range) }) {
                claimed.append((range, kind))
            }
        }
        guard !claimed.isEmpty else { return [.literal(text[...])] }
        claimed.sort { $0.0.lowerBound < $1.0.lowerBound }
        var segments: [Segment] = []
        var index = text.startIndex
        for (range, kind) in claimed {
            if index < range.lowerBound { segments.append(.literal(text[index..<range.lowerBound])) }
            segments.append(.volatile(String(text[range]), kind: kind))
            index = range.upperBound
        }
        if index < text.endIndex { segments.append(.literal(text[index...])) }
        return segments
    }

    /// Matches `actual` against the recorded `expected`, binding its volatile
    /// values; returns why it does not match, leaving the bindings unchanged.
    mutating func match(
        expected: String, actual: String, eventID: Int, placeholders: Placeholders
    ) -> String? {
        let segments = Self.segments(of: expected, placeholders: placeholders)
        if case .literal = segments.first, segments.count == 1 {
            return expected == actual ? nil : ""
        }
        var trial = self
        var rest = actual[...]
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return "" }
                rest = rest.dropFirst(literal.count)
            case .volatile(let recorded, let kind):
                let value = placeholders.values[kind]
                let taken: Substring
                if let length = value.length {
                    guard let count = length(rest) else { return "expected a \(value.name) where \(recorded) was recorded" }
                    taken = rest.prefix(count)
                } else if position + 1 < segments.count, case .literal(let next) = segments[position + 1] {
                    guard let end = rest.range(of: next)?.lowerBound else { return "" }
                    taken = rest[..<end]
                } else {
                    taken = rest
                }
                rest = rest.dropFirst(taken.count)
                if let problem = trial.bind(recorded: recorded, actual: String(taken), eventID: eventID, kind: value.name) {
                    return problem
                }
            }
        }
        guard rest.isEmpty else { return "" }
        self = trial
        return nil
    }

    /// Binds `recorded` to `actual`, or says why it cannot.
    mutating func bind(recorded: String, actual: String, eventID: Int, kind: String) -> String? {
        // An unnumbered placeholder names no particular value, so it binds to nothing.
        if recorded == SecretScanner.redactedPlaceholder { return nil }
        if let existing = byRecorded[recorded] {
            if existing.actual == actual { return nil }
            return "the \(kind) recorded as \(quoted(recorded)) was bound to \(quoted(existing.actual)) by event \(existing.eventID)"
        }
        if let other = byActual[actual], other != recorded {
            return "\(quoted(actual)) already stands for the recorded \(kind) \(quoted(other)), bound by event \(byRecorded[other]?.eventID ?? eventID)"
        }
        byRecorded[recorded] = Binding(actual: actual, eventID: eventID, kind: kind)
        byActual[actual] = recorded
        return nil
    }

    /// `recorded` with its volatile values replaced by what they are bound to;
    /// unbound values are played back as recorded and bound to themselves.
    mutating func substitute(_ recorded: String, eventID: Int, placeholders: Placeholders) -> String {
        let segments = Self.segments(of: recorded, placeholders: placeholders)
        if case .literal = segments.first, segments.count == 1 { return recorded }
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let literal):
                result += literal
            case .volatile(let value, let kind):
                if let bound = byRecorded[value] {
                    result += bound.actual
                } else {
                    _ = bind(recorded: value, actual: value, eventID: eventID, kind: placeholders.values[kind].name)
                    result += value
                }
            }
        }
        return result
    }

    /// `actual` with every bound actual value put back to its recorded form,
    /// so traces of different runs compare equal when only volatile values differ.
    func normalize(_ actual: String) -> String {
        var text = actual
        for (value, recorded) in byActual.sorted(by: { ($0.key.count, $0.key) > ($1.key.count, $1.key) })
        where value != recorded && !value.isEmpty {
            text = text.replacingOccurrences(of: value, with: recorded)
        }
        return text
    }

    private func quoted(_ text: String) -> String { JSONValue.string(text).description }
}
