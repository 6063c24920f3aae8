import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recorder under concurrency")
struct RecorderConcurrencyTests {
    static let producers = 12
    static let messagesPerProducer = 40

    @Test("loses and duplicates nothing when many tasks post messages, send requests and deliver fixes at once")
    func manyProducers() async throws {
        let recorder = Recorder(name: "concurrent", clock: ContinuousClock())
        let page = SimulatedWebView { script, _ in .success(.string(script)) }
        let server = ScriptedHTTPTransport { request in HTTPResponse(status: 200, body: .text(request.urlString)) }
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let platform = recorder.platform(
            wrapping: .simulated(webView: page, transport: server, cookieStore: InMemoryCookieStore(), locationManager: manager))
        RecordingApps.EchoBridge(platform: platform).install()
        RecordingApps.LocationService(platform: platform).start()
        await manager.settle()
        let setUp = recorder.events.count

        try await withThrowingTaskGroup(of: Void.self) { group in
            for producer in 0..<Self.producers {
                group.addTask {
                    for index in 0..<Self.messagesPerProducer {
                        switch producer % 3 {
                        case 0:
                            try page.postMessage(.string("p\(producer)-\(index)"), to: "echo")
                        case 1:
                            _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/p\(producer)/\(index)"))
                        default:
                            manager.deliver([LocationFix(latitude: Double(producer), longitude: Double(index), timestamp: "2026-11-30T11:46:56Z")])
                        }
                        if index % 8 == 0 { await Task.yield() }
                    }
                }
            }
            try await group.waitForAll()
        }

        let events = recorder.events
        let perProducer = Self.messagesPerProducer
        let thirds = Self.producers / 3
        // Each message: message, evaluate, result, route. Each request: request, response. Each fix: batch, publish.
        #expect(events.count == setUp + thirds * perProducer * (4 + 2 + 2))
        #expect(events.map(\.id) == Array(1...events.count))
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.at <= $1.at })
        #expect(CassetteValidator.problems(in: recorder.cassette()).isEmpty)

        let byID = Dictionary(uniqueKeysWithValues: events.map { ($0.id, $0) })
        let messages = events.compactMap { $0.payload(as: ScriptMessage.self)?.body.stringValue }
        #expect(messages.count == thirds * perProducer)
        #expect(Set(messages).count == messages.count)
        for event in events {
            if let evaluation = event.payload(as: JavaScriptEvaluation.self), let cause = event.cause {
                // Each evaluation is caused by the message whose text it echoes.
                let message = byID[cause]?.payload(as: ScriptMessage.self)
                #expect(evaluation.script == "changeEcho(\(message?.body ?? .null))")
            }
            if let response = event.payload(as: HTTPResponse.self), let answered = event.answers {
                #expect(byID[answered]?.payload(as: HTTPRequest.self)?.urlString == (response.body.flatMap { if case .text(let url) = $0 { url } else { nil } }))
            }
            if let published = event.payload(as: LocationServiceValue.self), let cause = event.cause {
                let fix = byID[cause]?.payload(as: LocationUpdate.self)?.locations.first
                #expect(published.value.objectValue?["latitude"]?.numberValue == fix?.latitude)
                #expect(published.value.objectValue?["longitude"]?.numberValue == fix?.longitude)
            }
        }
        let requests = events.compactMap { $0.payload(as: HTTPRequest.self)?.urlString }
        #expect(Set(requests).count == thirds * perProducer)
        #expect(events.filter { $0.kind == JavaScriptEvaluation.eventKind }.allSatisfy { $0.cause != nil })
        #expect(events.filter { $0.kind == LocationServiceValue.eventKind }.allSatisfy { $0.cause != nil })
    }

    @Test("numbers events from many plain threads without gaps or repeats")
    func manyThreads() {
        let recorder = stillRecorder()
        let platform = recorder.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore()))
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for index in 0..<100 {
                platform.routes.show(NativeRoute(name: "t\(thread)", parameters: ["i": .number(Double(index))]))
            }
        }
        let events = recorder.events
        #expect(events.map(\.id) == Array(1...1600))
        let routes = events.compactMap { $0.payload(as: NativeRoute.self) }
        #expect(Set(routes).count == 1600)
    }
}
