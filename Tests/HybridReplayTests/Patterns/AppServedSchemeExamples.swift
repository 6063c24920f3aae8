import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

// The examples of docs/app-served-schemes.md, compiled and replayed.

/// Serves the app's web bundle under `capacitor://localhost/`.
@MainActor
final class BundleServer: URLSchemeHandler {
    private let files: [String: (mimeType: String, contents: Data)]

    init(platform: Platform, files: [String: (mimeType: String, contents: Data)]) {
        self.files = files
        platform.webView.setURLSchemeHandler(self, forURLScheme: "capacitor")
    }

    func start(_ task: any URLSchemeTask) {
        let path = task.request.url?.path ?? "/"
        guard let file = files[path == "/" ? "/index.html" : path] else {
            task.didFailWithError(URLError(.fileDoesNotExist))
            return
        }
        task.didReceive(URLSchemeResponse(url: task.request.urlString, status: 200, mimeType: file.mimeType))
        task.didReceive(file.contents)
        task.didFinish()
    }

    func stop(_ task: any URLSchemeTask) {}
}

@Suite("App-served schemes guide")
struct AppServedSchemeExamples {
    static let files: [String: (mimeType: String, contents: Data)] = [
        "/index.html": ("text/html", Data("<script src=\"app.js\"></script>".utf8)),
        "/app.js": ("text/javascript", Data("console.log('ready')".utf8)),
    ]

    @Test("the bundle server records against the simulated page and replays")
    func recordsAndReplays() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "bundle")
        let server = await BundleServer(platform: recorder.platform(wrapping: .simulated(webView: page)), files: Self.files)
        let index = try await page.requestURLScheme(URLSchemeRequest(url: "capacitor://localhost/"))
        #expect(index.data == Self.files["/index.html"]?.contents)
        _ = try await page.requestURLScheme(URLSchemeRequest(url: "capacitor://localhost/app.js"))
        withExtendedLifetime(server) {}

        let report = await Replayer(cassette: recorder.cassette(), options: fastReplay).replay {
            await BundleServer(platform: $0, files: Self.files)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a script the app now serves differently replays by default, and fails with served files pinned")
    func changedFileFails() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "bundle")
        let server = await BundleServer(platform: recorder.platform(wrapping: .simulated(webView: page)), files: Self.files)
        _ = try await page.requestURLScheme(URLSchemeRequest(url: "capacitor://localhost/app.js"))
        withExtendedLifetime(server) {}

        var changed = Self.files
        changed["/app.js"] = ("text/javascript", Data("console.log('ready!')".utf8))
        let report = await Replayer(cassette: recorder.cassette(), options: fastReplay).replay {
            await BundleServer(platform: $0, files: changed)
        }
        #expect(report.passed, "\(report)")
        var pinned = fastReplay
        pinned.servedFiles = .pinned
        let pinnedReport = await Replayer(cassette: recorder.cassette(), options: pinned).replay {
            await BundleServer(platform: $0, files: changed)
        }
        #expect(!pinnedReport.passed)
    }
}
