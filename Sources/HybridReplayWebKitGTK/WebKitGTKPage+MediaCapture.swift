#if WebKitGTK
import CWebKitGTK
import HybridReplaySeams

extension WebKitGTKPage {
    /// Turns on `getUserMedia` with WebKit's mock capture devices (a test
    /// machine has no camera, and a page under test must not reach a real
    /// one), lets a request through without the focus the unshown view never
    /// has, and connects `permission-request` to ``requestPermission(_:)``.
    ///
    /// `g_signal_connect_data` is a function Swift imports, so the handler
    /// needs no typed wrapper in the shim: the signal is connected from the
    /// file that handles it, and the page's initializer only calls this.
    func setUpMediaCapture(_ data: UnsafeMutableRawPointer) {
        if let settings = webkit_web_view_get_settings(view) {
            webkit_settings_set_enable_media_stream(settings, 1)
            webkit_settings_set_enable_mock_capture_devices(settings, 1)
            Self.requestWithoutFocus(settings)
        }
        let handler: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, request, data in
            guard let request, let data else { return 0 }
            return Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().requestPermission(request) ? 1 : 0
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(view), "permission-request", unsafeBitCast(handler, to: GCallback.self), data, nil,
            GConnectFlags(rawValue: 0))
    }

    /// Turns off WebKit's `GetUserMediaRequiresFocus` feature, which holds a
    /// page's `getUserMedia` until the page has focus (on by default): the
    /// view's window is never shown, so it never has focus, and the request
    /// would wait forever without reaching `permission-request` (seen on
    /// WebKitGTK 2.50.6 under Xvfb; with the feature off, or the window shown,
    /// the signal comes at once).
    private static func requestWithoutFocus(_ settings: OpaquePointer) {
        guard let features = webkit_settings_get_all_features() else { return }
        defer { webkit_feature_list_unref(features) }
        for index in 0..<webkit_feature_list_get_length(features) {
            guard let feature = webkit_feature_list_get(features, index),
                let identifier = webkit_feature_get_identifier(feature),
                String(cString: identifier) == "GetUserMediaRequiresFocus"
            else { continue }
            webkit_settings_set_feature_enabled(settings, feature, 0)
        }
    }

    /// Handles `permission-request` for the camera and microphone: asks the
    /// UI delegate, on the main actor, as
    /// `webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)`
    /// does, and allows or denies the request when it calls back.
    ///
    /// Any other permission (screen capture, location, notifications), and a
    /// request with no UI delegate, goes to WebKitGTK's default handler,
    /// which denies it. WebKitGTK does not say which frame asked: the main
    /// frame at the page's URL stands in, and the origin is that URL's.
    func requestPermission(_ request: OpaquePointer) -> Bool {
        let instance = UnsafeMutablePointer<GTypeInstance>(request)
        guard g_type_check_instance_is_a(instance, webkit_user_media_permission_request_get_type()) != 0,
            webkit_user_media_permission_is_for_display_device(request) == 0, let delegate = uiDelegate
        else { return false }
        let audio = webkit_user_media_permission_is_for_audio_device(request) != 0
        let video = webkit_user_media_permission_is_for_video_device(request) != 0
        guard audio || video else { return false }
        let url = webkit_web_view_get_uri(view).map { String(cString: $0) }
        var origin = SecurityOrigin(protocol: "", host: "")
        if let url, let security = webkit_security_origin_new_for_uri(url) {
            origin = SecurityOrigin(
                protocol: webkit_security_origin_get_protocol(security).map { String(cString: $0) } ?? "",
                host: webkit_security_origin_get_host(security).map { String(cString: $0) } ?? "",
                port: Int(webkit_security_origin_get_port(security)))
            webkit_security_origin_unref(security)
        }
        let asked = MediaCaptureRequest(
            origin: origin, frame: .main(url), type: audio && video ? .cameraAndMicrophone : video ? .camera : .microphone)
        let pending = PendingGTKRequest(request, page: self)
        performOnMainActor { [owner] in
            // The owner holds this page: it is there while the page asks.
            guard let owner else { return Self.decide(pending, .deny) }
            delegate.requestMediaCapturePermission(asked, in: owner) { Self.decide(pending, $0.decision) }
        }
        return true
    }

    /// Allows the request for `.grant`; denies it for `.deny`, and for
    /// `.prompt` too: WebKitGTK has no prompt of its own, and its default
    /// handler denies.
    private static func decide(_ pending: PendingGTKRequest, _ decision: PermissionDecision) {
        pending.settle { request in
            if decision == .grant { webkit_permission_request_allow(request) } else { webkit_permission_request_deny(request) }
        }
    }
}
#endif
