import Foundation
import HybridReplaySimulation
import HybridReplayTesting
import Testing

@testable import HybridReplay

/// An app that fetches one URL and shows a native screen saying how it went:
/// `loaded` with the status, or `failed` with the error's code, domain and message.
struct FetchReporter: Sendable {
    let platform: Platform
    let url: String

    /// Fetches and reports; returns the error the transport threw, if any.
    @discardableResult
    func run() async -> HTTPTransportError? {
        do {
            let response = try await platform.transport.send(HTTPRequest(url: url))
            platform.routes.show(NativeRoute(name: "loaded", parameters: ["status": .number(Double(response.status))]))
            return nil
        } catch {
            platform.routes.show(
                NativeRoute(
                    name: "failed",
                    parameters: [
                        "code": .number(Double(error.code)), "domain": .string(error.domain), "message": .string(error.message),
                    ]))
            return error
        }
    }
}

/// Runs an app's tasks and collects what they returned, for the test to read after the replay.
final class Outcomes<Value: Sendable>: Sendable {
    private let tasks = Locked<[Task<Value, Never>]>([])

    /// Starts `body` in a task of its own.
    func start(_ body: @escaping @Sendable () async -> Value) {
        let task = Task { await body() }
        tasks.withLock { $0.append(task) }
    }

    /// What every task started so far returned, waiting for those still running.
    var all: [Value] {
        get async {
            var values: [Value] = []
            for task in tasks.current { values.append(await task.value) }
            return values
        }
    }
}

@Suite("http.error: record, write, read, replay")
struct TransportErrorRoundTripTests {
    static let url = "https://api.example.com/user"

    /// The cassette a scripted transport that times out records.
    static func recordTimeout() async -> Cassette {
        let recorder = stillRecorder(name: "timeout")
        let transport = ScriptedHTTPTransport(fallibleRoutes: { _ throws(HTTPTransportError) in
            throw HTTPTransportError("timed out after 30 s", code: HTTPTransportError.Code.timedOut)
        })
        await FetchReporter(platform: recorder.platform(wrapping: .simulated(transport: transport)), url: url).run()
        return recorder.cassette()
    }

    /// Replays `cassette` against ``FetchReporter``; the errors it saw come back with the report.
    static func replay(_ cassette: Cassette) async -> (ReplayReport, [HTTPTransportError?]) {
        let seen = Outcomes<HTTPTransportError?>()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let reporter = FetchReporter(platform: platform, url: url)
            seen.start { await reporter.run() }
            return reporter
        }
        return (report, await seen.all)
    }

    @Test("a scripted timeout is recorded as an http.error answering its request, and causes what the app does next")
    func recordsTheFailure() async throws {
        let cassette = await Self.recordTimeout()
        let failure = HTTPTransportFailure(code: -1001, domain: "NSURLErrorDomain", message: "timed out after 30 s")
        #expect(cassette.events.map(\.kind.description) == ["http.request", "http.error", "navigation.route"])
        #expect(cassette.events[1] == Event(id: 2, at: 0, answers: 1, payload: failure))
        #expect(cassette.events[2].cause == 2)
        #expect(CassetteValidator.problems(in: cassette).isEmpty)
    }

    @Test("the written cassette reads back equal, in canonical form, as format version 2")
    func writesAndReads() async throws {
        let cassette = await Self.recordTimeout()
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""formatVersion": 2,"#))
        #expect(text.contains("""
                  "kind": "error",
                  "answers": 1,
                  "at": 0,
                  "payload": {
                    "code": -1001,
                    "domain": "NSURLErrorDomain",
                    "message": "timed out after 30 s"
                  }
            """))
        let read = try CassetteReader().read(Array(bytes), path: "timeout.json")
        #expect(read == cassette)
    }

    @Test("on replay the awaiting call throws the recorded error, not a mismatch error, and the replay passes")
    func replayThrowsTheRecordedError() async throws {
        let (report, seen) = await Self.replay(await Self.recordTimeout())
        #expect(report.passed, "\(report)")
        #expect(seen == [HTTPTransportError("timed out after 30 s", code: -1001, domain: "NSURLErrorDomain")])
    }

    @Test("an http.error with another code makes the app's reaction diverge, naming the field")
    func wrongErrorCodeDiverges() async throws {
        var cassette = await Self.recordTimeout()
        var failure = try #require(cassette.events[1].payload(as: HTTPTransportFailure.self))
        failure.code = HTTPTransportError.Code.notConnectedToInternet
        cassette.events[1].payload = failure
        let (report, seen) = await Self.replay(cassette)
        #expect(seen.first??.code == -1009)
        #expect(!report.passed)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        #expect(issue.eventID == 3)
        #expect(issue.differences.map(\.path) == ["parameters.code"], "\(report)")
        #expect(issue.differences.first?.expected == "-1001")
        #expect(issue.differences.first?.actual == "-1009")
    }

    @Test("a request the cassette answers with a response where the app recorded an error diverges at the app's reaction")
    func responseInsteadOfError() async throws {
        var cassette = await Self.recordTimeout()
        cassette.events[1].payload = HTTPResponse(status: 200)
        let (report, seen) = await Self.replay(cassette)
        #expect(seen == [nil])
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 3, "\(report)")
    }

    @Test("a request a recording that ended left unanswered throws HybridReplay's own error, in its own domain")
    func unansweredRequest() async throws {
        var cassette = await Self.recordTimeout()
        cassette.events.removeSubrange(1...)
        let (report, seen) = await Self.replay(cassette)
        let error = try #require(seen.first ?? nil)
        #expect(error.domain == "HybridReplay")
        #expect(error.code != HTTPTransportError.Code.timedOut)
        #expect(error.message.contains("does not match the cassette"))
        // The recording ended with the request in flight: what the app does about it is not judged.
        #expect(report.passed, "\(report)")
    }

    @Test("cassette show prints the code, the domain, the message and the request it answers")
    func showLine() async throws {
        let cassette = await Self.recordTimeout()
        #expect(
            cassette.events[1].payload.summary == "-1001 NSURLErrorDomain: timed out after 30 s")
    }
}

@Suite("http.error over URLSession on loopback")
struct TransportErrorLoopbackTests {
    @Test("a refused port is recorded as URLError -1004 and replays offline as the same error", .hangGuard(minutes: 1))
    func refusedPort() async throws {
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let url = refusing.baseURL + "/"
        let recorder = stillRecorder(name: "refused")
        let live = Platform.simulated(transport: URLSessionTransport(timeout: .seconds(10)))
        let recorded = await FetchReporter(platform: recorder.platform(wrapping: live), url: url).run()
        #expect(recorded?.code == HTTPTransportError.Code.cannotConnectToHost)
        #expect(recorded?.domain == "NSURLErrorDomain")

        let cassette = recorder.cassette()
        let failure = try #require(cassette.events.dropFirst().first?.payload(as: HTTPTransportFailure.self))
        #expect(failure == HTTPTransportFailure(try #require(recorded)))
        let read = try CassetteReader().read(Array(CassetteWriter.canonicalBytes(of: cassette)), path: "refused.json")
        let seen = Outcomes<HTTPTransportError?>()
        let report = await Replayer(cassette: read, options: fastReplay).replay { platform in
            let reporter = FetchReporter(platform: platform, url: url)
            seen.start { await reporter.run() }
            return reporter
        }
        #expect(report.passed, "\(report)")
        #expect(await seen.all == [recorded])
    }

    @Test("a server slower than the timeout is recorded as URLError -1001", .hangGuard(minutes: 1))
    func timeout() async throws {
        let hold = ResponseHold()
        let server = try LoopbackHTTPServer(routes: [
            "/slow": { _ in
                hold.wait()
                return .json([:])
            }
        ])
        defer { server.shutdown() }
        defer { hold.release() }
        let recorder = stillRecorder(name: "slow")
        let live = Platform.simulated(transport: URLSessionTransport(timeout: .milliseconds(100)))
        await FetchReporter(platform: recorder.platform(wrapping: live), url: server.baseURL + "/slow").run()
        let failure = try #require(recorder.cassette().events.dropFirst().first?.payload(as: HTTPTransportFailure.self))
        #expect(failure.code == HTTPTransportError.Code.timedOut)
        #expect(failure.domain == "NSURLErrorDomain")
        #expect(failure.message.hasPrefix("timed out after"))
        #expect(!failure.message.contains("127.0.0.1"), "the message must not repeat the URL: \(failure.message)")
    }
}
