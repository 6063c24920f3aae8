/// Playing back the navigation lifecycle: the delegate callbacks that only inform.
extension ReplayEngine {
    /// Whether `payload` is a lifecycle callback: one the delegate is told
    /// about and does not answer.
    static func isLifecycle(_ payload: any EventPayload) -> Bool {
        payload is NavigationStart || payload is NavigationCommit || payload is NavigationFinish
            || payload is NavigationFailure || payload is WebContentProcessTermination
    }

    /// Calls the delegate method WebKit calls for `payload`.
    @MainActor static func deliverLifecycle(_ payload: any EventPayload, to delegate: any NavigationDelegate) {
        switch payload {
        case let start as NavigationStart: delegate.didStartProvisionalNavigation(start)
        case let commit as NavigationCommit: delegate.didCommit(commit)
        case let finish as NavigationFinish: delegate.didFinish(finish)
        case let failure as NavigationFailure where failure.phase == .provisional:
            delegate.didFailProvisionalNavigation(failure)
        case let failure as NavigationFailure: delegate.didFail(failure)
        case is WebContentProcessTermination: delegate.webContentProcessDidTerminate()
        default: return
        }
    }
}
