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

    /// The seam's form of `world`: the page's, the default client's, or the one named.
    ///
    /// The built-in worlds are told apart by equality with `WKContentWorld.page`
    /// and `.defaultClient` before names are read, whatever name WebKit gives them.
    @MainActor package static func contentWorld(_ world: WKContentWorld) -> ContentWorld {
        if world == WKContentWorld.page { return .page }
        if world == WKContentWorld.defaultClient { return .defaultClient }
        if let name = world.name { return .world(name: name) }
        return .page
    }
}
