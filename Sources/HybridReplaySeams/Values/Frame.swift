import Foundation

/// The frame a script message or a navigation came from or goes to.
public struct Frame: Sendable, Hashable {
    /// Whether this is the page's main frame rather than an iframe.
    public var isMainFrame: Bool
    /// The frame's URL as the cassette records it, when known.
    public var urlString: String?
    /// The origin of the frame's content (`WKFrameInfo.securityOrigin`), when known.
    public var securityOrigin: SecurityOrigin?

    public init(isMainFrame: Bool, url: String? = nil, securityOrigin: SecurityOrigin? = nil) {
        self.isMainFrame = isMainFrame
        self.urlString = url
        self.securityOrigin = securityOrigin
    }

    /// The main frame, at an optional URL.
    public static func main(_ url: String? = nil) -> Frame { Frame(isMainFrame: true, url: url) }

    /// The request the frame loaded, as `WKFrameInfo.request`: its `url` is
    /// `nil` when the frame's URL is not known.
    public var request: HTTPRequest { HTTPRequest(url: urlString ?? "") }
}
