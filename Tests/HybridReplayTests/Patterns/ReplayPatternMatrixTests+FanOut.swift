import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Fan-outs: a quote handler asks for the fare and the ETA at once, from two
/// child tasks, and tells the page. The scheduler decides which child calls
/// first, so the correct bridge must pass whichever it is (the recording
/// marks the two requests with their `strand`); the wrong one tells the page
/// before its children are done, or takes the first answer for the fare,
/// and must fail every time. A third shape joins two completion handlers
/// with a `DispatchGroup` and tells the page from `notify(queue: .main)`;
/// its wrong variant leaves the fare out of the group, so the notification
/// runs once the ETA is in, before the fare's answer: caught every run where
/// the runtime watch counts the notification as a main-queue block (Linux,
/// under the watch), as often as it shows elsewhere.
extension ReplayPatternMatrixTests {
    enum FanOut: String, CaseIterable, Sendable {
        case asyncLet = "fan-out async let"
        case taskGroup = "fan-out task group"
        case dispatchGroup = "fan-out DispatchGroup.notify main queue"
    }

    @MainActor final class QuoteBridge: NSObject, ScriptMessageHandler {
        nonisolated static let fare = HTTPRequest(method: "POST", url: "https://api.ride.example/v1/fare")
        nonisolated static let eta = HTTPRequest(method: "POST", url: "https://api.ride.example/v1/eta")

        let platform: Platform
        let shape: FanOut
        let correct: Bool

        init(platform: Platform, shape: FanOut, correct: Bool) {
            self.platform = platform
            self.shape = shape
            self.correct = correct
            super.init()
            platform.webView.add(self, name: "quote")
        }

        nonisolated static func minutes(_ request: HTTPRequest, on transport: any HTTPTransport) async -> Int {
            let response = try? await transport.send(request)
            return response?.body?.text.flatMap { Int($0) } ?? -1
        }

        func didReceive(_ message: ScriptMessage) {
            let transport = platform.transport
            let webView = platform.webView
            switch shape {
            case .asyncLet:
                Task {
                    async let fare = Self.minutes(Self.fare, on: transport)
                    async let eta = Self.minutes(Self.eta, on: transport)
                    if !correct { webView.evaluateJavaScript("quoteReady()", completionHandler: nil) }
                    let quote = await (fare, eta)
                    webView.evaluateJavaScript("showQuote(\(quote.0), \(quote.1))", completionHandler: nil)
                    if correct { webView.evaluateJavaScript("quoteReady()", completionHandler: nil) }
                }
            case .taskGroup:
                let correct = self.correct
                Task {
                    let parts = await withTaskGroup(of: (isFare: Bool, minutes: Int).self) { group in
                        group.addTask { (true, await Self.minutes(Self.fare, on: transport)) }
                        group.addTask { (false, await Self.minutes(Self.eta, on: transport)) }
                        var parts: [(isFare: Bool, minutes: Int)] = []
                        for await part in group { parts.append(part) }
                        return parts
                    }
                    // The wrong bridge takes the first answer for the fare.
                    let fare = correct ? parts.first { $0.isFare }?.minutes ?? -1 : parts[0].minutes
                    let eta = correct ? parts.first { !$0.isFare }?.minutes ?? -1 : parts[1].minutes
                    webView.evaluateJavaScript("showQuote(\(fare), \(eta))", completionHandler: nil)
                    webView.evaluateJavaScript("quoteReady()", completionHandler: nil)
                }
            case .dispatchGroup:
                // A completion-handler client, as an app's networking layer has it.
                let fetch: @Sendable (HTTPRequest, @escaping @Sendable (Int) -> Void) -> Void = { request, completion in
                    Task { completion(await Self.minutes(request, on: transport)) }
                }
                let parts = Locked((fare: -1, eta: -1))
                let (group, correct) = (DispatchGroup(), correct)
                // The wrong bridge leaves the fare out of the group.
                if correct { group.enter() }
                fetch(Self.fare) { minutes in
                    parts.withLock { $0.fare = minutes }
                    if correct { group.leave() }
                }
                group.enter()
                fetch(Self.eta) { minutes in
                    parts.withLock { $0.eta = minutes }
                    group.leave()
                }
                group.notify(queue: .main) { @Sendable in
                    let quote = parts.withLock { $0 }
                    MainActor.assumeIsolated {
                        webView.evaluateJavaScript("showQuote(\(quote.fare), \(quote.eta))", completionHandler: nil)
                        webView.evaluateJavaScript("quoteReady()", completionHandler: nil)
                    }
                }
            }
        }
    }

    /// Whether a group's main-queue notification is counted as a block for the main queue,
    /// so that it runs before the next answer (Linux, under the runtime watch).
    static var countsGroupNotifications: Bool {
        #if os(Linux)
        watched && RuntimeWatchInstallation.seesDispatch
        #else
        false
        #endif
    }

    /// The ETA answered first, then the fare; each request made by its own child task.
    static let quote = Cassette(
        header: CassetteHeader(name: "quote-fan-out"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "quote", body: ["from": "A", "to": "B"])),
            Event(id: 2, at: 0, cause: 1, strand: 1, payload: QuoteBridge.eta),
            Event(id: 3, at: 0.1, answers: 2, payload: HTTPResponse(status: 200, body: .text("5"))),
            Event(id: 4, at: 0.1, cause: 1, strand: 2, payload: QuoteBridge.fare),
            Event(id: 5, at: 0.2, answers: 4, payload: HTTPResponse(status: 200, body: .text("30"))),
            Event(id: 6, at: 0.2, cause: 1, payload: JavaScriptEvaluation(script: "showQuote(30, 5)")),
            Event(id: 7, at: 0.2, answers: 6, payload: JavaScriptResult(.value(.null))),
            Event(id: 8, at: 0.2, cause: 1, payload: JavaScriptEvaluation(script: "quoteReady()")),
            Event(id: 9, at: 0.2, answers: 8, payload: JavaScriptResult(.value(.null))),
        ])

    @Test("a fan-out of two child tasks replays green whichever child calls first, and fails when it tells the page too early or pairs answers by arrival",
          arguments: FanOut.allCases)
    func fanOut(_ shape: FanOut) async {
        let raced = shape == .dispatchGroup && !Self.countsGroupNotifications
        await Self.measure(shape.rawValue, wrongIsARace: raced) { correct in
            await Self.underWatch {
                await Replayer(cassette: Self.quote, options: Self.options(for: nil, correct: correct)).replay { platform in
                    await QuoteBridge(platform: platform, shape: shape, correct: correct)
                }
            }
        }
    }
}
