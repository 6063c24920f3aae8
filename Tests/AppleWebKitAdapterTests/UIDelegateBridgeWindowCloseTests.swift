// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A UI delegate that counts the times the page closed its window.
struct ClosingDelegate: UIDelegate {
    let closes = Received<Bool>()

    func webViewDidClose() { closes.append(true) }
}

@MainActor
@Suite("UIDelegateBridge: the page closes its window")
struct UIDelegateBridgeWindowCloseTests {
    let webView = FakeWebView()
    let log = IssueLog()

    @Test("webViewDidClose reaches the UI delegate once per call, and nothing is reported")
    func close() {
        let delegate = ClosingDelegate()
        let bridge = UIDelegateBridge(delegate, report: log.report)
        bridge.webViewDidClose(webView)
        #expect(delegate.closes.all == [true])
        bridge.webViewDidClose(webView)
        #expect(delegate.closes.all == [true, true])
        #expect(log.all.isEmpty)
    }
}

#endif
