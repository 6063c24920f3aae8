// The app-side and test-side code of docs/recording-an-app-session.md,
// compiled as shown. On Linux it compiles against the WebKit and CoreLocation
// mirrors, and this test target defines HYBRIDREPLAY_RECORDING, as the
// guide's recording build does; AppSessionRecordingTests drives it with fakes.
import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplaySeams
import HybridReplayTesting
import Testing

#if HYBRIDREPLAY_RECORDING
import HybridReplayAppRecording
#endif

#if canImport(WebKit)
import CoreLocation
import WebKit
#else
import AppleMirrorCoreLocation
import AppleMirrorWebKit
#endif
import HybridReplayCoreLocation
import HybridReplayWebKit

// MARK: The app target (every build)

/// One screen's seams, made of the real WebKit, CoreLocation and network.
@MainActor
func makeLivePlatform(
    webView: WKWebView, locationManager: CLLocationManager, transport: any HTTPTransport,
    routes: any RoutePresenter, locationOutput: any LocationServiceOutput, custom: LocalCustomSeam,
    reportIssue: @escaping @Sendable (WebKitAdapterIssue) -> Void
) -> Platform {
    Platform(
        webView: WebKitWebView(webView, reportIssue: reportIssue),
        routes: routes,
        transport: transport,
        cookieStore: WebKitCookieStore(
            webView.configuration.websiteDataStore.httpCookieStore, reportIssue: reportIssue),
        locationManager: CoreLocationManager(locationManager),
        locationOutput: locationOutput,
        custom: custom)
}

/// A screen's seams: recorded when this build records and the launch
/// environment names the screen's session, the live ones otherwise.
struct ScreenSeams: Sendable {
    let platform: Platform
    /// Writes the recording, if there is one; call it when the screen
    /// closes and when the app moves to the background.
    let save: @Sendable () -> Void

    init(
        session: String, contract: String, live: Platform,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        log: @escaping @Sendable (String) -> Void
    ) {
        #if HYBRIDREPLAY_RECORDING
        do {
            let settings = try AppRecordingSettings.fromEnvironment(environment)
            if let recording = try AppRecording.start(
                session, wrapping: live, contract: contract, settings: settings)
            {
                platform = recording.platform
                save = {
                    do { log("recorded \(try recording.write().path)") } catch { log("\(error)") }
                }
                return
            }
        } catch {
            log("\(error)")
        }
        #endif
        platform = live
        save = {}
    }
}

/// Starts the seed system a screen shows, on that screen's platform; the
/// screen keeps what it returns for as long as it is open.
func startSeedSystem(_ contract: String, on platform: Platform) -> (any Sendable)? {
    switch contract {
    case "echo-bridge":
        return EchoBridge(webView: platform.webView)
    case "promise-bridge":
        return PromiseBridge(webView: platform.webView, transport: platform.transport)
    case "navigation-router":
        return NavigationRouter(webView: platform.webView, routes: platform.routes)
    case "cookie-redirect-loader":
        let loader = CookieRedirectLoader(
            webView: platform.webView, transport: platform.transport, cookieStore: platform.cookieStore)
        return LoadRequestHandler(seam: platform.custom) { request in await loader.load(request) }
    case "device-location-service":
        let service = DeviceLocationService(manager: platform.locationManager, output: platform.locationOutput)
        return LocationRequestHandler(seam: platform.custom) { service.requestLocationUpdates() }
    default:
        return nil
    }
}

/// The cookie screen's "Open account" button: the host's call to the
/// loader crosses the custom seam, so a recording sees it.
func openAccount(_ custom: LocalCustomSeam) {
    custom.deliver(LoadRequestHandler.event(for: HTTPRequest(url: "https://shop.example/login")))
}

/// The location screen, when it appears.
func locationScreenAppeared(_ custom: LocalCustomSeam) {
    custom.deliver(LocationRequestHandler.event())
}

// MARK: The UI test target

/// What a UI test adds to `XCUIApplication.launchEnvironment` to record the
/// promise screen into the app's `Documents/Cassettes`.
func promiseScreenLaunchEnvironment() -> [String: String] {
    AppRecordingSettings.launchEnvironment(recording: ["promise-screen"])
}

// MARK: The unit test target

/// Replays a recorded app session against the seed system its header names.
@discardableResult
func replayAppSession(_ cassette: CassetteCase) async -> ReplayReport? {
    let contract = (try? CassetteReader().read(contentsOf: cassette.url))?.header.contract ?? ""
    return await replayCassette(cassette) { platform in startSeedSystem(contract, on: platform) }
}

@Test("each recorded app session replays against its seed system", arguments: try CassetteCase.all(in: "Cassettes/app"))
func recordedAppSession(_ cassette: CassetteCase) async {
    await replayAppSession(cassette)
}
