// The app's own `cassette` tool: `swift run app-cassette verify Tests/AppTests/Cassettes`
// replays each cassette against the app's implementation of the contract its header names.
import App
import CassetteTool
import Foundation

exit(await runCassetteTool(contracts: [
    ConformanceContract("router", summary: "navigate:// links open native screens") { platform in
        AppRouter(webView: platform.webView, routes: platform.routes)
    },
    ConformanceContract("echo", summary: "what the page posts comes back through changeEcho") { platform in
        AppEchoBridge(webView: platform.webView)
    },
]))
