import Foundation
import HybridReplay

/// A value several tasks write to and a test reads, or waits on.
final class SharedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    private let waiters = ConditionWaiters()

    init(_ value: Value) { self.value = value }

    var current: Value { lock.withLock { value } }

    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        defer { waiters.changed() }
        return lock.withLock { body(&value) }
    }

    /// Waits until `condition` holds for the value, woken by each ``update(_:)``;
    /// the patience only ends a wait that never would.
    func wait(until expectation: String, _ condition: @escaping @Sendable (Value) -> Bool) async throws {
        try await waiters.wait(
            for: expectation, patience: .seconds(60), progress: { [self] in "found \(current)" },
            until: { [self] in condition(current) ? () : nil })
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
