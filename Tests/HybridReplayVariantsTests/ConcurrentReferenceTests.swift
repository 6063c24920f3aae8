import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

@testable import HybridReplayTesting
@testable import HybridReplayVariants

/// A product card that fetches the price and the stock side by side in a
/// task group, then shows both: its two requests go out in whichever order
/// the scheduler starts the children.
@MainActor final class ProductCard: NSObject, ScriptMessageHandler {
    let platform: Platform

    init(platform: Platform) {
        self.platform = platform
        super.init()
        platform.webView.add(self, name: "product")
    }

    func didReceive(_ message: ScriptMessage) {
        let (transport, webView) = (platform.transport, platform.webView)
        Task {
            var parts: [String: String] = [:]
            await withTaskGroup(of: (String, String).self) { group in
                for part in ["price", "stock"] {
                    group.addTask {
                        let response = try? await transport.send(HTTPRequest(url: "https://shop.example/p/7/\(part)"))
                        return (part, response?.body?.text ?? "?")
                    }
                }
                for await (part, text) in group { parts[part] = text }
            }
            webView.evaluateJavaScript("show('\(parts["price"] ?? "")', '\(parts["stock"] ?? "")')", completionHandler: nil)
        }
    }
}

/// The product card gone wrong for a message sent twice: it shows the
/// first message's result for the second without fetching again.
@MainActor final class FirstResultCard: NSObject, ScriptMessageHandler {
    let platform: Platform
    private var first: Task<(String, String), Never>?

    init(platform: Platform) {
        self.platform = platform
        super.init()
        platform.webView.add(self, name: "product")
    }

    func didReceive(_ message: ScriptMessage) {
        let (transport, webView) = (platform.transport, platform.webView)
        let fetch =
            first
            ?? Task {
                async let price = try? await transport.send(HTTPRequest(url: "https://shop.example/p/7/price"))
                async let stock = try? await transport.send(HTTPRequest(url: "https://shop.example/p/7/stock"))
                return (await price?.body?.text ?? "?", await stock?.body?.text ?? "?")
            }
        first = fetch
        Task {
            let (price, stock) = await fetch.value
            webView.evaluateJavaScript("show('\(price)', '\(stock)')", completionHandler: nil)
        }
    }
}

/// The product card gone wrong another way: from the second message on it
/// fetches the price only, and shows no stock.
@MainActor final class PriceOnlyAgainCard: NSObject, ScriptMessageHandler {
    let platform: Platform
    private var received = 0

    init(platform: Platform) {
        self.platform = platform
        super.init()
        platform.webView.add(self, name: "product")
    }

    func didReceive(_ message: ScriptMessage) {
        received += 1
        let parts = received == 1 ? ["price", "stock"] : ["price"]
        let (transport, webView) = (platform.transport, platform.webView)
        Task {
            var shown: [String: String] = [:]
            await withTaskGroup(of: (String, String).self) { group in
                for part in parts {
                    group.addTask {
                        let response = try? await transport.send(HTTPRequest(url: "https://shop.example/p/7/\(part)"))
                        return (part, response?.body?.text ?? "?")
                    }
                }
                for await (part, text) in group { shown[part] = text }
            }
            webView.evaluateJavaScript("show('\(shown["price"] ?? "")', '\(shown["stock"] ?? "")')", completionHandler: nil)
        }
    }
}

@Suite("The reference oracle and concurrent children")
struct ConcurrentReferenceTests {
    static let reference = ReferenceImplementation(name: "product-card") { platform in await ProductCard(platform: platform) }

    static func recorded() async throws -> Cassette {
        let recorder = Recorder(name: "product-card", clock: ManualClock())
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { request in
            HTTPResponse(status: 200, body: .text(request.urlString.hasSuffix("price") ? "19.99 EUR" : "7 left"))
        }
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
        let card = await ProductCard(platform: platform)
        try page.postMessage(.null, to: "product")
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        _ = card
        return recorder.cassette()
    }

    @Test("a replay's trace keeps the strands of concurrent calls")
    func traceKeepsStrands() async throws {
        let cassette = try await Self.recorded()
        #expect(cassette.events.filter { $0.strand != nil }.count == 2, "the two requests are recorded as concurrent")
        let report = await Replayer(cassette: cassette).replay { platform in await ProductCard(platform: platform) }
        #expect(report.passed, "\(report)")
        #expect(report.trace.events.filter { $0.kind == HTTPRequest.eventKind }.map(\.strand) == [1, 2])
    }

    /// Exploring gives up a recorded call that has not come once the
    /// implementation is idle. Blind (`exploreCassette(at:)`), a child that
    /// has been created but has not run yet is no work the replay sees, and
    /// its sibling waits on an answer: 19 of 20 such explorations differed
    /// on a variant that sends the message once. Under the runtime watch the
    /// child's job counts from its handover until it has run. Four
    /// explorations make a blind run pass by luck about once in 100,000.
    @Test("exploring a task-group bridge against itself under the runtime watch finds no difference, four times over")
    func exploringUnderTheWatchWaitsForChildren() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("concurrent-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("product-card.json")
        try Data(CassetteWriter.canonicalBytes(of: try await Self.recorded())).write(to: file)
        var options = ExplorationOptions()
        options.reference = Self.reference
        var differing: [String] = []
        for _ in 0..<4 {
            let outcome = await CassetteExplorationRun(cassette: file, options: options).run { platform in
                await ProductCard(platform: platform)
            }
            let exploration = try #require(outcome.exploration)
            #expect(exploration.explored > 40)
            differing += exploration.failures.map { "\($0.variant.id)" }
        }
        #expect(differing.isEmpty, "explored against itself, it differed on \(differing)")
    }

    /// Explores the variant `variantClass` of event 1 (the message) of the
    /// recorded product card `times` times under the runtime watch, with the
    /// product card as the reference; returns the failures of each run.
    static func exploreTwice(
        _ variantClass: String, times: Int, setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async throws -> [[ExplorationFailure]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("concurrent-twice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("product-card.json")
        try Data(CassetteWriter.canonicalBytes(of: try await Self.recorded())).write(to: file)
        var options = ExplorationOptions(variant: VariantID(cassette: "product-card", variantClass: variantClass, eventID: 1))
        options.reference = Self.reference
        var runs: [[ExplorationFailure]] = []
        for _ in 0..<times {
            let outcome = await CassetteExplorationRun(cassette: file, options: options).run(setUp)
            let exploration = try #require(outcome.exploration)
            #expect(exploration.explored == 1)
            runs.append(exploration.failures)
        }
        return runs
    }

    /// The message sent twice starts two handlers whose four requests meet
    /// the two recorded ones. Before a task started for one delivery of the
    /// message was kept from taking the calls recorded for the other,
    /// whichever child asked first got the recorded answer, and a run in
    /// which each handler got one of the two differed from one in which the
    /// first got both: 125 of 680 `same-turn` runs (docs/variants.md); 1 of
    /// 20 when this test, then twenty runs long, ran before the change.
    @Test(
        "explored against itself under the runtime watch, the task-group card does the same on the message sent twice, in one turn or in two, forty times over",
        arguments: ["duplicate", "same-turn"])
    func messageSentTwiceIsNoDifference(variantClass: String) async throws {
        let runs = try await Self.exploreTwice(variantClass, times: 40) { await ProductCard(platform: $0) }
        let differing = runs.filter { !$0.isEmpty }
        let first = differing.first.map { $0.map { "\($0.violations)" } } ?? []
        #expect(differing.count == 0, "\(differing.count) of 40 runs differed, the first with \(first)")
    }

    @Test(
        "a card that shows the first message's result for the second, or drops the second's stock request, is told from the reference on the message sent twice every time",
        arguments: ["duplicate", "same-turn"])
    func brokenCardsDifferEveryTime(variantClass: String) async throws {
        let setUps: [(String, @Sendable (Platform) async throws -> any Sendable)] = [
            ("first-result", { await FirstResultCard(platform: $0) }), ("price-only-again", { await PriceOnlyAgainCard(platform: $0) }),
        ]
        for (name, setUp) in setUps {
            let runs = try await Self.exploreTwice(variantClass, times: 10, setUp: setUp)
            let told = runs.filter { failures in
                failures.contains { failure in failure.violations.contains { $0.rule == .sameAsReference } && failure.isDeterministic }
            }
            #expect(told.count == 10, "\(name) on \(variantClass): told from the reference, the same way twice, in \(told.count) of 10 runs")
        }
    }

    @Test("two runs whose concurrent calls came in the other order do the same as each other")
    func otherOrderIsNoDifference() {
        let message = Event(id: 1, at: 0, payload: ScriptMessage(handler: "product", body: .null))
        let price = HTTPRequest(url: "https://shop.example/p/7/price")
        let stock = HTTPRequest(url: "https://shop.example/p/7/stock")
        let show = JavaScriptEvaluation(script: "show('19.99 EUR', '7 left')")
        func run(priceFirst: Bool) -> Cassette {
            let (priceID, stockID) = priceFirst ? (2, 3) : (3, 2)
            var events = [
                message,
                Event(id: priceID, at: 0, cause: 1, strand: priceFirst ? 1 : 2, payload: price),
                Event(id: stockID, at: 0, cause: 1, strand: priceFirst ? 2 : 1, payload: stock),
                Event(id: 4, at: 0, answers: priceID, payload: HTTPResponse(status: 200, body: .text("19.99 EUR"))),
                Event(id: 5, at: 0, answers: stockID, payload: HTTPResponse(status: 200, body: .text("7 left"))),
                Event(id: 6, at: 0, cause: 1, payload: show),
            ]
            events.sort { $0.id < $1.id }
            return Cassette(header: CassetteHeader(name: "run"), events: events)
        }
        #expect(ReferenceImplementation.difference(of: run(priceFirst: false), from: run(priceFirst: true), reference: "r") == nil)
        #expect(RunFingerprint(trace: run(priceFirst: false)) == RunFingerprint(trace: run(priceFirst: true)))
        // Without strands the order is part of the run, as before.
        var unstranded = run(priceFirst: false)
        for index in unstranded.events.indices { unstranded.events[index].strand = nil }
        #expect(ReferenceImplementation.difference(of: unstranded, from: run(priceFirst: true), reference: "r") != nil)
    }

    @Test("a script spelled otherwise (string escapes, JSON key order) is no difference from the reference; another string is")
    func scriptSpellingIsNoDifference() {
        func run(_ script: String) -> Cassette {
            Cassette(
                header: CassetteHeader(name: "run"),
                events: [
                    Event(id: 1, at: 0, payload: ScriptMessage(handler: "echo", body: .string("\t"))),
                    Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: script)),
                ])
        }
        let reference = run(#"changeEcho("\t", {"a":1,"b":2})"#)
        for spelled in [#"changeEcho("\u0009", {"b":2,"a":1})"#, #"changeEcho('\x09', {"a":1,"b":2})"#] {
            #expect(ReferenceImplementation.difference(of: run(spelled), from: reference, reference: "r") == nil, "\(spelled)")
            #expect(RunFingerprint(trace: run(spelled)) == RunFingerprint(trace: reference), "\(spelled)")
        }
        #expect(ReferenceImplementation.difference(of: run(#"changeEcho(" ", {"a":1,"b":2})"#), from: reference, reference: "r") != nil)
    }

    @Test("the order of concurrent effects is no part of a run's fingerprint; each strand's own order is")
    func fingerprintIgnoresTheOrderOfStrands() {
        let message = Event(id: 1, at: 0, payload: ScriptMessage(handler: "product", body: .null))
        let price = HTTPRequest(url: "https://shop.example/p/7/price")
        let stock = HTTPRequest(url: "https://shop.example/p/7/stock")
        func trace(_ first: (HTTPRequest, Int), _ second: (HTTPRequest, Int)) -> Cassette {
            Cassette(
                header: CassetteHeader(name: "run"),
                events: [
                    message, Event(id: 2, at: 0, cause: 1, strand: first.1, payload: first.0),
                    Event(id: 3, at: 0, cause: 1, strand: second.1, payload: second.0),
                ])
        }
        #expect(RunFingerprint(trace: trace((price, 1), (stock, 2))) == RunFingerprint(trace: trace((stock, 1), (price, 2))))
        // One strand's two calls in the other order are another run.
        #expect(RunFingerprint(trace: trace((price, 1), (stock, 1))) != RunFingerprint(trace: trace((stock, 1), (price, 1))))
    }
}
