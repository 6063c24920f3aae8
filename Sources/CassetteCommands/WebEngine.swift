import HybridReplay

/// The real web engine `cassette verify --web` loads pages in: a name for
/// its output and a way to make a fresh web view for each run.
///
/// The `cassette` tool has one when it is built with the `WebKitGTK` trait;
/// without one, `--web` says how to get it.
package struct WebEngine: Sendable {
    /// The engine as output names it, such as `WebKitGTK 6.0`.
    package var name: String
    /// Makes a fresh web view, on the main actor.
    package var makeWebView: @MainActor @Sendable () async throws -> any WebView

    package init(name: String, makeWebView: @escaping @MainActor @Sendable () async throws -> any WebView) {
        self.name = name
        self.makeWebView = makeWebView
    }
}

