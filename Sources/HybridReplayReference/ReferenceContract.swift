import Foundation
import HybridReplaySeams

/// A bridge contract: what a cassette's `contract` header names, and how to
/// set up the reference implementation that fulfils it.
///
/// `cassette verify` and the conformance tests replay each cassette against
/// the contract its header names. To run a contract's cassettes against your
/// own implementation, replay them with a `setUp` that builds yours from the
/// platform the same way ``setUp`` builds the reference one.
public struct ReferenceContract: Sendable, Identifiable {
    /// The name a cassette's header gives, such as `navigation-router`.
    public var name: String
    /// What the implementation does, in a sentence.
    public var summary: String
    /// Builds the implementation from the replayed platform; the replay keeps
    /// the returned value alive while it runs.
    public var setUp: @Sendable (Platform) async throws -> any Sendable

    public var id: String { name }

    public init(name: String, summary: String, setUp: @escaping @Sendable (Platform) async throws -> any Sendable) {
        self.name = name
        self.summary = summary
        self.setUp = setUp
    }
}

extension ReferenceContract {
    /// The engine the package's own suite is recorded with, as its cassettes'
    /// `recordedBy` names it.
    public static let suiteEngine = "HybridReplay simulation"

    /// The command that re-records the package's own suite.
    public static let suiteRecordCommand = "swift run record-suite"

    /// The command that re-records a cassette recorded by `engine`: the
    /// suite's for the suite's cassettes, none for others.
    public static func recordCommand(forEngine engine: String?) -> String? {
        engine == suiteEngine ? suiteRecordCommand : nil
    }

    /// The date the cookie loader's contract counts `Max-Age` from, so that a
    /// replay does not depend on the wall clock: 2026-11-30T00:00:00Z.
    public static let suiteDate = Date(timeIntervalSince1970: 1_795_996_800)

    /// `EchoBridge` for a page that defines `changeEcho` itself.
    public static let echoBridge = ReferenceContract(
        name: "echo-bridge",
        summary: "The page posts text to nativeProcess; native code evaluates changeEcho(text) back."
    ) { platform in
        EchoBridge(webView: platform.webView)
    }

    /// `EchoBridge` that injects its script at document start.
    public static let injectedEchoBridge = ReferenceContract(
        name: "injected-echo-bridge",
        summary: "The echo bridge that installs changeEcho and sendToNative as a user script at document start."
    ) { platform in
        EchoBridge(webView: platform.webView, injectsScript: true)
    }

    /// `PromiseBridge`: `{guid}` → fetch → `executePromise(guid, data)`.
    public static let promiseBridge = ReferenceContract(
        name: "promise-bridge",
        summary: "The page posts {guid}; native code fetches a random user and evaluates executePromise(guid, data)."
    ) { platform in
        PromiseBridge(webView: platform.webView, transport: platform.transport)
    }

    /// `PromiseReplyBridge`: `{guid}` → fetch → the reply settles the page's promise.
    public static let promiseReplyBridge = ReferenceContract(
        name: "promise-reply-bridge",
        summary: "The page awaits postMessage({guid}); native code fetches a random user and replies with it."
    ) { platform in
        PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
    }

    /// `NavigationRouter`: `navigate://` links become native routes.
    public static let navigationRouter = ReferenceContract(
        name: "navigation-router",
        summary: "navigate://present|push?r=&g=&b= links are cancelled and shown as native routes; other links load."
    ) { platform in
        NavigationRouter(webView: platform.webView, routes: platform.routes)
    }

    /// `CookieRedirectLoader`, started by ``LoadRequestHandler`` events.
    public static let cookieRedirectLoader = ReferenceContract(
        name: "cookie-redirect-loader",
        summary: "The first load goes through URLSession with the jar's cookies on every redirect hop; "
            + "the final response is loaded into the web view."
    ) { platform in
        let loader = CookieRedirectLoader(
            webView: platform.webView, transport: platform.transport, cookieStore: platform.cookieStore,
            now: { suiteDate })
        return LoadRequestHandler(seam: platform.custom) { request in await loader.load(request) }
    }

    /// `DeviceLocationService`, started by ``LocationRequestHandler`` events.
    public static let deviceLocationService = ReferenceContract(
        name: "device-location-service",
        summary: "Idle until the app asks for updates; then requests when-in-use authorization, starts or reports "
            + "denial, publishes the last fix of each batch, and starts nothing after a fatal error."
    ) { platform in
        let service = DeviceLocationService(manager: platform.locationManager, output: platform.locationOutput)
        return LocationRequestHandler(seam: platform.custom) { service.requestLocationUpdates() }
    }

    /// Every contract with a reference implementation, by name.
    public static let all: [ReferenceContract] = [
        .echoBridge, .injectedEchoBridge, .promiseBridge, .promiseReplyBridge, .navigationRouter,
        .cookieRedirectLoader, .deviceLocationService,
    ]

    /// The contract called `name`, if there is one.
    public static func named(_ name: String) -> ReferenceContract? {
        all.first { $0.name == name }
    }
}
