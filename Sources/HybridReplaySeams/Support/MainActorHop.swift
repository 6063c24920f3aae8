import Foundation

/// Runs `body` on the main actor, where WebKit must be called.
///
/// WebKit's classes, delegates and completion handlers are `@MainActor`, and
/// CoreLocation calls its delegate on the main thread's run loop for a
/// manager made there; the seams' delegate requirements are `@MainActor` too.
/// On the main actor `body` runs at once, so a call's effect is observed in
/// the order app code made it; elsewhere it is queued on the main queue,
/// which keeps calls from one thread in order (a `Task { @MainActor in … }`
/// would not promise that).
package func performOnMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    if MainQueue.isCurrent {
        MainActor.assumeIsolated { body() }
    } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }
}

/// Runs `body` on the main actor and returns its result: at once on the main
/// actor, otherwise on the main queue while the caller waits.
///
/// For a simulated platform, whose test-facing calls (a page posting a
/// message, a location fix arriving) promise that app code has run when they
/// return, and whose app code is called where the real platform calls it.
package func runOnMainActor<T: Sendable, Failure: Error>(_ body: @MainActor () throws(Failure) -> T) throws(Failure) -> T {
    let result: Result<T, Failure>
    if MainQueue.isCurrent {
        result = MainActor.assumeIsolated { Result { () throws(Failure) -> T in try body() } }
    } else {
        result = DispatchQueue.main.sync { MainActor.assumeIsolated { Result { () throws(Failure) -> T in try body() } } }
    }
    return try result.get()
}

/// Whether code runs on the main queue (or the main thread), where the main actor runs its jobs.
///
/// On Linux an `async` entry point leaves the main thread to libdispatch,
/// which runs the main queue on a worker thread: `Thread.isMainThread` alone
/// would say no there. A value set on the main queue says yes wherever it runs.
package enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    package static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}
