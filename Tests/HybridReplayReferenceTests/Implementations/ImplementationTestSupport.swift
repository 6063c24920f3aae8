import Foundation
import HybridReplay
import Testing

/// Waits for work the implementations do in tasks of their own, without
/// measuring time: it checks a condition in small steps until a generous deadline.
enum Poll {
    /// A condition that did not become true before the deadline.
    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }

    /// Returns as soon as `condition` holds; throws, naming `expectation`,
    /// what was found and where the wait was, when it still does not after `deadline`.
    ///
    /// - Parameters:
    ///   - expectation: What the test waits for, as a phrase ("the web view evaluated one script").
    ///   - deadline: How long to keep checking; generous, since it only matters when a test fails.
    ///   - found: What there is instead, for the failure message.
    ///   - condition: Checked every few milliseconds.
    static func until(
        _ expectation: String, deadline: Duration = .seconds(10), found: @autoclosure () -> String = "",
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        while !condition() {
            guard clock.now < end else {
                let detail = found()
                throw TimedOut(
                    description: "timed out after \(deadline) waiting until \(expectation)"
                        + (detail.isEmpty ? "" : "; found \(detail)") + " (\(sourceLocation))")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// A value several tasks write to and a test reads.
final class SharedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    var current: Value { lock.withLock { value } }

    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}

/// The JSON string literal `literal` stands for, read by Foundation's JSON
/// parser, which accepts every JSON escape, `\/` included.
func jsonString(from literal: String) throws -> String {
    let parsed = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed])
    guard let text = parsed as? String else {
        throw NotAString(description: "expected a JSON string literal, found \(literal)")
    }
    return text
}

/// A literal that parsed as JSON, but not as a string.
struct NotAString: Error, CustomStringConvertible {
    var description: String
}

/// Whether `text` holds the two scalars `<` and `/` next to each other,
/// whatever grapheme clusters they sit in.
func containsEndTagOpener(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return zip(scalars, scalars.dropFirst()).contains { $0 == "<" && $1 == "/" }
}

/// The scalars JavaScript source treats as line terminators.
let javaScriptLineTerminators: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}"]
