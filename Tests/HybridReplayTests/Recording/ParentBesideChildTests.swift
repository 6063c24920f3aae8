import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A parent that calls after creating a child task and before the child's
/// call ran beside it, even when every answer comes at once so no call is
/// ever in flight beside another. Where the runtime watch is in, the
/// recorder sees the child created and gives both calls a strand; the
/// parent's calls before the creation, and after it awaited the child, keep
/// their place (with the watch in or not: `StrandsTests`).
@Suite("Recorder strands of a parent beside its child")
struct ParentBesideChildTests {
    typealias Rig = RecorderCauseTests.Rig

    /// The parent shows a `loading` route, creates `async let child`, and
    /// calls `beside`; the child waits for the test before it calls; the
    /// parent then awaits the child and shows `joined`. The parent's call is
    /// answered, and its answer recorded, before the child calls.
    static func record() async throws -> [Event] {
        let rig = Rig()
        let checkpoints = rig.checkpoints
        rig.handle("go") { platform in
            rig.tasks.start {
                platform.routes.show(NativeRoute(name: "loading"))
                async let child: Void = {
                    await checkpoints.wait("child")
                    await Rig.send("child", on: platform)
                }()
                await Rig.send("beside", on: platform)
                await child
                platform.routes.show(NativeRoute(name: "joined"))
            }
        }
        let drive = {
            await rig.web.post(.string("go"), to: "go")
            await rig.transport.calls.waitUntilHeld([Rig.url("beside")])
            rig.answer("beside")
            try await rig.recorder.waitForEvents(HTTPResponse.eventKind, count: 1)
            await checkpoints.waitUntilHeld(["child"])
            checkpoints.release("child")
            await rig.transport.calls.waitUntilHeld([Rig.url("child")])
            rig.answer("child")
            await rig.tasks.settle()
        }
        try await RuntimeWatchInstallation.during(drive)
        return rig.recorder.cassette().events
    }

    static func strand(of name: String, in events: [Event]) -> Int?? {
        events.first { $0.payload(as: HTTPRequest.self)?.urlString == Rig.url(name) }.map(\.strand)
    }

    @Test("a parent's call answered at once, made after creating its child and before the child's call, gets a strand beside it",
          .enabled(if: CurrentTask.isNumberedByRuntime && RuntimeWatchInstallation.seesTasks))
    func besideAChildWithInstantAnswers() async throws {
        let events = try await Self.record()
        #expect(Set([Self.strand(of: "beside", in: events), Self.strand(of: "child", in: events)]) == [.some(1), .some(2)],
                "\(outline(events))")
        let routes = events.filter { $0.kind == NativeRoute.eventKind }
        #expect(routes.map { $0.payload(as: NativeRoute.self)?.name } == ["loading", "joined"])
        #expect(routes.allSatisfy { $0.strand == nil }, "made before creating the child, and after awaiting it: they keep their place")
        #expect(CassetteValidator.problems(in: makeCassette(events)).isEmpty)
    }
}
