import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplaySimulation
import HybridReplayTesting
import HybridReplayVariants
import Testing

/// The examples of docs/variants.md, run as tests.
@Suite("docs/variants.md examples")
struct VariantsDocExamples {
    let cassetteURL = suiteFolder.appendingPathComponent("bridge/promise-reply.json")

    @Test("the reply bridge keeps the platform's rules on every variant of its recording")
    func replyBridgeKeepsTheRules() async throws {
        let exploration = try await exploreCassette(at: cassetteURL) { platform in
            PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
        }
        for failure in exploration.failures {
            Issue.record("\(failure.variant.id): \(failure.violations.map(\.description).joined(separator: "; "))")
        }
        #expect(exploration.explored == exploration.total)
        #expect(exploration.total > 20)
    }

    @Test("one variant replays from its id, as a failure report prints it")
    func oneVariant() async throws {
        let options = ExplorationOptions(variant: VariantID("v1:bridge-promise-reply:timeout:3:-1001"))
        let exploration = try await exploreCassette(at: cassetteURL, options: options) { platform in
            PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
        }
        #expect(exploration.explored == 1)
        #expect(exploration.passed)
    }

    @Test("a failure path recorded by hand with the simulation: the request times out, the page awaits its reply")
    func recordsAFailurePath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("VariantsDocExamples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cassetteURL = folder.appendingPathComponent("promise-reply-timeout.json")

        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport(fallibleRoutes: { _ throws(HTTPTransportError) in
            throw HTTPTransportError("The request timed out.", code: HTTPTransportError.Code.timedOut)
        })
        let recorder = Recorder(name: "promise-reply-timeout", contract: "promise-reply-bridge")
        let platform = recorder.platform(wrapping: .simulated(webView: webView, transport: transport))
        let bridge = PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
        let reply = try await webView.postMessageAwaitingReply(.object(["guid": .string("p1")]), to: "nativeProcess")
        try recorder.write(to: cassetteURL)

        withExtendedLifetime(bridge) {}
        #expect(reply == .error("the request failed: The request timed out. (NSURLErrorDomain -1001)"))
        let report = try await Replayer(contentsOf: cassetteURL).replay { platform in
            PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("the web content process ending, driven by hand: the router's delegate hears it")
    func endsTheWebContentProcess() throws {
        let webView = SimulatedWebView()
        let router = NavigationRouter(webView: webView, routes: CollectingRoutePresenter())
        try webView.terminateWebContentProcess()
        withExtendedLifetime(router) {}
        #expect(webView.hasNavigationDelegate)
    }

    @Test("the guide's reference example: options made first, then reference set; a router taking 256 for a colour differs from it")
    func comparesWithTheReference() async throws {
        let routerCassetteURL = suiteFolder.appendingPathComponent("router/present-yellow.json")
        var options = ExplorationOptions()
        options.reference = ReferenceImplementation(name: "navigation-router") { platform in
            NavigationRouter(webView: platform.webView, routes: platform.routes)
        }
        let exploration = try await exploreCassette(at: routerCassetteURL, options: options) { platform in
            MyRouter(webView: platform.webView, routes: platform.routes)
        }
        #expect(exploration.explored == exploration.total && exploration.total > 20)
        let failing = exploration.failures.map(\.variant.id.description).sorted()
        #expect(failing == ["v1:router-present-yellow:query:1:b=past-byte", "v1:router-present-yellow:query:1:g=past-byte", "v1:router-present-yellow:query:1:r=past-byte"])
        #expect(exploration.failures.allSatisfy { $0.violations.map(\.rule) == [.sameAsReference] })
    }

    // Paths are relative to this file, as in an app's test target.
    @Test func theReplyBridgeKeepsTheRules() async {
        await exploreCassette("../../Cassettes/bridge/promise-reply.json") { platform in
            PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
        }
    }

    @Test(
        "each variant of the reply cassette is a test case of its own",
        arguments: try VariantCase.all(of: "../../Cassettes/bridge/promise-reply.json", shard: Shard(index: 1, count: 4) ?? .all))
    func keepsTheRules(_ variant: VariantCase) async {
        await exploreVariant(variant) { PromiseReplyBridge(webView: $0.webView, transport: $0.transport) }
    }

    @Test("one variant replays from the id and fingerprint a failure report printed")
    func replaysOneID() async {
        await withKnownIssue {
            await exploreVariant("v1:bridge-promise-reply:body:1:string", of: "../../Cassettes/bridge/promise-reply.json", fingerprint: "0123456789abcdef") {
                PromiseReplyBridge(webView: $0.webView, transport: $0.transport)
            }
        } matching: { $0.comments.map(\.rawValue).joined().contains("ran differently") }
    }
}

/// The router of docs/variants.md's reference example: the reference router
/// with a bug no platform rule sees (``RouterAcceptingPastByte``: it takes 256
/// for a colour component), so that only the reference finds it.
private struct MyRouter: Sendable {
    let delegate: RouterAcceptingPastByte

    init(webView: any WebView, routes: any RoutePresenter) {
        delegate = RouterAcceptingPastByte(routes: routes)
        webView.setNavigationDelegate(delegate)
    }
}
