import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTesting
import Testing

/// One deliberately broken implementation of Mutants.swift, with its contract
/// and the one happy-path cassette of that contract it is explored from.
struct PlantedMutant: Sendable, CustomTestStringConvertible {
    var name: String
    var reference: ReferenceContract
    var happyPath: String
    /// Why no variant of the happy path can find it, for the one that survives.
    var survives: String? = nil
    var setUp: @Sendable (Platform) async throws -> any Sendable

    var testDescription: String { name }

    /// The planted broken implementations of MutationTests, each against its contract's happy path.
    static let all: [PlantedMutant] = [
        PlantedMutant(name: "cookies dropped on the redirect", reference: .cookieRedirectLoader, happyPath: "cookies/redirect-302-302-200.json") { platform in
            var broken = platform
            broken.transport = CookieDroppingTransport(base: platform.transport)
            return try await ReferenceContract.cookieRedirectLoader.setUp(broken)
        },
        PlantedMutant(
            name: "Max-Age from the wall clock", reference: .cookieRedirectLoader, happyPath: "cookies/redirect-302-302-200.json"
        ) { platform in
            let loader = CookieRedirectLoader(webView: platform.webView, transport: platform.transport, cookieStore: platform.cookieStore, now: { Date() })
            return LoadRequestHandler(seam: platform.custom) { request in await loader.load(request) }
        },
        PlantedMutant(name: "a navigation decided twice", reference: .navigationRouter, happyPath: "router/present-yellow.json") { platform in
            var broken = platform
            broken.webView = MistakenWebView(platform.webView, .decidesTwice)
            return try await ReferenceContract.navigationRouter.setUp(broken)
        },
        PlantedMutant(name: "the seed's router, a malformed link never decided", reference: .navigationRouter, happyPath: "router/present-yellow.json") {
            SeedRouter(platform: $0)
        },
        PlantedMutant(name: "the first fix of a batch published", reference: .deviceLocationService, happyPath: "location/when-in-use-granted.json") { platform in
            var broken = platform
            broken.locationManager = MistakenLocationManager(platform.locationManager, .publishesFirstFix)
            return try await ReferenceContract.deviceLocationService.setUp(broken)
        },
        PlantedMutant(name: "updates started while denied", reference: .deviceLocationService, happyPath: "location/when-in-use-granted.json") { platform in
            var broken = platform
            broken.locationManager = MistakenLocationManager(platform.locationManager, .startsWhileDenied)
            return try await ReferenceContract.deviceLocationService.setUp(broken)
        },
        PlantedMutant(name: "a promise settled with another guid", reference: .promiseBridge, happyPath: "bridge/promise-random-user.json") { platform in
            var broken = platform
            broken.webView = MistakenWebView(platform.webView, .swapsGUID("00000000-0000-4000-8000-000000000000"))
            return try await ReferenceContract.promiseBridge.setUp(broken)
        },
        PlantedMutant(name: "no reply to a message without a guid", reference: .promiseReplyBridge, happyPath: "bridge/promise-reply.json") { platform in
            var broken = platform
            broken.webView = MistakenWebView(platform.webView, .ignoresMessagesWithoutGUID)
            return try await ReferenceContract.promiseReplyBridge.setUp(broken)
        },
        PlantedMutant(name: "the seed's unescaped promise callback", reference: .promiseBridge, happyPath: "bridge/promise-random-user.json") {
            SeedPromiseBridge(platform: $0)
        },
        PlantedMutant(name: "the seed's unescaped echo", reference: .echoBridge, happyPath: "bridge/echo-hello.json") {
            SeedEchoBridge(platform: $0)
        },
        PlantedMutant(name: "one reply slot, read when the answering task starts", reference: .promiseReplyBridge, happyPath: "bridge/promise-reply.json") {
            await OneSlotReplyBridge(platform: $0)
        },
        PlantedMutant(name: "the first request's cookies carried on every hop", reference: .cookieRedirectLoader, happyPath: "cookies/caller-cookie.json") { platform in
            var broken = platform
            broken.transport = CookieCarryingTransport(base: platform.transport)
            return try await ReferenceContract.cookieRedirectLoader.setUp(broken)
        },
        PlantedMutant(name: "the echo bridge without its injected script", reference: .injectedEchoBridge, happyPath: "bridge/injected-echo.json") {
            try await ReferenceContract.echoBridge.setUp($0)
        },
    ]

    /// Whether replaying the happy-path cassette alone fails.
    func killedByReplay() async throws -> Bool {
        let cassette = try ConformanceSuite.cassette(happyPath)
        return !(await ConformanceSuite.replay(cassette, path: happyPath, setUp).passed)
    }

    /// The variants of the happy path that fail, judged by the rules and, with `againstReference`, by the reference's run.
    func failingVariants(againstReference: Bool) async throws -> [String] {
        var options = ExplorationOptions()
        if againstReference { options.reference = ReferenceImplementation(name: reference.name, setUp: reference.setUp) }
        let exploration = try await Explorer(options: options).explore(try ConformanceSuite.cassette(happyPath), setUp: setUp)
        return exploration.failures.map(\.variant.id.description)
    }
}

@Suite("Variant oracles on the planted mutants")
struct VariantOracleTests {
    @Test("the reference implementations do on every variant of their happy path what they did the first time", arguments: Set(PlantedMutant.all.map(\.happyPath)).sorted())
    func referenceAgreesWithItself(_ happyPath: String) async throws {
        let cassette = try ConformanceSuite.cassette(happyPath)
        let contract = try #require(ReferenceContract.all.first { $0.name == cassette.header.contract })
        var options = ExplorationOptions()
        options.reference = ReferenceImplementation(name: contract.name, setUp: contract.setUp)
        let exploration = try await Explorer(options: options).explore(cassette, setUp: contract.setUp)
        #expect(exploration.passed, "\(exploration.failures.map { "\($0.variant.id): \($0.violations)" })")
    }

    @Test("each planted mutant is killed from its happy-path cassette at least as often with variants as without", arguments: PlantedMutant.all)
    func killed(_ mutant: PlantedMutant) async throws {
        let replay = try await mutant.killedByReplay()
        let rules = try await mutant.failingVariants(againstReference: false)
        let reference = try await mutant.failingVariants(againstReference: true)
        // The rules still judge with the reference, so every variant they fail fails there too.
        #expect(Set(rules).isSubset(of: Set(reference)))
        if let reason = mutant.survives {
            #expect(reference.isEmpty && !replay, "\(mutant.name) was expected to survive (\(reason)) and was killed")
        } else {
            #expect(!reference.isEmpty, "\(mutant.name) survived every variant of \(mutant.happyPath), against the reference too")
        }
        if ProcessInfo.processInfo.environment["HYBRIDREPLAY_MEASURE"] != nil {
            print("MEASURE\t\(mutant.name)\treplay=\(replay)\trules=\(rules.count)\treference=\(reference.count)\t\(rules.prefix(4))\t\(reference.prefix(6))")
        }
    }
}
