import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// Conversions between WebKit's navigation types and the seam's values.
package enum NavigationConversion {
    /// The seam's form of a navigation action.
    @MainActor package static func action(_ action: WKNavigationAction) -> NavigationAction {
        NavigationAction(
            url: action.request.url?.absoluteString ?? "", method: action.request.httpMethod ?? "GET",
            navigationType: navigationType(action.navigationType), sourceFrame: frame(action.sourceFrame),
            targetFrame: action.targetFrame.map(frame))
    }

    /// The seam's form of a frame.
    @MainActor package static func frame(_ frame: WKFrameInfo) -> Frame {
        Frame(isMainFrame: frame.isMainFrame, url: frame.request.url?.absoluteString)
    }

    /// `WKNavigationType`'s case as the seam names it.
    package static func navigationType(_ type: WKNavigationType) -> NavigationType {
        switch type {
        case .linkActivated: .linkActivated
        case .formSubmitted: .formSubmitted
        case .backForward: .backForward
        case .reload: .reload
        case .formResubmitted: .formResubmitted
        case .other: .other
        @unknown default: NavigationType(rawValue: "unknown(\(type.rawValue))")
        }
    }

    /// The WebKit policy for a seam policy; `nil` for one WebKit has no case for.
    package static func actionPolicy(_ policy: NavigationPolicy) -> WKNavigationActionPolicy? {
        switch policy {
        case .allow: .allow
        case .cancel: .cancel
        case .download: .download
        default: nil
        }
    }
}
