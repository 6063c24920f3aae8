import Foundation

/// A value that many tasks and threads read and change, one at a time.
///
/// The recorder's seam wrappers are called from WebKit's main thread, from
/// URLSession's delegate queue and from any task the app code starts; an
/// `NSLock` serializes them without requiring `async` at every call site,
/// which the synchronous seam methods (such as `didReceive(_:)`) need.
/// `Synchronization.Mutex` would do the same but needs macOS 15.
final class RecorderLock<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// - Parameter body: Reads or changes the value; must not call back into
    ///   this lock, which is not recursive.
    /// - Returns: What `body` returns.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The current value.
    var current: Value {
        withLock { $0 }
    }
}
