#if WebKitGTK
/// A failure of the WebKitGTK engine itself, as opposed to an error the page's
/// JavaScript raised (``JavaScriptError``).
public struct WebKitGTKError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and what to do about it.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// GTK found no display to open.
    public static let noDisplay = WebKitGTKError(
        "GTK could not open a display (DISPLAY and WAYLAND_DISPLAY are unset or unreachable); "
            + "run headless under Xvfb: tests with `xvfb-run -a swift test` (in HybridReplay itself, "
            + "`xvfb-run -a swift test --traits WebKitGTK` or Scripts/test-webkitgtk), the cassette tool with "
            + "`xvfb-run -a <tool> verify --web …` (see docs/real-engines.md); "
            + "a test that only replays needs no display when its RecordingSession makes the web view in its first closure")

    /// The web view was released while something still waited on it.
    public static let closed = WebKitGTKError("the WebKitGTK web view was closed before the load finished")

    /// A load did not finish within `timeout`.
    public static func timedOut(_ timeout: Duration) -> WebKitGTKError {
        WebKitGTKError("the page did not finish loading within \(timeout)")
    }
}
#endif
