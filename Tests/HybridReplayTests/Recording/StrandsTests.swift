import Foundation
import Testing
@testable import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplaySimulation

/// Which effects the recorder writes with a strand: those of one cause made
/// by two or more structured child tasks. Answers are held until the test
/// releases them, so what each task does next is the test's order; which
/// sibling makes its first call first is the scheduler's, so the strands are
/// checked as a set.
@Suite("Recorder strands of concurrent child tasks")
struct StrandsTests {
    typealias Rig = RecorderCauseTests.Rig

    @Test("the child tasks of an async let pair get strands 1 and 2; the parent's effects and a lone child's get none")
    func asyncLetSiblings() async {
        let rig = Rig()
        rig.handle("go") { platform in
            rig.tasks.start {
                await Rig.send("before", on: platform)
                async let first: Void = Rig.send("a", on: platform)
                async let second: Void = Rig.send("b", on: platform)
                _ = await (first, second)
                platform.routes.show(NativeRoute(name: "done"))
            }
        }
        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld([Rig.url("before")])
        rig.answer("before")
        await rig.transport.calls.waitUntilHeld([Rig.url("a"), Rig.url("b")])
        rig.answer("a")
        rig.answer("b")
        await rig.tasks.settle()

        let events = rig.recorder.cassette().events
        func strand(_ name: String) -> Int?? {
            events.first { $0.payload(as: HTTPRequest.self)?.urlString == Rig.url(name) }.map(\.strand)
        }
        #expect(Set([strand("a"), strand("b")]) == [.some(1), .some(2)], "\(outline(events))")
        #expect(strand("before") == .some(nil), "the parent's call before the fan-out keeps its place")
        #expect(events.first { $0.payload(as: NativeRoute.self)?.name == "done" }?.strand == nil)
        #expect(events.filter { $0.direction == .stimulus }.allSatisfy { $0.strand == nil })
        #expect(CassetteValidator.problems(in: rig.recorder.cassette()).isEmpty)
    }

    @Test("the children of a discarding task group get strands as a task group's do")
    func discardingTaskGroupChildren() async {
        let rig = Rig()
        rig.handle("go") { platform in
            rig.tasks.start {
                await withDiscardingTaskGroup { group in
                    group.addTask { await Rig.send("a", on: platform) }
                    group.addTask { await Rig.send("b", on: platform) }
                }
                platform.routes.show(NativeRoute(name: "done"))
            }
        }
        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld([Rig.url("a"), Rig.url("b")])
        rig.answer("a")
        rig.answer("b")
        await rig.tasks.settle()

        let events = rig.recorder.cassette().events
        func strand(_ name: String) -> Int?? {
            events.first { $0.payload(as: HTTPRequest.self)?.urlString == Rig.url(name) }.map(\.strand)
        }
        #expect(Set([strand("a"), strand("b")]) == [.some(1), .some(2)], "\(outline(events))")
        #expect(events.first { $0.payload(as: NativeRoute.self)?.name == "done" }?.strand == nil)
        #expect(CassetteValidator.problems(in: rig.recorder.cassette()).isEmpty)
    }

    @Test("a task group's children are numbered in the order each first made an effect of the cause", arguments: [6])
    func taskGroupChildren(count: Int) async throws {
        let rig = Rig()
        let names = (0..<count).map { "c\($0)" }
        rig.handle("go") { platform in
            rig.tasks.start {
                await withTaskGroup(of: Void.self) { group in
                    for name in names {
                        group.addTask {
                            await Rig.send(name, on: platform)
                            await Rig.send("\(name)-again", on: platform)
                        }
                    }
                }
            }
        }
        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld(Set(names.map(Rig.url)))
        for name in names { rig.answer(name) }
        await rig.transport.calls.waitUntilHeld(Set(names.map { Rig.url("\($0)-again") }))
        for name in names { rig.answer("\(name)-again") }
        await rig.tasks.settle()

        let events = rig.recorder.events
        let message = try #require(rig.message("go"))
        // The first requests share the message as their cause: one strand per child, numbered by first call.
        let first = events.filter { $0.cause == message && $0.kind == HTTPRequest.eventKind }
        #expect(first.count == count)
        #expect(first.map(\.strand) == (1...count).map { $0 }, "\(outline(events))")
        // Each second request is caused by its own task's answer, alone in its cause: no strand.
        let again = events.filter { $0.payload(as: HTTPRequest.self)?.urlString.hasSuffix("-again") == true }
        #expect(again.count == count)
        #expect(again.allSatisfy { $0.strand == nil }, "\(outline(events))")
    }

    @Test("unstructured tasks get strands only where the recording shows them running at once: both calls in flight")
    func unstructuredTasks() async {
        let rig = Rig()
        rig.handle("go") { platform in
            rig.tasks.start {
                let one = Task { await Rig.send("one", on: platform) }
                let two = Task { await Rig.send("two", on: platform) }
                let detached = Task.detached { platform.routes.show(NativeRoute(name: "detached")) }
                platform.routes.show(NativeRoute(name: "inline"))
                await detached.value
                await one.value
                await two.value
            }
        }
        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld([Rig.url("one"), Rig.url("two")])
        rig.answer("one")
        rig.answer("two")
        await rig.tasks.settle()

        let events = rig.recorder.cassette().events
        #expect(events.filter { $0.direction == .effect }.count == 4, "\(outline(events))")
        let requests = events.filter { $0.kind == HTTPRequest.eventKind }
        #expect(Set(requests.map(\.strand)) == [1, 2], "two calls in flight at once: \(outline(events))")
        #expect(events.filter { $0.kind == NativeRoute.eventKind }.allSatisfy { $0.strand == nil }, "\(outline(events))")
    }

    @Test("numbering is per cause, and a cause with one child task writes none")
    func numberingPerCause() {
        let request = HTTPRequest(url: "https://api.example.com/x")
        let events = [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "a", body: "1")),
            Event(id: 2, at: 0, cause: 1, payload: request),
            Event(id: 3, at: 0, cause: 1, payload: request),
            Event(id: 4, at: 0, cause: 1, payload: request),
            Event(id: 5, at: 0, payload: ScriptMessage(handler: "b", body: "2")),
            Event(id: 6, at: 0, cause: 5, payload: request),
            Event(id: 7, at: 0, cause: 5, payload: request),
            Event(id: 8, at: 0, payload: request),
            Event(id: 9, at: 0, payload: request),
        ]
        let tasks: [Int: CurrentTask.ID] = [
            2: .init(value: 40), 3: .init(value: 30), 4: .init(value: 40),  // two children of message 1
            6: .init(value: 50),  // one child of message 2, beside its parent's effect 7
            8: .init(value: 60), 9: .init(value: 70),  // two children without a cause
        ]
        let numbered = Strands.numbered(events, Strands.Tasks(all: tasks, children: Set(tasks.keys)))
        #expect(numbered.map(\.strand) == [nil, 1, 2, 1, nil, nil, nil, 1, 2])
        let one: [Int: CurrentTask.ID] = [2: .init(value: 1)]
        #expect(Strands.numbered(events, Strands.Tasks(all: one, children: Set(one.keys))).allSatisfy { $0.strand == nil })
    }

    @Test("a child task is told from its parent by the runtime's task header", .enabled(if: CurrentTask.isNumberedByRuntime))
    func childTaskDetection() async {
        // A detached task is nobody's child (a test function itself may run as a child task of Swift Testing's).
        let seen = await Task.detached { () -> [CurrentTask.ID?] in
            async let child = CurrentTask.structuredChild
            let grouped = await withTaskGroup(of: CurrentTask.ID?.self) { group in
                group.addTask { CurrentTask.structuredChild }
                return await group.next() ?? nil
            }
            let unstructured = await Task { CurrentTask.structuredChild }.value
            return [CurrentTask.structuredChild, await child, grouped, unstructured, CurrentTask.id]
        }.value
        #expect(seen[0] == nil, "a detached task")
        #expect(seen[1] != nil, "an async let child")
        #expect(seen[1] != seen[4], "the child's number is its own")
        #expect(seen[2] != nil, "a task group's child")
        #expect(seen[3] == nil, "a Task started inside")
    }

    @Test("effects the test function makes itself, and a handler's own effects, get no strand beside an app's fan-out")
    func driveAndHandlerKeepTheirPlace() async {
        let rig = Rig()
        rig.handle("go") { platform in
            platform.routes.show(NativeRoute(name: "handler"))
            rig.tasks.start {
                async let first: Void = Rig.send("a", on: platform)
                async let second: Void = Rig.send("b", on: platform)
                _ = await (first, second)
            }
        }
        // Two effects of the drive's own (no cause), beside two without a cause from children of a fan-out.
        rig.platform.routes.show(NativeRoute(name: "drive"))
        rig.tasks.start {
            async let x: Void = Rig.send("x", on: rig.platform)
            async let y: Void = Rig.send("y", on: rig.platform)
            _ = await (x, y)
        }
        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld([Rig.url("a"), Rig.url("b"), Rig.url("x"), Rig.url("y")])
        for name in ["a", "b", "x", "y"] { rig.answer(name) }
        await rig.tasks.settle()

        let events = rig.recorder.cassette().events
        func strand(_ name: String) -> Int?? {
            events.first { $0.payload(as: HTTPRequest.self)?.urlString == Rig.url(name) }.map(\.strand)
        }
        #expect(Set([strand("a"), strand("b")]) == [.some(1), .some(2)], "\(outline(events))")
        #expect(Set([strand("x"), strand("y")]) == [.some(1), .some(2)], "\(outline(events))")
        #expect(events.filter { $0.kind == NativeRoute.eventKind }.count == 2)
        #expect(events.filter { $0.kind == NativeRoute.eventKind }.allSatisfy { $0.strand == nil }, "\(outline(events))")
    }

    // MARK: The written order of a fan-out

    static let devices = HTTPRequest(method: "POST", url: "https://api.ride.example/v1/devices")
    static let profile = HTTPRequest(method: "GET", url: "https://api.ride.example/v1/me")

    /// A sign-in message, then `order` (d/p: the devices and profile calls of
    /// two child tasks; D/P: their answers), then the page told; ids and strands as they happened,
    /// all at time 0 as on a manual clock, or 0.1 s apart.
    static func signIn(_ order: String, timed: Bool = false) -> [Event] {
        var events = [Event(id: 1, at: 0, payload: ScriptMessage(handler: "signIn", body: "go"))]
        var callID: [Character: Int] = [:]
        var strands: [Character: Int] = [:]
        for (offset, letter) in order.enumerated() {
            let id = offset + 2
            let at = timed ? Double(offset) / 10 : 0
            switch letter {
            case "d", "p":
                strands[letter] = strands[letter] ?? strands.count + 1
                callID[letter] = id
                events.append(Event(id: id, at: at, cause: 1, strand: strands[letter], payload: letter == "d" ? devices : profile))
            default:
                let call = callID[Character(letter.lowercased())]
                events.append(Event(id: id, at: at, answers: call, payload: HTTPResponse(status: letter == "D" ? 201 : 200)))
            }
        }
        events.append(Event(id: order.count + 2, at: timed ? 1 : 0, cause: 1, payload: JavaScriptEvaluation(script: "signedIn()")))
        return events
    }

    static func written(_ order: String) -> String {
        CassetteWriter.canonicalText(of: makeCassette(Strands.canonical(signIn(order))))
    }

    @Test("re-recorded fan-outs whose answers came in one order are written the same, whichever call was made first",
          arguments: [["dDpP", "dpDP", "pdDP"], ["pPdD", "dpPD", "pdPD"]])
    func sameAnswerOrderSameBytes(orders: [String]) throws {
        let texts = orders.map(Self.written)
        #expect(Set(texts).count == 1, "\(orders)")
        let cassette = makeCassette(Strands.canonical(Self.signIn(orders[0])))
        #expect(CassetteValidator.problems(in: cassette).isEmpty)
        // Each answer right after its own call, in the answers' recorded order.
        let kinds = cassette.events.dropFirst().dropLast().map { event in
            event.payload(as: HTTPRequest.self).map { $0.method } ?? "answer \(event.answers ?? 0)"
        }
        #expect(kinds == (orders[0].first == "d" ? ["POST", "answer 2", "GET", "answer 4"] : ["GET", "answer 2", "POST", "answer 4"]))
        #expect(cassette.events.dropFirst().dropLast().compactMap(\.strand) == [1, 2])
    }

    @Test("the order the answers came in is kept: it is what the app saw")
    func answerOrderIsKept() {
        #expect(Self.written("dpDP") != Self.written("dpPD"))
    }

    @Test("a time that would go back takes the one before it, and a fan-out already in place is left as it is")
    func timesAndUntouched() {
        let moved = Strands.canonical(Self.signIn("dpDP", timed: true))
        #expect(moved.map(\.at) == [0, 0, 0.2, 0.2, 0.3, 1])
        let inPlace = Self.signIn("dDpP")
        #expect(Strands.canonical(inPlace) == inPlace)
        let unstranded = FanOutOrderingTests.quote(cause: 1)
        #expect(Strands.canonical(unstranded) == unstranded)
    }

    @Test("a parent's call made while its child's call awaits an answer gets a strand beside the child's, in either recorded order",
          arguments: [true, false])
    func parentBesideChild(childFirst: Bool) async {
        let rig = Rig()
        let checkpoints = rig.checkpoints
        rig.handle("go") { platform in
            rig.tasks.start {
                async let child: Void = {
                    if !childFirst { await checkpoints.wait("child") }
                    await Rig.send("child", on: platform)
                }()
                if childFirst { await checkpoints.wait("parent") }
                await Rig.send("parent", on: platform)
                await child
                platform.routes.show(NativeRoute(name: "joined"))
            }
        }
        await rig.web.post(.string("go"), to: "go")
        let (first, second) = childFirst ? ("child", "parent") : ("parent", "child")
        await rig.transport.calls.waitUntilHeld([Rig.url(first)])
        await checkpoints.waitUntilHeld([second])
        checkpoints.release(second)
        await rig.transport.calls.waitUntilHeld([Rig.url(first), Rig.url(second)])
        rig.answer("child")
        rig.answer("parent")
        await rig.tasks.settle()

        let events = rig.recorder.cassette().events
        let requests = events.filter { $0.kind == HTTPRequest.eventKind }
        // Written in the order of their answers (the child's came first), whichever call was made first.
        #expect(requests.map { $0.payload(as: HTTPRequest.self)?.urlString } == [Rig.url("child"), Rig.url("parent")])
        #expect(requests.map(\.strand) == [1, 2], "\(outline(events))")
        #expect(events.first { $0.kind == NativeRoute.eventKind }?.strand == nil, "after the join it keeps its place")
    }

    @Test("a parent's call made after its child's call was answered gets no strand, whether the runtime watch saw the child created or not",
          arguments: [false, true])
    func parentAfterChildAnswered(watched: Bool) async {
        let rig = Rig()
        rig.handle("go") { platform in
            rig.tasks.start {
                async let child: Void = Rig.send("child", on: platform)
                await child
                await Rig.send("parent", on: platform)
            }
        }
        let drive = {
            await rig.web.post(.string("go"), to: "go")
            await rig.transport.calls.waitUntilHeld([Rig.url("child")])
            rig.answer("child")
            await rig.transport.calls.waitUntilHeld([Rig.url("parent")])
            rig.answer("parent")
            await rig.tasks.settle()
        }
        if watched { await RuntimeWatchInstallation.during(drive) } else { await drive() }

        let events = rig.recorder.cassette().events
        #expect(events.filter { $0.kind == HTTPRequest.eventKind }.count == 2)
        #expect(events.allSatisfy { $0.strand == nil }, "\(outline(events))")
    }

    /// A message, then `order`: `a`/`b` the first calls of two child tasks,
    /// `A`/`B` their answers, `f` child a's next call (caused by `A`), `F` its answer.
    static func followUp(_ order: String) -> [Event] {
        var events = [Event(id: 1, at: 0, payload: ScriptMessage(handler: "rebook", body: "go"))]
        var ids: [Character: Int] = [:]
        for (offset, letter) in order.enumerated() {
            let id = offset + 2
            ids[letter] = id
            switch letter {
            case "a": events.append(Event(id: id, at: 0, cause: 1, strand: 1, payload: HTTPRequest(method: "POST", url: "https://api.example.com/login")))
            case "b": events.append(Event(id: id, at: 0, cause: 1, strand: 2, payload: CookieStoreQuery(url: "https://api.example.com/")))
            case "f": events.append(Event(id: id, at: 0, cause: ids["A"], payload: HTTPRequest(url: "https://api.example.com/trips")))
            case "A": events.append(Event(id: id, at: 0, answers: ids["a"], payload: HTTPResponse(status: 200)))
            case "B": events.append(Event(id: id, at: 0, answers: ids["b"], payload: CookieStoreContents([])))
            default: events.append(Event(id: id, at: 0, answers: ids["f"], payload: HTTPResponse(status: 204)))
            }
        }
        return events
    }

    @Test("a child's next call, caused by its own answer, does not end the run: same answers, same bytes",
          arguments: [["abAfBF", "aAbfBF", "aAfbBF", "baAfBF"]])
    func followUpCallsInTheRun(orders: [String]) {
        let texts = orders.map { CassetteWriter.canonicalText(of: makeCassette(Strands.canonical(Self.followUp($0)))) }
        #expect(Set(texts).count == 1, "\(orders)")
        let cassette = makeCassette(Strands.canonical(Self.followUp(orders[0])))
        #expect(CassetteValidator.problems(in: cassette).isEmpty)
        #expect(cassette.events.map(\.kind.description) == [
            "script.message", "http.request", "http.response", "http.getCookies", "http.cookies", "http.request", "http.response",
        ])
    }
}
