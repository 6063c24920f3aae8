import Foundation

/// Runs `body` on the main actor, where WebKit must be called.
///
/// The seams are not isolated; WebKit's classes, delegates and completion
/// handlers are `@MainActor`. On the main thread `body` runs at once, so a
/// call's effect is observed in the order app code made it; elsewhere it is
/// queued on the main queue, which keeps calls from one thread in order
/// (a `Task { @MainActor in … }` would not promise that).
package func performOnMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated { body() }
    } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }
}
