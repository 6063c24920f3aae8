/// A seam a ``Platform`` was built without: what it says when app code
/// touches it, and which calls did.
///
/// `Platform(transport:cookieStore:)` fills every seam not passed with a
/// stand-in holding one of these. A call that can fail — one with a
/// completion handler, or one that throws — fails with ``message(for:)``.
/// A call that cannot (`routes.show(_:)`, `webView.add(_:name:)`, a
/// property) has no channel back to the caller, and the seams layer may not
/// stop the app. So every call is remembered here, and a recording over the
/// platform refuses to write and lists them (see `Recorder.write(to:)`).
@usableFromInline package final class UnavailableSeam: Sendable {
    /// The seam as `Platform`'s initialiser labels it, such as `webView`.
    package let name: String
    private let calls = Locked<[String]>([])

    @usableFromInline package init(_ name: String) { self.name = name }

    /// What a call to the missing seam says, naming the seam and how to pass one.
    ///
    /// - Parameter call: The call, such as `load(_:)`.
    package func message(for call: String) -> String {
        "this Platform has no \(name) (\(name).\(call) was called): pass one to Platform(\(name):…)"
    }

    /// Remembers `call` (once, however often it is made) and returns its ``message(for:)``.
    @discardableResult
    package func touch(_ call: String) -> String {
        calls.withLock { calls in
            if !calls.contains(call) { calls.append(call) }
        }
        return message(for: call)
    }

    /// The message of every distinct call made, in the order first made.
    package var touches: [String] { calls.current.map(message(for:)) }
}

/// A stand-in for a seam the platform was built without.
package protocol UnavailableSeamStandIn: Sendable {
    var unavailable: UnavailableSeam { get }
}

extension Platform {
    /// The stand-ins for the seams this platform was built without.
    package var unavailableSeams: [UnavailableSeam] {
        let seams: [Any] = [webView, routes, transport, cookieStore, locationManager, locationOutput, custom]
        return seams.compactMap { ($0 as? any UnavailableSeamStandIn)?.unavailable }
    }
}
