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
        _ expectation: String, deadline: Duration = .seconds(60), found: @autoclosure () -> String = "",
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

/// The JSON string literal `literal` stands for, read by Foundation's
/// `JSONDecoder`, which accepts every JSON escape, `\/` included, and keeps
/// every scalar (`JSONSerialization` drops a U+FEFF even inside a string).
func jsonString(from literal: String) throws -> String {
    try JSONDecoder().decode(String.self, from: Data(literal.utf8))
}

/// Whether `text` holds the two scalars `<` and `/` next to each other,
/// whatever grapheme clusters they sit in.
func containsEndTagOpener(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return zip(scalars, scalars.dropFirst()).contains { $0 == "<" && $1 == "/" }
}

/// The scalars JavaScript source treats as line terminators.
let javaScriptLineTerminators: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}"]

extension Array {
    /// The single element, or `nil` when there are none or several.
    var onlyElement: Element? { count == 1 ? first : nil }
}

/// The function name and string arguments of a call such as
/// `executePromise("g", "data")`, each argument read back as JSON.
func stringCall(_ script: String) throws -> (name: String, arguments: [String]) {
    guard let open = script.firstIndex(of: "("), script.hasSuffix(")") else {
        throw UnexpectedScript(description: "expected a call such as f(\"a\", \"b\"), found \(script)")
    }
    let name = String(script[..<open])
    let arguments = script[script.index(after: open)..<script.index(before: script.endIndex)]
    return (name, try JSONDecoder().decode([String].self, from: Data("[\(arguments)]".utf8)))
}

/// A script that is not the call a test expects.
struct UnexpectedScript: Error, CustomStringConvertible {
    var description: String
}

/// A transport whose every request fails before reaching a server.
struct FailingTransport: HTTPTransport {
    var error: HTTPTransportError
    let attempts = SharedBox<[HTTPRequest]>([])

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        attempts.update { $0.append(request) }
        throw error
    }
}
