import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKFrameInfo` objects WebKit delivered to one web view's adapters,
/// by the seam ``Frame`` each became, so that JavaScript can be evaluated
/// in a frame the app names with a seam value.
///
/// WebKit evaluates in a subframe only given a `WKFrameInfo` it created,
/// and a seam `Frame` carries only what such an object shows: main frame or
/// not, URL, security origin. So the adapter keeps, for each distinct
/// `Frame`, the last `WKFrameInfo` delivered with it in a navigation action
/// or a script message; two frames showing the same values share an entry,
/// the later one winning. A frame that left the page still has its entry:
/// WebKit answers an evaluation there with an error, which reaches the
/// completion handler. The oldest entries are dropped past ``capacity``.
@MainActor package final class WebKitFrames {
    /// How many distinct frames are remembered.
    package static let capacity = 64

    private var known: [Frame: WKFrameInfo] = [:]
    /// The frames in `known`, least recently delivered first.
    private var order: [Frame] = []

    nonisolated package init() {}

    /// The seam's form of `info`, remembered as the frame to evaluate in for it.
    package func frame(_ info: WKFrameInfo) -> Frame {
        let frame = NavigationConversion.frame(info)
        if known.updateValue(info, forKey: frame) != nil { order.removeAll { $0 == frame } }
        order.append(frame)
        if order.count > Self.capacity { known[order.removeFirst()] = nil }
        return frame
    }

    /// The seam's form of `action`, its source and target frames remembered.
    package func action(_ action: WKNavigationAction) -> NavigationAction {
        var converted = NavigationConversion.action(action)
        converted.sourceFrame = frame(action.sourceFrame)
        converted.targetFrame = action.targetFrame.map(frame)
        return converted
    }

    /// What to pass WebKit to evaluate in `frame`: `nil` (the main frame)
    /// for no frame or the main frame, the remembered `WKFrameInfo` for a
    /// subframe, and an error naming the frame for one never delivered.
    package func target(for frame: Frame?) -> Result<WKFrameInfo?, JavaScriptError> {
        guard let frame, !frame.isMainFrame else { return .success(nil) }
        if let info = known[frame] { return .success(info) }
        let seen = order.filter { !$0.isMainFrame }.map { $0.urlString ?? "a frame without a URL" }
        return .failure(JavaScriptError(
            "cannot evaluate in the subframe \(frame.urlString ?? "without a URL"): WebKit has delivered no frame with its URL and "
                + "origin to this web view in a navigation action or script message, among the last \(Self.capacity) frames"
                + (seen.isEmpty ? " (it has delivered no subframe)" : " (subframes delivered: \(seen.joined(separator: ", ")))")))
    }
}
