import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// What the recorder learns from the runtime watch's enqueue hooks: a task
/// woken by code reacting to a stimulus reacts to that stimulus next, and
/// unstructured tasks started together off the main actor run at once.
@Suite("Recorder causes and strands from task handoffs", .enabled(if: watchSeesTasks))
struct TaskHandoffsTests {
    typealias Rig = RecorderCauseTests.Rig

    @Test("a consumer started before any message, woken by each message's handler, calls with that message as the cause")
    func consumerWokenByEachMessage() async throws {
        let rig = Rig()
        let inbox = rig.checkpoints
        let platform = rig.platform
        platform.webView.add(
            ReactingHandler { message in inbox.release("next \(message.body.stringValue ?? "")") }, name: "inbox")
        try await RuntimeWatchInstallation.during {
            // The app's long-lived consumer, as one started in `init` that drains an AsyncStream.
            let consumer = Task {
                for name in ["m1", "m2"] {
                    await inbox.wait("next \(name)")
                    await Rig.send(name, on: platform)
                    platform.routes.show(NativeRoute(name: name))
                }
            }
            for (index, name) in ["m1", "m2"].enumerated() {
                await inbox.waitUntilHeld(["next \(name)"])
                await rig.web.post(.string(name), to: "inbox")
                await rig.transport.calls.waitUntilHeld([Rig.url(name)])
                rig.answer(name)
                try await rig.recorder.waitForEvents(NativeRoute.eventKind, count: index + 1)
            }
            await consumer.value
        }
        let events = rig.recorder.cassette().events
        let messages = events.filter { $0.kind == ScriptMessage.eventKind }.map(\.id)
        #expect(messages.count == 2)
        let requests = events.filter { $0.kind == HTTPRequest.eventKind }
        #expect(requests.map(\.cause) == messages.map(Optional.some), "each request is caused by the message that woke the consumer: \(outline(events))")
        // After its request the consumer reacts to the answer it awaited, as any task does.
        let routes = events.filter { $0.kind == NativeRoute.eventKind }
        #expect(routes.map(\.cause) == requests.map { request in events.first { $0.answers == request.id }?.id })
    }

    /// The handler starts `one` and `two`, each in its own task (on the main
    /// actor when `onMain`); `two` waits until `one` was answered, so the
    /// recording never sees them in flight at once.
    static func recordStartedTogether(onMain: Bool) async throws -> [Event] {
        let rig = Rig()
        let checkpoints = rig.checkpoints
        rig.handle("go") { platform in
            if onMain {
                Task { @MainActor in await Rig.send("one", on: platform) }
                Task { @MainActor in
                    await checkpoints.wait("two")
                    await Rig.send("two", on: platform)
                }
            } else {
                Task { await Rig.send("one", on: platform) }
                Task {
                    await checkpoints.wait("two")
                    await Rig.send("two", on: platform)
                }
            }
        }
        try await RuntimeWatchInstallation.during {
            await rig.web.post(.string("go"), to: "go")
            await rig.transport.calls.waitUntilHeld([Rig.url("one")])
            rig.answer("one")
            try await rig.recorder.waitForEvents(HTTPResponse.eventKind, count: 1)
            await checkpoints.waitUntilHeld(["two"])
            checkpoints.release("two")
            await rig.transport.calls.waitUntilHeld([Rig.url("two")])
            rig.answer("two")
            try await rig.recorder.waitForEvents(HTTPResponse.eventKind, count: 2)
        }
        return rig.recorder.cassette().events
    }

    @Test("two tasks a handler starts off the main actor get strands, though their calls were answered one after the other")
    func startedTogetherOffTheMainActor() async throws {
        let events = try await Self.recordStartedTogether(onMain: false)
        let requests = events.filter { $0.kind == HTTPRequest.eventKind }
        #expect(requests.count == 2)
        #expect(Set(requests.map(\.strand)) == [1, 2], "\(outline(events))")
        #expect(CassetteValidator.problems(in: makeCassette(events)).isEmpty)
    }

    @Test("two tasks a handler starts on the main actor run in the order they were started, and keep their place")
    func startedTogetherOnTheMainActor() async throws {
        let events = try await Self.recordStartedTogether(onMain: true)
        let requests = events.filter { $0.kind == HTTPRequest.eventKind }
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.strand == nil }, "\(outline(events))")
    }
}

/// Whether the runtime watch sees tasks handed to executors here, and tasks are numbered.
private let watchSeesTasks = RuntimeWatchInstallation.seesTasks && CurrentTask.isNumberedByRuntime
