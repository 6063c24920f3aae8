import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// The web half of a replay against a simulated page: the recorded native
/// side is played into the page, and what the page does is checked. The
/// simulated page is driven by the test as a page's script would drive it;
/// the WebKitGTK tests do the same with real pages.
@Suite("Web-half replay")
@MainActor
struct WebHalfReplayerTests {
    static let url = "https://bridge.example.com/simple.html"
    static let frame = Frame.main(url)
    static let html = "<p id=echo></p>"

    static func cassette(_ payloads: [(payload: any EventPayload, cause: Int?, answers: Int?)], volatile: [VolatileField] = [])
        -> Cassette
    {
        Cassette(
            header: CassetteHeader(name: "web-half", volatile: volatile),
            events: payloads.enumerated().map { index, entry in
                Event(id: index + 1, at: Double(index), cause: entry.cause, answers: entry.answers, payload: entry.payload)
            })
    }

    /// The seed's echo: the page posts text, native code calls `changeEcho` with it.
    static let echo = cassette([
        (ScriptMessage(handler: "nativeProcess", body: "Hello", frame: frame), nil, nil),
        (JavaScriptEvaluation(script: #"changeEcho("Hello")"#), 1, nil),
        (JavaScriptResult(.value(.null)), nil, 2),
    ])

    /// Runs the web half of `cassette` into `page` while `drive` plays the page's part.
    func replay(
        _ cassette: Cassette, into page: SimulatedWebView, webPage: WebPage? = WebPage(html: html),
        clock: ManualClock? = nil, drive: @escaping @MainActor @Sendable (SimulatedWebView) async throws -> Void
    ) async throws -> ReplayReport {
        var options = WebHalfReplayOptions()
        if let clock { options.clock = clock }
        let replayer = WebHalfReplayer(cassette: cassette, options: options)
        async let report = replayer.replay(page: webPage) { page }
        try await drive(page)
        return await report
    }

    /// Lets the replay's patience run out on `clock` once the replay waits on
    /// it, which it does only once the page could act: call it after the
    /// page's load finished.
    static func runOutOfPatience(_ clock: ManualClock) async {
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: WebHalfReplayOptions().patience)
    }

    @Test("a page that posts the recorded message gets the recorded evaluation, and the replay passes")
    func echoPasses() async throws {
        let page = SimulatedWebView()
        let report = try await replay(Self.echo, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        }
        #expect(report.passed, "\(report)")
        #expect(page.loads.map(\.body) == [.text(Self.html)])
        #expect(page.loads.map(\.urlString) == [Self.url], "loaded at the URL its frame was recorded at")
        // Then the replay's own round trip through the page, which catches a message posted twice.
        #expect(page.evaluatedScripts.map(\.script).dropLast() == [#"changeEcho("Hello")"#])
        #expect(report.trace.events.map(\.kind.description) == ["script.message", "javascript.evaluate", "javascript.result"])
    }

    @Test("a page that posts other text fails at the message, field by field")
    func otherTextFails() async throws {
        let page = SimulatedWebView()
        let report = try await replay(Self.echo, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage("Hullo", to: "nativeProcess", frame: Self.frame)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.differences.map(\.path) == ["body"])
        #expect(page.evaluatedScripts.isEmpty, "nothing is played after the page diverged")
        #expect("\(report)".contains(#"event 1 (script.message): the page did not post its message to nativeProcess ("Hello") as recorded"#))
    }

    @Test("a page that never posts (a wrong handler name) fails with the recorded message missing")
    func missingMessageFails() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        let report = try await replay(Self.echo, into: page, clock: clock) { page in
            try await page.waitForLoads()
            try page.finishNavigation(at: Self.url)
            // window.webkit.messageHandlers.nativeProces is undefined in a real page: nothing arrives.
            #expect(throws: SimulationError.self) { try page.postMessage("Hello", to: "nativeProces", frame: Self.frame) }
            await Self.runOutOfPatience(clock)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.message.hasPrefix(#"the page did not post its message to nativeProcess ("Hello") within 10.0 seconds"#))
    }

    @Test("a message that never comes is reported with what the page threw meanwhile")
    func missingMessageSaysWhatThePageThrew() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        let report = try await replay(Self.echo, into: page, clock: clock) { page in
            try await page.waitForLoads()
            try page.finishNavigation(at: Self.url)
            // What the replay's error reporter posts when the page's script throws.
            try page.postMessage(
                "TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers.nativeProces.postMessage')",
                to: "hybridReplayPageErrors", frame: Self.frame)
            await Self.runOutOfPatience(clock)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingStimulus)
        #expect(issue.message.hasSuffix(
            "; meanwhile the page threw: TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers.nativeProces.postMessage')"))
        #expect(report.trace.events.allSatisfy { $0.payload(as: ScriptMessage.self) == nil }, "the report is not a message of the page's")
    }

    @Test("a replay cancelled while it waits for the page ends at once, saying what the page had yet to do", .hangGuard(minutes: 1))
    func cancelledReplayEnds() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        var options = WebHalfReplayOptions()
        options.clock = clock
        // The clock never advances: only the cancellation can end this replay.
        let replay = Task { @MainActor in
            await WebHalfReplayer(cassette: Self.echo, options: options).replay(page: WebPage(html: Self.html)) { page }
        }
        try await page.waitForLoads()
        replay.cancel()
        let report = await replay.value
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        #expect(issue.kind == .missingStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.message == """
            the replay was cancelled while the page had yet to post its message to nativeProcess ("Hello"); \
            the engine was still loading the page
            """)
    }

    @Test("a page whose content process ends fails at once, without waiting out the patience", .hangGuard(minutes: 1))
    func endedContentProcessFailsAtOnce() async throws {
        let page = SimulatedWebView()
        // The clock never advances: only the ended process can end this replay.
        let report = try await replay(Self.echo, into: page, clock: ManualClock()) { page in
            try await page.waitForLoads()
            try page.terminateWebContentProcess()
        }
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventKind == WebContentProcessTermination.eventKind)
        #expect(issue.message.hasPrefix("the page's web content process ended (it crashed or was killed)"))
        #expect(page.evaluatedScripts.isEmpty, "nothing is played into a page that is gone")
    }

    @Test("a cassette that records its content process ending is not failed by the same")
    func recordedTerminationIsNotAFailure() async throws {
        let page = SimulatedWebView()
        let cassette = Self.cassette([
            (ScriptMessage(handler: "nativeProcess", body: "Hello", frame: Self.frame), nil, nil),
            (JavaScriptEvaluation(script: #"changeEcho("Hello")"#), 1, nil),
            (JavaScriptResult(.value(.null)), nil, 2),
            (WebContentProcessTermination(), nil, nil),
        ])
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            try page.terminateWebContentProcess()
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a page that posts its message twice fails at the second")
    func doublePostFails() async throws {
        let page = SimulatedWebView()
        let report = try await replay(Self.echo, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventID == nil)
        #expect(issue.message == "the page posted a message to nativeProcess that the cassette does not record")
        #expect(issue.nearestCandidate == #"event 1 (script.message nativeProcess "Hello")"#)
    }

    @Test("an evaluation whose result differs from the recorded one fails at the result")
    func differentResultFails() async throws {
        let page = SimulatedWebView { _, _ in .failure(JavaScriptError("ReferenceError: Can't find variable: changeEcho")) }
        let report = try await replay(Self.echo, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventID == 3)
        #expect(issue.eventKind == JavaScriptResult.eventKind)
    }

    @Test("a guid the page makes afresh binds to the recorded one and is played back in the evaluation")
    func guidBinds() async throws {
        let recorded = "3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43"
        let fresh = "0D6B7C1E-5A2F-4E88-B1C4-92F3A7D0E615"
        let cassette = Self.cassette([
            (ScriptMessage(handler: "nativeProcess", body: ["guid": .string(recorded)], frame: Self.frame), nil, nil),
            (JavaScriptEvaluation(script: #"executePromise("\#(recorded)", "Ada")"#), 1, nil),
            (JavaScriptResult(.value(.null)), nil, 2),
        ])
        let page = SimulatedWebView()
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage(["guid": .string(fresh)], to: "nativeProcess", frame: Self.frame)
        }
        #expect(report.passed, "\(report)")
        #expect(page.evaluatedScripts.map(\.script).dropLast() == [#"executePromise("\#(fresh)", "Ada")"#])
    }

    @Test("a callback id the cassette declares volatile binds and is played back; a lost one fails")
    func declaredVolatileBinds() async throws {
        let cassette = Self.cassette(
            [
                (ScriptMessage(handler: "bridge", body: ["callbackId": "51234", "methodName": "getInfo"], frame: Self.frame), nil, nil),
                (JavaScriptEvaluation(script: #"bridge.fromNative({"callbackId":"51234","success":true})"#), 1, nil),
                (JavaScriptResult(.value(.null)), nil, 2),
            ],
            volatile: [try VolatileField(parsing: "script.message body.callbackId")])
        let page = SimulatedWebView()
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage(["callbackId": "8", "methodName": "getInfo"], to: "bridge", frame: Self.frame)
        }
        #expect(report.passed, "\(report)")
        #expect(page.evaluatedScripts.map(\.script).dropLast() == [#"bridge.fromNative({"callbackId":"8","success":true})"#])

        let lost = try await replay(cassette, into: SimulatedWebView()) { page in
            try await page.waitForLoads()
            try page.postMessage(["methodName": "getInfo"], to: "bridge", frame: Self.frame)
        }
        #expect(lost.issues.first?.differences.map(\.path) == ["body.callbackId"])
    }

    @Test("a failure's report hides what the page sent where the cassette holds a redaction placeholder")
    func reportHidesBoundSecrets() async throws {
        let cassette = Self.cassette([
            (ScriptMessage(handler: "login", body: ["key": "[REDACTED:1]"], frame: Self.frame), nil, nil),
            (JavaScriptEvaluation(script: "loggedIn()"), 1, nil),
            (JavaScriptResult(.value(true)), nil, 2),
        ])
        // The page's loggedIn() returns null, not the recorded true.
        let report = try await replay(cassette, into: SimulatedWebView()) { page in
            try await page.waitForLoads()
            try page.postMessage(["key": "s3cret-value"], to: "login", frame: Self.frame)
        }
        #expect(report.issues.first?.eventID == 3, "\(report)")
        let written = "\(report)" + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
        #expect(!written.contains("s3cret-value"))
        #expect(written.contains("[REDACTED:1]"))
    }

    @Test("a message awaiting a reply gets the recorded reply")
    func replyPlayed() async throws {
        let cassette = Self.cassette([
            (ScriptMessage(handler: "nativeReply", body: ["guid": "g"], frame: Self.frame, expectsReply: true), nil, nil),
            (ScriptReply(.value(["name": "Ada"])), 1, nil),
        ])
        let page = SimulatedWebView()
        let replied = Locked<Outcome?>(nil)
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            let outcome = try await page.postMessageAwaitingReply(["guid": "g"], to: "nativeReply", frame: Self.frame)
            replied.withLock { $0 = outcome }
        }
        #expect(report.passed, "\(report)")
        #expect(replied.current == .value(["name": "Ada"]))
    }

    @Test("a link the page activates gets the recorded decision; a link that lost its scheme fails")
    func navigationDecided() async throws {
        let present = NavigationAction(
            url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, sourceFrame: Self.frame,
            targetFrame: Self.frame)
        let cassette = Self.cassette([
            (ScriptMessage(handler: "ready", body: 1, frame: Self.frame), nil, nil),
            (present, nil, nil),
            (NavigationDecision(.cancel), 2, nil),
        ])
        let page = SimulatedWebView()
        let policy = Locked<NavigationPolicy?>(nil)
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage(1, to: "ready", frame: Self.frame)
            let decided = try await page.navigate(present)
            policy.withLock { $0 = decided }
        }
        #expect(report.passed, "\(report)")
        #expect(policy.current == .cancel)

        var relative = present
        relative.urlString = "https://bridge.example.com/present?r=255&g=255&b=0"
        let broken = try await replay(cassette, into: SimulatedWebView()) { page in
            try await page.waitForLoads()
            try page.postMessage(1, to: "ready", frame: Self.frame)
            #expect(try await page.navigate(relative) == .cancel, "a navigation that diverged is cancelled")
        }
        #expect(broken.issues.first?.eventID == 2)
        #expect(broken.issues.first?.differences.map(\.path) == ["url"])
    }

    @Test("a prompt the page opens gets the recorded answer")
    func dialogAnswered() async throws {
        let prompt = JavaScriptDialog(kind: .prompt, message: #"{"type":"cookies.get"}"#, defaultText: "", frame: Self.frame)
        let cassette = Self.cassette([
            (prompt, nil, nil),
            (JavaScriptDialogAnswer.prompt("session=1"), 1, nil),
        ])
        let page = SimulatedWebView()
        let answer = Locked<JavaScriptDialogAnswer?>(nil)
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            let answered = try await page.runJavaScriptDialog(prompt)
            answer.withLock { $0 = answered }
        }
        #expect(report.passed, "\(report)")
        #expect(answer.current == .prompt("session=1"))
    }

    @Test("recorded user scripts are installed and the recorded load is replaced by the page under test")
    func userScriptsAndLoad() async throws {
        let injected = UserScriptInstallation(
            source: "function changeEcho(text) { echo.innerText = text }", injectionTime: .documentStart,
            mainFrameOnly: true)
        let cassette = Self.cassette([
            (injected, nil, nil),
            (NavigationLoad(url: Self.url, body: .text("<p>the recorded page</p>")), nil, nil),
            (ScriptMessage(handler: "nativeProcess", body: "Hello", frame: Self.frame), nil, nil),
            (JavaScriptEvaluation(script: #"changeEcho("Hello")"#), 3, nil),
            (JavaScriptResult(.value(.null)), nil, 4),
        ])
        let page = SimulatedWebView()
        let report = try await replay(cassette, into: page) { page in
            try await page.waitForLoads()
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        }
        #expect(report.passed, "\(report)")
        // After the replay's own script, which reports the page's uncaught errors.
        #expect(page.userScripts.dropFirst() == [injected])
        #expect(page.loads.map(\.body) == [.text(Self.html)])

        let asRecorded = SimulatedWebView()
        let recorded = try await replay(cassette, into: asRecorded, webPage: nil) { page in
            try await page.waitForLoads()
            try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        }
        #expect(recorded.passed, "\(recorded)")
        #expect(asRecorded.loads.map(\.body) == [.text("<p>the recorded page</p>")])
    }

    @Test("a cassette that loads no page, replayed with none, fails before waiting")
    func noPageFails() async throws {
        let report = try await replay(Self.echo, into: SimulatedWebView(), webPage: nil) { _ in }
        #expect(report.issues.map(\.kind) == [.setUpFailed])
        #expect(report.issues.first?.message.contains("give the page under test: a WebPage, or --page <file> with cassette verify --web") == true)
    }

    /// A page the app serves: its request, and the app's answer in two pieces.
    static let served = cassette([
        (URLSchemeRequest(url: "app://localhost/index.html"), nil, nil),
        (URLSchemeResponse(url: "app://localhost/index.html", mimeType: "text/html"), 1, nil),
        (URLSchemeData(Data("<p>served".utf8)), 1, nil),
        (URLSchemeData(Data(" by the app</p>".utf8)), 1, nil),
        (URLSchemeCompletion.finished, 1, nil),
    ])

    @Test("a page the app serves gets the recorded answer to its scheme request")
    func schemeAnswered() async throws {
        let page = SimulatedWebView()
        let answer = Locked<URLSchemeAnswer?>(nil)
        let report = try await replay(Self.served, into: page, webPage: WebPage(url: "app://localhost/index.html")) { page in
            try await page.waitForLoads()
            let answered = try await page.requestURLScheme(URLSchemeRequest(url: "app://localhost/index.html"))
            answer.withLock { $0 = answered }
        }
        #expect(report.passed, "\(report)")
        #expect(page.loads.map(\.urlString) == ["app://localhost/index.html"])
        #expect(page.loads.map(\.body) == [nil], "the web view fetches the page from its scheme")
        #expect(answer.current?.response?.mimeType == "text/html")
        #expect(answer.current?.data == Data("<p>served by the app</p>".utf8))
        #expect(answer.current?.completion == .finished)
    }

    /// The app loads its page from its scheme, then serves it: the load, the page's request, the app's answer.
    static let loadedFromScheme = cassette([
        (NavigationLoad(url: "app://localhost/index.html"), nil, nil),
        (URLSchemeRequest(url: "app://localhost/index.html"), nil, nil),
        (URLSchemeResponse(url: "app://localhost/index.html", mimeType: "text/html"), 2, nil),
        (URLSchemeData(Data("<p>the recorded page</p>".utf8)), 2, nil),
        (URLSchemeCompletion.finished, 2, nil),
    ])

    @Test("a page under test given as HTML, where the app served its page through its scheme, is fetched there and served")
    func htmlPageServedThroughScheme() async throws {
        let page = SimulatedWebView()
        let answer = Locked<URLSchemeAnswer?>(nil)
        let report = try await replay(Self.loadedFromScheme, into: page, webPage: WebPage(html: "<p>the page under test</p>")) { page in
            try await page.waitForLoads()
            let answered = try await page.requestURLScheme(URLSchemeRequest(url: "app://localhost/index.html"))
            answer.withLock { $0 = answered }
        }
        #expect(report.passed, "\(report)")
        #expect(page.loads.map(\.urlString) == ["app://localhost/index.html"])
        #expect(page.loads.map(\.body) == [nil], "the engine asks the app's scheme for the page, as when recorded")
        #expect(answer.current?.response?.mimeType == "text/html")
        #expect(answer.current?.data == Data("<p>the page under test</p>".utf8))
        #expect(answer.current?.completion == .finished)
    }

    @Test("a page under test given as HTML at a URL the app did not serve is loaded as HTML, with no scheme request")
    func htmlPageNotServedThroughScheme() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        let report = try await replay(
            Self.loadedFromScheme, into: page, webPage: WebPage(html: "<p>elsewhere</p>", baseURL: "https://app.example/"),
            clock: clock
        ) { page in
            try await page.waitForLoads()
            try page.finishNavigation(at: "https://app.example/")
            await Self.runOutOfPatience(clock)
        }
        #expect(page.loads.map(\.body) == [.text("<p>elsewhere</p>")])
        // The recorded request for the served page never comes: the run says so.
        #expect(report.issues.first?.eventID == 2, "\(report)")
    }

    @Test("served files take the place of the recorded answer's bytes; a request the cassette lacks fails")
    func servedFilesAndUnrecordedRequest() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-half-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<p>today's page</p>".utf8).write(to: folder.appendingPathComponent("index.html"))
        let page = SimulatedWebView()
        let answer = Locked<URLSchemeAnswer?>(nil)
        let report = try await replay(
            Self.served, into: page, webPage: WebPage(url: "app://localhost/index.html", servedFiles: folder)
        ) { page in
            try await page.waitForLoads()
            let answered = try await page.requestURLScheme(URLSchemeRequest(url: "app://localhost/index.html"))
            answer.withLock { $0 = answered }
        }
        #expect(report.passed, "\(report)")
        #expect(answer.current?.data == Data("<p>today's page</p>".utf8))

        let unrecorded = try await replay(Self.served, into: SimulatedWebView(), webPage: WebPage(url: "app://localhost/index.html")) { page in
            try await page.waitForLoads()
            let answered = try await page.requestURLScheme(URLSchemeRequest(url: "app://localhost/app.js"))
            #expect(answered.completion?.error != nil, "a request the replay cannot answer as recorded fails")
        }
        let issue = try #require(unrecorded.issues.first)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.differences.map(\.path) == ["url"])
    }
}
