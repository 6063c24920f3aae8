import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// Web page preferences and window features, both ways where WebKit takes them back.
extension NavigationConversion {
    /// The seam's form of the preferences WebKit offers a navigation decision.
    @MainActor package static func preferences(_ preferences: WKWebpagePreferences) -> WebpagePreferences {
        WebpagePreferences(
            preferredContentMode: contentMode(preferences.preferredContentMode),
            allowsContentJavaScript: preferences.allowsContentJavaScript)
    }

    /// Sets the seam delegate's answer on the `WKWebpagePreferences` WebKit
    /// gets back: the content mode and whether the page's scripts run.
    ///
    /// - Returns: An issue when the answer names a content mode WebKit has
    ///   no case for; the content mode WebKit offered is then kept.
    @MainActor package static func apply(_ answer: WebpagePreferences, to preferences: WKWebpagePreferences)
        -> WebKitAdapterIssue?
    {
        preferences.allowsContentJavaScript = answer.allowsContentJavaScript
        guard let mode = webKitContentMode(answer.preferredContentMode) else {
            return WebKitAdapterIssue(
                .unsupportedValue,
                "WebKit has no content mode '\(answer.preferredContentMode.rawValue)'; kept \(contentMode(preferences.preferredContentMode).rawValue)")
        }
        preferences.preferredContentMode = mode
        return nil
    }

    /// `WKWebpagePreferences.ContentMode`'s case as the seam names it.
    package static func contentMode(_ mode: WKWebpagePreferences.ContentMode) -> ContentMode {
        switch mode {
        case .recommended: .recommended
        case .mobile: .mobile
        case .desktop: .desktop
        @unknown default: ContentMode(rawValue: "unknown(\(mode.rawValue))")
        }
    }

    /// The WebKit content mode for a seam one; `nil` for one WebKit has no case for.
    package static func webKitContentMode(_ mode: ContentMode) -> WKWebpagePreferences.ContentMode? {
        switch mode {
        case .recommended: .recommended
        case .mobile: .mobile
        case .desktop: .desktop
        default: nil
        }
    }

    /// The seam's form of the window a page asked for: each `NSNumber` WebKit
    /// leaves `nil` when the page did not say stays `nil`; the visibility and
    /// resizing members are booleans, the rest points.
    @MainActor package static func windowFeatures(_ features: WKWindowFeatures) -> WindowFeatures {
        WindowFeatures(
            x: features.x?.doubleValue, y: features.y?.doubleValue, width: features.width?.doubleValue,
            height: features.height?.doubleValue, menuBarVisibility: features.menuBarVisibility?.boolValue,
            statusBarVisibility: features.statusBarVisibility?.boolValue,
            toolbarsVisibility: features.toolbarsVisibility?.boolValue, allowsResizing: features.allowsResizing?.boolValue)
    }
}
