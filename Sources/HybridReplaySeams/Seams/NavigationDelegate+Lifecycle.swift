/// Default, empty implementations of the navigation lifecycle callbacks, so
/// a delegate implements only those it needs, as with `WKNavigationDelegate`'s
/// optional methods.
extension NavigationDelegate {
    public func didStartProvisionalNavigation(_ navigation: NavigationStart) {}
    public func didCommit(_ navigation: NavigationCommit) {}
    public func didFinish(_ navigation: NavigationFinish) {}
    public func didFailProvisionalNavigation(_ failure: NavigationFailure) {}
    public func didFail(_ failure: NavigationFailure) {}
    public func webContentProcessDidTerminate() {}
}
