import Foundation
import HybridReplay
import HybridReplayAppRecording
import HybridReplayReference
import HybridReplaySimulation
import Testing

@Suite("AppRecording")
struct AppRecordingTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("app-recording-unit-\(UUID().uuidString)", isDirectory: true)

    func settings(_ sessions: Set<String> = ["*"], isCI: Bool = false) -> AppRecordingSettings {
        AppRecordingSettings(sessions: sessions, directory: directory, isCI: isCI)
    }

    func start(_ name: String, on platform: Platform = .simulated(), settings: AppRecordingSettings? = nil)
        throws(AppRecordingError) -> AppRecording?
    {
        try AppRecording.start(name, wrapping: platform, settings: settings ?? self.settings())
    }

    /// The AppRecordingError `body` throws; `nil` when it throws nothing or something else.
    func refusal(_ body: () throws -> Void) -> AppRecordingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? AppRecordingError
        }
    }

    @Test("a session the settings do not name is not recorded")
    func unnamedSession() throws {
        #expect(try start("echo", settings: settings(["router"])) == nil)
        #expect(try start("echo", settings: settings([])) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("with CI set a named session is refused with an error that says why and how to record anyway")
    func refusedOnCI() throws {
        let error = refusal { _ = try start("echo", settings: settings(isCI: true)) }
        #expect(error?.code == .refusedOnCI)
        #expect(error?.description == "error: recording 'echo' refused: CI is set, so the app records nothing; "
            + "record on a developer machine, or pass `onCI: .record` to record on CI on purpose")
        let allowed = try AppRecording.start(
            "echo", wrapping: .simulated(), onCI: .record, settings: settings(isCI: true))
        #expect(allowed?.file == directory.appendingPathComponent("echo.json"))
        try? FileManager.default.removeItem(at: directory)
    }

    @Test("CI is read from the environment: set and non-empty means CI", arguments: [
        (["CI": "true"], true), (["CI": ""], false), ([:], false),
    ])
    func readsCI(_ environment: [String: String], isCI: Bool) throws {
        #expect(try AppRecordingSettings.fromEnvironment(environment, defaultDirectory: directory).isCI == isCI)
    }

    @Test("a name that is no plain file name is refused", arguments: ["", "../escape", ".hidden", "a/b", "spaced name", "émoji"])
    func invalidName(_ name: String) {
        let error = refusal { _ = try start(name) }
        #expect(error?.code == .invalidName)
        #expect(error?.description.contains("is not a cassette name") == true)
    }

    @Test("the record variable lists sessions separated by commas, and * records every one")
    func sessionList() throws {
        let listed = try AppRecordingSettings.fromEnvironment(
            ["HYBRIDREPLAY_APP_RECORD": " promise-screen , router-screen,,"], defaultDirectory: directory)
        #expect(listed.sessions == ["promise-screen", "router-screen"])
        #expect(listed.records("router-screen") && !listed.records("echo-screen"))
        #expect(try AppRecordingSettings.fromEnvironment(["HYBRIDREPLAY_APP_RECORD": "*"]).records("anything"))
        #expect(try AppRecordingSettings.fromEnvironment([:]).sessions.isEmpty)
    }

    @Test("a cassette folder that is not an absolute path is refused when the environment is read")
    func relativeDirectory() {
        let error = refusal {
            _ = try AppRecordingSettings.fromEnvironment(["HYBRIDREPLAY_APP_CASSETTES": "Cassettes"])
        }
        #expect(error?.code == .invalidDirectory)
        #expect(error?.description == "Cassettes: error: app recording: "
            + "HYBRIDREPLAY_APP_CASSETTES=Cassettes is not an absolute path; give the folder as /…")
    }

    @Test("a cassette folder that is a file, or no folder at all, is refused at the start")
    func unusableDirectory() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("app-recording-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let onFile = refusal {
            _ = try AppRecording.start("echo", wrapping: .simulated(), settings: AppRecordingSettings(sessions: ["*"], directory: file))
        }
        #expect(onFile?.code == .invalidDirectory)
        #expect(onFile?.description == "\(file.path): error: recording 'echo': it is a file, not a folder")
        let nowhere = refusal {
            _ = try AppRecording.start("echo", wrapping: .simulated(), settings: AppRecordingSettings(sessions: ["*"], directory: nil))
        }
        #expect(nowhere?.code == .invalidDirectory)
    }

    @Test("each write replaces the file with the whole session so far")
    func writesAgain() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = SimulatedWebView()
        let recording = try #require(try start("echo", on: .simulated(webView: page)))
        let bridge = EchoBridge(webView: recording.platform.webView)
        try page.postMessage("one", to: EchoBridge.handlerName)
        let first = try CassetteReader().read(contentsOf: try recording.write())
        try page.postMessage("two", to: EchoBridge.handlerName)
        let second = try CassetteReader().read(contentsOf: try recording.write())
        withExtendedLifetime(bridge) {}
        #expect(first.events.count == 3)
        #expect(second.events.count == 6)
        #expect(second.events.prefix(3).map(\.id) == first.events.map(\.id))
    }

    @Test("a session that breaks the format is not written, the file already there is kept, and every problem is named")
    func invalidRecording() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = SimulatedWebView()
        let recording = try #require(try start("reply", on: .simulated(webView: page)))
        try recording.write()
        let before = try Data(contentsOf: recording.file)
        recording.platform.webView.add(ReplyingHandler(replies: [.value(1), .value(2)]), name: "promise")
        _ = try await page.postMessageAwaitingReply("ping", to: "promise")
        let error = refusal { _ = try recording.write() }
        #expect(error?.code == .invalidRecording)
        #expect(error?.problems.count == 1)
        #expect(error?.description.hasPrefix("\(recording.file.path): error: recording 'reply' was not written (1 problem)") == true)
        #expect(try Data(contentsOf: recording.file) == before)
    }
}

@Suite("LocalCustomSeam")
struct LocalCustomSeamTests {
    struct Collect: CustomEventHandler {
        let received = Received<String>()
        func didReceive(_ event: CustomEvent) { received.append(event.name) }
    }

    @Test("a stimulus goes to the handler of its name, else the unnamed one, and is dropped without either")
    func routing() {
        let seam = LocalCustomSeam()
        let (named, fallback) = (Collect(), Collect())
        #expect(!seam.deliver(CustomEvent(name: "load", direction: .stimulus)))
        seam.setHandler(named, forEventNamed: "load")
        #expect(seam.deliver(CustomEvent(name: "load", direction: .stimulus)))
        #expect(!seam.deliver(CustomEvent(name: "other", direction: .stimulus)))
        seam.setHandler(fallback)
        #expect(seam.deliver(CustomEvent(name: "other", direction: .stimulus)))
        seam.setHandler(nil, forEventNamed: "load")
        #expect(seam.deliver(CustomEvent(name: "load", direction: .stimulus)))
        #expect(named.received.all == ["load"])
        #expect(fallback.received.all == ["other", "load"])
    }

    @Test("what app code sends goes to the closure given at creation")
    func sending() {
        let sent = Received<String>()
        let seam = LocalCustomSeam { sent.append($0.name) }
        seam.send(CustomEvent(name: "flag.lookup", direction: .effect))
        #expect(sent.all == ["flag.lookup"])
    }
}
