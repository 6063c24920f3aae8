/// The frame a script message or a navigation came from or goes to.
public struct Frame: Sendable, Hashable {
    /// Whether this is the page's main frame rather than an iframe.
    public var isMainFrame: Bool
    /// The frame's URL, when known.
    public var url: String?
    /// The origin of the frame's content (`WKFrameInfo.securityOrigin`), when known.
    public var securityOrigin: SecurityOrigin?

    public init(isMainFrame: Bool, url: String? = nil, securityOrigin: SecurityOrigin? = nil) {
        self.isMainFrame = isMainFrame
        self.url = url
        self.securityOrigin = securityOrigin
    }

    /// The main frame, at an optional URL.
    public static func main(_ url: String? = nil) -> Frame { Frame(isMainFrame: true, url: url) }
}
