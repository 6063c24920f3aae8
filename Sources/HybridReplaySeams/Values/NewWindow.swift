/// The window the page asked for with `window.open(…, features)`, as
/// `WKWindowFeatures` reports it: each member is `nil` when the page did not say.
public struct WindowFeatures: Sendable, Hashable {
    /// The window's position and size, in points.
    public var x: Double?
    public var y: Double?
    public var width: Double?
    public var height: Double?
    /// Whether the menu bar, status bar and toolbars should show, and the window resize.
    public var menuBarVisibility: Bool?
    public var statusBarVisibility: Bool?
    public var toolbarsVisibility: Bool?
    public var allowsResizing: Bool?

    public init(
        x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil, menuBarVisibility: Bool? = nil,
        statusBarVisibility: Bool? = nil, toolbarsVisibility: Bool? = nil, allowsResizing: Bool? = nil
    ) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.menuBarVisibility = menuBarVisibility
        self.statusBarVisibility = statusBarVisibility
        self.toolbarsVisibility = toolbarsVisibility
        self.allowsResizing = allowsResizing
    }
}

/// The page asks for a new window (`webView(_:createWebViewWith:for:windowFeatures:)`),
/// for a `target="_blank"` link or `window.open`.
public struct NewWindowRequest: Sendable, Hashable {
    /// The navigation the new window is for; its `targetFrame` is `nil`.
    public var action: NavigationAction
    public var windowFeatures: WindowFeatures

    public init(action: NavigationAction, windowFeatures: WindowFeatures = WindowFeatures()) {
        self.action = action
        self.windowFeatures = windowFeatures
    }
}

/// What the UI delegate returned for a new-window request: a web view, or
/// `nil`, which tells WebKit not to open the window.
public struct NewWindowResult: Sendable, Hashable {
    /// Whether the delegate returned a web view.
    public var returnedWebView: Bool

    public init(returnedWebView: Bool) { self.returnedWebView = returnedWebView }
}
