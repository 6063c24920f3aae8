import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// ContentWorld → `WKContentWorld`, one to one.
package enum WebKitWorlds {
    @MainActor package static func world(_ world: ContentWorld) -> WKContentWorld {
        if let name = world.name { return .world(name: name) }
        return world == .defaultClient ? .defaultClient : .page
    }
}
