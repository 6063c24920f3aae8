/// Default, empty implementations of the navigation lifecycle callbacks, so
/// a delegate implements only those it needs, as with `WKNavigationDelegate`'s
/// optional methods.
extension NavigationDelegate {
    @MainActor public func didStartProvisionalNavigation(_ navigation: NavigationStart) {}
    @MainActor public func didCommit(_ navigation: NavigationCommit) {}
    @MainActor public func didFinish(_ navigation: NavigationFinish) {}
    @MainActor public func didFailProvisionalNavigation(_ failure: NavigationFailure) {}
    @MainActor public func didFail(_ failure: NavigationFailure) {}
    @MainActor public func webContentProcessDidTerminate() {}
}
