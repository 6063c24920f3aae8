import CassetteCommands
import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// `cassette verify --web`: the web half of each cassette, replayed in the
/// engine the tool was built with. Here the engine is a simulated page that
/// posts once it is loaded, as a real page's script would.
@Suite struct VerifyWebCommandTests {
    static let frame = Frame.main("https://bridge.example.com/simple.html")

    /// The seed's echo: the page posts "Hello", native code calls `changeEcho`.
    static let echo = Cassette(
        header: CassetteHeader(name: "echo"),
        events: [
            Event(id: 1, at: 0, payload: NavigationLoad(url: frame.urlString ?? "", body: .text("<p id=echo></p>"))),
            Event(id: 2, at: 1, payload: ScriptMessage(handler: "nativeProcess", body: "Hello", frame: frame)),
            Event(id: 3, at: 1, cause: 2, payload: JavaScriptEvaluation(script: #"changeEcho("Hello")"#)),
            Event(id: 4, at: 1, answers: 3, payload: JavaScriptResult(.value(.null))),
        ])

    /// An engine whose pages post `text` to `nativeProcess` once loaded, and note what they were loaded with.
    static func engine(posting text: String, loads: Locked<[NavigationLoad]> = Locked([])) -> WebEngine {
        WebEngine(name: "a simulated page") {
            let page = SimulatedWebView()
            Task {
                try await page.waitForLoads()
                loads.withLock { $0 += page.loads }
                try page.postMessage(.string(text), to: "nativeProcess", frame: frame)
            }
            return page
        }
    }

    func verify(_ arguments: String..., engine: WebEngine?, in directory: URL) async -> CommandResult {
        let capture = OutputCapture()
        let status = await CassetteCLI.main(
            arguments: ["verify"] + arguments, console: capture.console, currentDirectory: directory, contracts: [],
            webEngine: engine)
        return CommandResult(status: status, standardOutput: capture.standardOutput, standardError: capture.standardError)
    }

    @Test("verify --web passes a page that does what the cassette records, naming the engine; no contract is needed")
    func passes() async throws {
        try await withTemporaryDirectory { directory in
            try Samples.canonical(Self.echo).write(to: directory.appendingPathComponent("echo.json"), atomically: true, encoding: .utf8)
            let result = await verify("--web", "--repeat", "2", "echo.json", engine: Self.engine(posting: "Hello"), in: directory)
            #expect(result.status == .success, "\(result.standardError)")
            #expect(result.outputLines == [
                "PASS echo.json (web half, a simulated page)", "1 cassette verified: 1 passed, 0 failed, 2 runs each",
            ])
        }
    }

    @Test("verify --web fails a page that posts other text, with the report, and exits 1")
    func fails() async throws {
        try await withTemporaryDirectory { directory in
            try Samples.canonical(Self.echo).write(to: directory.appendingPathComponent("echo.json"), atomically: true, encoding: .utf8)
            let result = await verify("--web", "echo.json", engine: Self.engine(posting: "Hullo"), in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.outputLines.first == "FAIL echo.json (web half, a simulated page)")
            #expect(result.standardOutput.contains(#"    body: expected "Hello", found "Hullo""#), "\(result.standardOutput)")
        }
    }

    @Test("verify --web --page loads the page under test in place of the recorded one")
    func pageReplacesRecorded() async throws {
        try await withTemporaryDirectory { directory in
            try Samples.canonical(Self.echo).write(to: directory.appendingPathComponent("echo.json"), atomically: true, encoding: .utf8)
            try "<p id=echo>new</p>".write(to: directory.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
            let loads = Locked<[NavigationLoad]>([])
            let result = await verify(
                "--web", "--page", "page.html", "echo.json", engine: Self.engine(posting: "Hello", loads: loads), in: directory)
            #expect(result.status == .success, "\(result.standardOutput)")
            #expect(loads.current.map(\.body) == [.text("<p id=echo>new</p>")])
            #expect(loads.current.map(\.urlString) == ["https://bridge.example.com/simple.html"])
        }
    }

    @Test("verify --web in a tool built without an engine says how to build one and exits 69")
    func noEngine() async throws {
        try await withTemporaryDirectory { directory in
            let result = await verify("--web", "echo.json", engine: nil, in: directory)
            #expect(result.status == .unavailable)
            #expect(result.standardError.contains("swift run --traits WebKitGTK cassette verify --web"))
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test("verify --page without --web is a usage error; a page that cannot be read is a missing input")
    func pageErrors() async throws {
        try await withTemporaryDirectory { directory in
            let withoutWeb = await verify("--page", "page.html", "echo.json", engine: nil, in: directory)
            #expect(withoutWeb.status == .usageError)
            #expect(withoutWeb.standardError.hasPrefix("cassette: error: '--page <file>' needs '--web'\n"))
            let missing = await verify("--web", "--page", "missing.html", "echo.json", engine: Self.engine(posting: "Hello"), in: directory)
            #expect(missing.status == .noInput)
            #expect(missing.standardError.hasPrefix("cassette: error: cannot read the page 'missing.html'"))
        }
    }

    @Test("verify --served without --web is a usage error; a folder that is not there is a missing input")
    func servedErrors() async throws {
        try await withTemporaryDirectory { directory in
            let withoutWeb = await verify("--served", "www", "echo.json", engine: nil, in: directory)
            #expect(withoutWeb.status == .usageError)
            #expect(withoutWeb.standardError.hasPrefix("cassette: error: '--served <folder>' needs '--web'\n"))
            let missing = await verify("--web", "--served", "www", "echo.json", engine: Self.engine(posting: "Hello"), in: directory)
            #expect(missing.status == .noInput)
            #expect(missing.standardError == "cassette: error: cannot serve the files of 'www': there is no such folder\n")
            #expect(missing.standardOutput.isEmpty)
        }
    }

    static let servedFrame = Frame.main("app://localhost/index.html")

    /// The app loads its page from its own scheme and serves it: the page then posts "Hello".
    static let appServed = Cassette(
        header: CassetteHeader(name: "app-served"),
        events: [
            Event(id: 1, at: 0, payload: NavigationLoad(url: "app://localhost/index.html")),
            Event(id: 2, at: 0.1, payload: URLSchemeRequest(url: "app://localhost/index.html")),
            Event(id: 3, at: 0.1, cause: 2, payload: URLSchemeResponse(url: "app://localhost/index.html", mimeType: "text/html")),
            Event(id: 4, at: 0.1, cause: 2, payload: URLSchemeData(Data("<p>recorded</p>".utf8))),
            Event(id: 5, at: 0.1, cause: 2, payload: URLSchemeCompletion.finished),
            Event(id: 6, at: 1, payload: ScriptMessage(handler: "nativeProcess", body: "Hello", frame: servedFrame)),
            Event(id: 7, at: 1, cause: 6, payload: JavaScriptEvaluation(script: #"changeEcho("Hello")"#)),
            Event(id: 8, at: 1, answers: 7, payload: JavaScriptResult(.value(.null))),
        ])

    /// An engine whose pages fetch what they were loaded at from the app's scheme when loaded
    /// without HTML, as a real engine does, note what they got, then post "Hello".
    static func fetchingEngine(loads: Locked<[NavigationLoad]>, served: Locked<[Data]>) -> WebEngine {
        WebEngine(name: "a simulated page") {
            let page = SimulatedWebView()
            Task {
                try await page.waitForLoads()
                loads.withLock { $0 += page.loads }
                if let load = page.loads.first, load.body == nil {
                    let answer = try await page.requestURLScheme(URLSchemeRequest(url: load.urlString))
                    served.withLock { $0.append(answer.data) }
                }
                try page.postMessage(.string("Hello"), to: "nativeProcess", frame: servedFrame)
            }
            return page
        }
    }

    @Test("verify --web --page, where the app served its page through its scheme, serves the page under test there")
    func pageServedThroughScheme() async throws {
        try await withTemporaryDirectory { directory in
            try Samples.canonical(Self.appServed).write(to: directory.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
            try "<p>today</p>".write(to: directory.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            let loads = Locked<[NavigationLoad]>([])
            let served = Locked<[Data]>([])
            let result = await verify(
                "--web", "--page", "index.html", "app.json", engine: Self.fetchingEngine(loads: loads, served: served),
                in: directory)
            #expect(result.status == .success, "\(result.standardOutput)")
            #expect(loads.current.map(\.body) == [nil], "the engine asks the app's scheme for the page")
            #expect(served.current == [Data("<p>today</p>".utf8)])
        }
    }

    @Test("verify --web --served serves the folder's files in place of the recorded answers")
    func servedFolder() async throws {
        try await withTemporaryDirectory { directory in
            try Samples.canonical(Self.appServed).write(to: directory.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
            try directory.write("<p>from the folder</p>", to: "www/index.html")
            let loads = Locked<[NavigationLoad]>([])
            let served = Locked<[Data]>([])
            let result = await verify(
                "--web", "--served", "www", "app.json", engine: Self.fetchingEngine(loads: loads, served: served), in: directory)
            #expect(result.status == .success, "\(result.standardOutput)")
            #expect(served.current == [Data("<p>from the folder</p>".utf8)])
            let recorded = Locked<[Data]>([])
            let asRecorded = await verify(
                "--web", "app.json", engine: Self.fetchingEngine(loads: Locked([]), served: recorded), in: directory)
            #expect(asRecorded.status == .success, "\(asRecorded.standardOutput)")
            #expect(recorded.current == [Data("<p>recorded</p>".utf8)], "without --served, the recorded answer")
        }
    }

    @Test("a package's own cassette tool gets verify --web by naming its engine")
    func ownToolWithEngine() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("echo.json")
            try Samples.canonical(Self.echo).write(to: file, atomically: true, encoding: .utf8)
            let engine = Self.engine(posting: "Hello")
            let passed = await runCassetteTool(
                contracts: [], webEngine: "a simulated page", arguments: ["verify", "--web", file.path],
                makeWebView: engine.makeWebView)
            #expect(passed == 0)
            let broken = Self.engine(posting: "Hullo")
            let failed = await runCassetteTool(
                contracts: [], webEngine: "a simulated page", arguments: ["verify", "--web", file.path],
                makeWebView: broken.makeWebView)
            #expect(failed == 1)
        }
    }
}
