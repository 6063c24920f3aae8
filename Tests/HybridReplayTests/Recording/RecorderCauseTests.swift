import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

/// Every answer is held until the test releases it, so the order in which
/// concurrent tasks resume is the test's, never the scheduler's.
@Suite("Recorder causes under concurrency")
struct RecorderCauseTests {
    /// A recording platform over held seams, with what a test needs to drive it.
    struct Rig {
        let recorder = stillRecorder()
        let web = HeldWebView()
        let transport = HeldTransport()
        let checkpoints = HeldCalls<Void>()
        let tasks = AppTasks()
        let platform: Platform

        init() {
            platform = recorder.platform(
                wrapping: Platform(
                    webView: web, routes: CollectingRoutePresenter(), transport: transport,
                    cookieStore: InMemoryCookieStore(), locationManager: SimulatedLocationManager(),
                    locationOutput: CollectingLocationOutput(), custom: SimulatedCustomSeam(), clock: ContinuousClock()))
        }

        /// Registers `react` as the handler of `name` messages.
        func handle(_ name: String, react: @escaping @Sendable (Platform) -> Void) {
            let platform = platform
            platform.webView.add(ReactingHandler { _ in react(platform) }, name: name)
        }

        static func url(_ name: String) -> String { "https://api.example.com/\(name)" }

        /// Sends the request `name` and ignores the answer.
        static func send(_ name: String, on platform: Platform) async {
            _ = try? await platform.transport.send(HTTPRequest(url: url(name)))
        }

        /// Answers the held request `name` with a 200.
        func answer(_ name: String) {
            transport.calls.answer(Self.url(name), with: HTTPResponse(status: 200))
        }

        var events: [Event] { recorder.events }

        func id(of kind: EventKind, where matches: (Event) -> Bool) -> Int? {
            events.first { $0.kind == kind && matches($0) }?.id
        }

        func request(_ name: String) -> Int? {
            id(of: HTTPRequest.eventKind) { $0.payload(as: HTTPRequest.self)?.urlString == Self.url(name) }
        }

        func response(to name: String) -> Int? {
            let request = request(name)
            return id(of: HTTPResponse.eventKind) { $0.answers == request }
        }

        func message(_ body: String) -> Int? {
            id(of: ScriptMessage.eventKind) { $0.payload(as: ScriptMessage.self)?.body == .string(body) }
        }

        /// The recorded cause of `name`'s route; `.some(nil)` when it has none.
        func causeOfRoute(_ name: String) -> Int?? {
            events.first { $0.payload(as: NativeRoute.self)?.name == name }.map(\.cause)
        }

        func causeOfRequest(_ name: String) -> Int?? {
            events.first { $0.payload(as: HTTPRequest.self)?.urlString == Self.url(name) }.map(\.cause)
        }
    }

    @Test("two async let calls in one handler each cause what their own task does after its answer")
    func asyncLetSiblings() async {
        let rig = Rig()
        let checkpoints = rig.checkpoints
        rig.handle("go") { platform in
            rig.tasks.start {
                @Sendable func fetch(_ name: String) async {
                    await Rig.send(name, on: platform)
                    await checkpoints.wait("after-\(name)")
                    platform.routes.show(NativeRoute(name: "after-\(name)"))
                }
                async let first: Void = fetch("a")
                async let second: Void = fetch("b")
                _ = await (first, second)
                platform.routes.show(NativeRoute(name: "done"))
            }
        }

        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld([Rig.url("a"), Rig.url("b")])
        // Both answers arrive before either task makes its next effect.
        rig.answer("a")
        await checkpoints.waitUntilHeld(["after-a"])
        rig.answer("b")
        await checkpoints.waitUntilHeld(["after-b"])
        checkpoints.release("after-a")
        checkpoints.release("after-b")
        await rig.tasks.settle()

        let message = rig.message("go")
        #expect(message != nil)
        #expect(rig.causeOfRequest("a") == message, "\(outline(rig.events))")
        #expect(rig.causeOfRequest("b") == message)
        #expect(rig.causeOfRoute("after-a") == rig.response(to: "a"), "\(outline(rig.events))")
        #expect(rig.causeOfRoute("after-b") == rig.response(to: "b"), "\(outline(rig.events))")
        // The parent awaited its children, not a seam: it still reacts to the message.
        #expect(rig.causeOfRoute("done") == message, "\(outline(rig.events))")
        #expect(CassetteValidator.problems(in: rig.recorder.cassette()).isEmpty)
    }

    @Test("each child of a task group is caused by its own cookie answer, then by its own response", arguments: [8])
    func taskGroupChildren(count: Int) async {
        let rig = Rig()
        let names = (0..<count).map { "c\($0)" }
        rig.handle("go") { platform in
            rig.tasks.start {
                await withTaskGroup(of: Void.self) { group in
                    for name in names {
                        group.addTask {
                            _ = await platform.cookieStore.cookies(for: Rig.url(name))
                            await Rig.send(name, on: platform)
                            platform.routes.show(NativeRoute(name: name))
                        }
                    }
                }
            }
        }

        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld(Set(names.map(Rig.url)))
        for name in names.reversed() { rig.answer(name) }
        await rig.tasks.settle()

        let message = rig.message("go")
        for name in names {
            let query = rig.id(of: CookieStoreQuery.eventKind) { $0.payload(as: CookieStoreQuery.self)?.urlString == Rig.url(name) }
            let cookies = rig.id(of: CookieStoreContents.eventKind) { $0.answers == query }
            #expect(rig.events.first { $0.id == query }?.cause == message)
            #expect(cookies != nil)
            #expect(rig.causeOfRequest(name) == cookies, "\(name): \(outline(rig.events))")
            #expect(rig.causeOfRoute(name) == rig.response(to: name), "\(name): \(outline(rig.events))")
        }
        #expect(CassetteValidator.problems(in: rig.recorder.cassette()).isEmpty)
    }

    @Test("a Task started in a reaction inherits its stimulus, a detached task inherits nothing, and each keeps its own answers")
    func nestedAndDetachedTasks() async {
        let rig = Rig()
        rig.handle("go") { platform in
            rig.tasks.start {
                let early = Task {
                    await Rig.send("early", on: platform)
                    platform.routes.show(NativeRoute(name: "early-after"))
                }
                await Rig.send("parent", on: platform)
                // Started after the parent's answer: it inherits the scope, which names the message.
                let late = Task { platform.routes.show(NativeRoute(name: "late-child")) }
                let detached = Task.detached {
                    platform.routes.show(NativeRoute(name: "detached-before"))
                    await Rig.send("detached", on: platform)
                    platform.routes.show(NativeRoute(name: "detached-after"))
                }
                platform.routes.show(NativeRoute(name: "parent-after"))
                await early.value
                await late.value
                await detached.value
            }
        }

        await rig.web.post(.string("go"), to: "go")
        await rig.transport.calls.waitUntilHeld([Rig.url("early"), Rig.url("parent")])
        rig.answer("parent")
        await rig.transport.calls.waitUntilHeld([Rig.url("detached")])
        rig.answer("early")
        rig.answer("detached")
        await rig.tasks.settle()

        let message = rig.message("go")
        let events = outline(rig.events)
        #expect(rig.causeOfRequest("early") == message, "\(events)")
        #expect(rig.causeOfRequest("parent") == message, "\(events)")
        #expect(rig.causeOfRoute("early-after") == rig.response(to: "early"), "\(events)")
        #expect(rig.causeOfRoute("parent-after") == rig.response(to: "parent"), "\(events)")
        #expect(rig.causeOfRoute("late-child") == message, "\(events)")
        #expect(rig.causeOfRoute("detached-before") == .some(nil), "\(events)")
        #expect(rig.causeOfRequest("detached") == .some(nil), "\(events)")
        #expect(rig.causeOfRoute("detached-after") == rig.response(to: "detached"), "\(events)")
    }

    @Test("an awaited JavaScript result causes the awaiting task's next effect; a completion handler's result causes only the handler's")
    func javaScriptResults() async {
        let rig = Rig()
        let checkpoints = rig.checkpoints
        rig.handle("go") { platform in
            rig.tasks.start {
                @Sendable func evaluate(_ script: String) async {
                    _ = try? await platform.webView.evaluateJavaScript(script)
                    await checkpoints.wait("after-\(script)")
                    platform.routes.show(NativeRoute(name: "after-\(script)"))
                }
                async let first: Void = evaluate("x()")
                async let second: Void = evaluate("y()")
                platform.webView.evaluateJavaScript("fire()") { _ in
                    platform.routes.show(NativeRoute(name: "in-handler"))
                }
                await checkpoints.wait("not-waiting")
                platform.routes.show(NativeRoute(name: "not-waiting"))
                _ = await (first, second)
            }
        }

        await rig.web.post(.string("go"), to: "go")
        let evaluations = rig.web.evaluations
        await evaluations.waitUntilHeld(["x()", "y()", "fire()"])
        evaluations.answer("x()", with: .success(.number(1)))
        await checkpoints.waitUntilHeld(["after-x()"])
        evaluations.answer("y()", with: .failure(JavaScriptError("ReferenceError: y")))
        evaluations.answer("fire()", with: .success(.null))
        await checkpoints.waitUntilHeld(["after-y()", "not-waiting"])
        for name in ["after-x()", "after-y()", "not-waiting"] { checkpoints.release(name) }
        await rig.tasks.settle()

        func result(of script: String) -> Int? {
            let evaluation = rig.id(of: JavaScriptEvaluation.eventKind) { $0.payload(as: JavaScriptEvaluation.self)?.script == script }
            return rig.id(of: JavaScriptResult.eventKind) { $0.answers == evaluation }
        }
        let events = outline(rig.events)
        #expect(rig.causeOfRoute("after-x()") == result(of: "x()"), "\(events)")
        #expect(rig.causeOfRoute("after-y()") == result(of: "y()"), "\(events)")
        #expect(rig.causeOfRoute("in-handler") == result(of: "fire()"), "\(events)")
        #expect(rig.causeOfRoute("not-waiting") == rig.message("go"), "\(events)")
    }

    @Test("a stimulus delivered inside a task that awaited an answer causes the handler's effects, and the answer the task's")
    func deliveryInsideAnsweredTask() async {
        let rig = Rig()
        rig.handle("echo") { platform in platform.routes.show(NativeRoute(name: "echo")) }
        let platform = rig.platform
        rig.tasks.start {
            await Rig.send("own", on: platform)
            await rig.web.post(.string("ping"), to: "echo")
            platform.routes.show(NativeRoute(name: "own-after"))
        }
        await rig.transport.calls.waitUntilHeld([Rig.url("own")])
        rig.answer("own")
        await rig.tasks.settle()

        let events = outline(rig.events)
        #expect(rig.causeOfRequest("own") == .some(nil), "\(events)")
        #expect(rig.causeOfRoute("echo") == rig.message("ping"), "\(events)")
        #expect(rig.causeOfRoute("own-after") == rig.response(to: "own"), "\(events)")
    }

    @Test("tells a task from one started after it ended", .enabled(if: CurrentTask.isNumberedByRuntime))
    func taskIdentityOutlivesAddresses() async {
        var seen: Set<CurrentTask.ID> = []
        for _ in 0..<64 {
            let id = await Task { CurrentTask.id }.value
            #expect(id != nil)
            if let id { seen.insert(id) }
        }
        #expect(seen.count == 64)
    }

    #if os(Linux)
    @Test("numbers tasks by the runtime on Linux")
    func runtimeNumbering() {
        #expect(CurrentTask.isNumberedByRuntime)
    }
    #endif
}
