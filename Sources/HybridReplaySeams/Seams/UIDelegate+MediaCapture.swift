/// A page's request for the camera or microphone, which WebKit hands the UI
/// delegate when the page's script calls `navigator.mediaDevices.getUserMedia`
/// (`webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)`).
///
/// The seam keeps what a delegate reads: the origin that asks, the frame
/// whose script asked, and which devices it wants.
public struct MediaCaptureRequest: Sendable, Hashable {
    /// The origin that asks (`WKSecurityOrigin`): scheme, host and port.
    public var origin: SecurityOrigin
    /// The frame whose script asked; an iframe's origin can differ from the page's.
    public var frame: Frame
    /// The devices the page wants.
    public var type: MediaCaptureType

    public init(origin: SecurityOrigin, frame: Frame, type: MediaCaptureType) {
        self.origin = origin
        self.frame = frame
        self.type = type
    }
}

/// Which capture devices a page asks for: `WKMediaCaptureType`.
public struct MediaCaptureType: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `WKMediaCaptureType.camera`: video only.
    public static let camera = MediaCaptureType(rawValue: "camera")
    /// `WKMediaCaptureType.microphone`: audio only.
    public static let microphone = MediaCaptureType(rawValue: "microphone")
    /// `WKMediaCaptureType.cameraAndMicrophone`: video and audio in one request.
    public static let cameraAndMicrophone = MediaCaptureType(rawValue: "cameraAndMicrophone")
    public static let known: [MediaCaptureType] = [.camera, .microphone, .cameraAndMicrophone]
    public static let valueName = "media capture type"
}

/// How a delegate answers a permission request: `WKPermissionDecision`.
public struct PermissionDecision: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Let WebKit ask the user with its own prompt (what WebKit does for a delegate without the method).
    public static let prompt = PermissionDecision(rawValue: "prompt")
    /// Grant the page the devices without asking the user.
    public static let grant = PermissionDecision(rawValue: "grant")
    /// Deny the request: the page's `getUserMedia` rejects with `NotAllowedError`.
    public static let deny = PermissionDecision(rawValue: "deny")
    public static let known: [PermissionDecision] = [.prompt, .grant, .deny]
    public static let valueName = "permission decision"
}

/// The delegate's decision on a media-capture request (`decisionHandler(decision)`).
public struct MediaCaptureDecision: Sendable, Hashable {
    public var decision: PermissionDecision

    public init(_ decision: PermissionDecision) { self.decision = decision }
}

extension UIDelegate {
    /// Answers `.prompt`, as WebKit does for a delegate without this method:
    /// it asks the user itself. A web view with no one to ask (WebKitGTK's
    /// adapter, a test) denies the request then.
    @MainActor public func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        decisionHandler(.prompt)
    }

    /// Asks the delegate about `request` and passes each decision to `decide`,
    /// as many times as the delegate calls its decision handler.
    @MainActor package func requestMediaCapturePermission(
        _ request: MediaCaptureRequest, decide: @escaping @Sendable (MediaCaptureDecision) -> Void
    ) {
        requestMediaCapturePermission(for: request.origin, initiatedByFrame: request.frame, type: request.type) {
            decide(MediaCaptureDecision($0))
        }
    }
}
