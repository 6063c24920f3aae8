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
        let origin = frame.securityOrigin
        return Frame(
            isMainFrame: frame.isMainFrame, url: frame.request.url?.absoluteString,
            securityOrigin: SecurityOrigin(protocol: origin.protocol, host: origin.host, port: origin.port))
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

extension NavigationConversion {
    /// The seam's form of a navigation response; `status` only for HTTP.
    @MainActor package static func response(_ response: WKNavigationResponse) -> NavigationResponse {
        NavigationResponse(
            url: response.response.url?.absoluteString ?? "", status: (response.response as? HTTPURLResponse)?.statusCode,
            mimeType: response.response.mimeType, isForMainFrame: response.isForMainFrame,
            canShowMIMEType: response.canShowMIMEType)
    }

    /// The WebKit response policy for a seam policy; `nil` for one WebKit has no case for.
    package static func responsePolicy(_ policy: NavigationResponsePolicy) -> WKNavigationResponsePolicy? {
        switch policy {
        case .allow: .allow
        case .cancel: .cancel
        case .download: .download
        default: nil
        }
    }

    /// A navigation error's domain, code and description.
    package static func error(_ error: any Error) -> NavigationError {
        let nsError = error as NSError
        return NavigationError(domain: nsError.domain, code: nsError.code, message: nsError.localizedDescription)
    }
}
