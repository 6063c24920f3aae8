import Foundation
import HybridReplayReference
import HybridReplayTesting
import Testing

/// `encodeTestArgument(to:)` through an encoder, as Swift Testing calls it.
private struct Encoded: Encodable {
    let variant: VariantCase
    func encode(to encoder: any Encoder) throws { try variant.encodeTestArgument(to: encoder) }
}

/// A copy of the reference reply bridge that never replies when the body is not an object.
private struct SilentOnOtherBodies: ScriptMessageHandlerWithReply {
    let transport: any HTTPTransport

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        guard case .object = message.body else { return }
        let transport = transport
        Task {
            do {
                let response = try await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint))
                replyHandler(.value(.string(RandomUserFetcher.text(of: response.body))))
            } catch {
                replyHandler(.error("the request failed: \(error)"))
            }
        }
    }
}

private let promiseReply = "../../Cassettes/bridge/promise-reply.json"

@Suite("VariantCase")
struct VariantCaseTests {
    @Test("every variant of a cassette is a case, in the generator's order, and a shard keeps its part")
    func all() throws {
        let cases = try VariantCase.all(of: promiseReply)
        let cassette = try suiteCassette("bridge/promise-reply.json")
        #expect(cases.map(\.id) == VariantGenerator().variants(of: cassette).map(\.id))
        let shard = try #require(Shard(index: 2, count: 3))
        #expect(try VariantCase.all(of: promiseReply, shard: shard).map(\.id) == cases.map(\.id).filter { shard.contains($0) })
    }

    @Test("a case is encoded as its variant id, so Xcode re-runs the same variant")
    func encoded() throws {
        let variant = try #require(try VariantCase.all(of: promiseReply).first)
        let data = try JSONEncoder().encode(Encoded(variant: variant))
        #expect(String(decoding: data, as: UTF8.self) == "\"\(variant.id)\"")
        #expect(variant.testDescription == "\(variant.id) (\(variant.summary))")
    }

    @Test("a file that is not a cassette is an error")
    func unreadable() {
        #expect(throws: CassetteReadError.self) { _ = try VariantCase.all(of: "no-such-cassette.json") }
    }
}

@Suite("exploreVariant")
struct ExploreVariantTests {
    @Test("a variant broken by the implementation is an issue naming the rule, the fingerprint and the line that replays it")
    func reportsAFailure() async throws {
        let cases = try VariantCase.all(of: promiseReply)
        let variant = try #require(cases.first { $0.id.description == "v1:bridge-promise-reply:body:1:string" })
        var exploration: Exploration?
        await withKnownIssue {
            exploration = await exploreVariant(variant) { platform in
                let bridge = SilentOnOtherBodies(transport: platform.transport)
                platform.webView.add(bridge, name: PromiseReplyBridge.handlerName)
                return bridge
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("[reply-once]")
                && text.contains("exploreVariant(\"v1:bridge-promise-reply:body:1:string\", of: ")
                && text.contains("fingerprint: \"")
        }
        let failure = try #require(exploration?.failures.first)
        #expect(exploration?.explored == 1)
        #expect(failure.isDeterministic)
    }

    @Test("replaying an id with its fingerprint against a fixed implementation says the run differs")
    func reportsADifferentRun() async throws {
        await withKnownIssue {
            await exploreVariant("v1:bridge-promise-reply:body:1:string", of: promiseReply, fingerprint: "0123456789abcdef") { platform in
                PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("ran differently from the run reported (fingerprint 0123456789abcdef")
        }
    }

    @Test("an id, a fingerprint or a cassette that cannot be read is an issue that says what one looks like")
    func misuse() async {
        await withKnownIssue {
            await exploreVariant("not-an-id", of: promiseReply) { platform in PromiseReplyBridge(webView: platform.webView, transport: platform.transport) }
        } matching: { $0.comments.map(\.rawValue).joined().contains("is not a variant id") }
        await withKnownIssue {
            await exploreVariant("v1:bridge-promise-reply:body:1:string", of: promiseReply, fingerprint: "xyz") { platform in
                PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
            }
        } matching: { $0.comments.map(\.rawValue).joined().contains("is not a run fingerprint") }
        await withKnownIssue {
            await exploreVariant("v1:bridge-promise-reply:body:1:nothing", of: promiseReply) { platform in
                PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
            }
        } matching: { $0.comments.map(\.rawValue).joined().contains("the cassette has no such variant") }
        await withKnownIssue {
            await exploreVariant("v1:bridge-promise-reply:body:1:string", of: "missing.json") { platform in
                PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
            }
        } matching: { $0.comments.map(\.rawValue).joined().contains("cannot explore variant") }
    }
}

/// An echo bridge written as iOS code is: a main-actor class that hops back
/// to the main queue, with no navigation delegate.
@MainActor
private final class MainQueueEcho: ScriptMessageHandler {
    let webView: any WebView

    init(webView: any WebView) {
        self.webView = webView
        webView.add(self, name: EchoBridge.handlerName)
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        DispatchQueue.main.async {
            self.webView.evaluateJavaScript("changeEcho(\(JavaScriptLiteral.string(text)))", completionHandler: nil)
        }
    }
}

@Suite("exploreVariant with app code written for iOS")
struct ExploreVariantAppCodeTests {
    @Test(
        "a main-actor bridge hopping to the main queue keeps the rules on every variant, a process ending it never hears of included",
        arguments: try VariantCase.all(of: "../../Cassettes/bridge/echo-hello.json"))
    func mainQueueBridge(_ variant: VariantCase) async {
        // Before exploring skipped a stimulus with no receiver at once, the process-ended variants waited out the stall timeout and broke no-hang.
        let exploration = await exploreVariant(variant) { platform in await MainQueueEcho(webView: platform.webView) }
        #expect(exploration?.passed == true)
    }
}

/// The reference reply bridge, but the reply is made on a global queue and
/// handed back through the main queue, as iOS code hops after decoding.
private struct DispatchReplyBridge: ScriptMessageHandlerWithReply {
    let transport: any HTTPTransport

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        guard case .object = message.body else { return replyHandler(.error("the body is not an object")) }
        let transport = transport
        Task {
            let outcome: Outcome
            do {
                let response = try await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint))
                outcome = .value(.string(RandomUserFetcher.text(of: response.body)))
            } catch {
                outcome = .error("the request failed: \(error)")
            }
            DispatchQueue.global().async {
                DispatchQueue.main.async { replyHandler(outcome) }
            }
        }
    }
}

@Suite("exploreCassette of the testing glue")
struct ExploreCassetteGlueTests {
    @Test("a bridge that answers through a global queue and the main queue explores clean, run after run")
    func dispatchAnswersAreWaitedFor() async throws {
        for _ in 1...3 {
            let exploration = await exploreCassette(promiseReply) { platform in
                let bridge = DispatchReplyBridge(transport: platform.transport)
                platform.webView.add(bridge, name: PromiseReplyBridge.handlerName)
                return bridge
            }
            let explored = try #require(exploration)
            #expect(explored.explored > 10)
            #expect(explored.failures.isEmpty, "\(explored.failures.map(\.variant.id))")
        }
    }

    @Test("each variant the implementation breaks is an issue at the call, naming the rule and the line that replays it")
    func reportsFailures() async throws {
        var exploration: Exploration?
        await withKnownIssue(isIntermittent: false) {
            exploration = await exploreCassette(promiseReply) { platform in
                let bridge = SilentOnOtherBodies(transport: platform.transport)
                platform.webView.add(bridge, name: PromiseReplyBridge.handlerName)
                return bridge
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("[reply-once]") && text.contains("exploreVariant(\"v1:bridge-promise-reply:")
        }
        let failures = try #require(exploration?.failures)
        #expect(failures.contains { $0.variant.id.description == "v1:bridge-promise-reply:body:1:string" })
    }

    @Test("a file that is not a cassette is an issue that names it")
    func unreadable() async {
        await withKnownIssue {
            let exploration = await exploreCassette("no-such-cassette.json") { _ in 0 }
            #expect(exploration == nil)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("cannot explore ")
                && issue.comments.map(\.rawValue).joined().contains("no-such-cassette.json")
        }
    }
}
