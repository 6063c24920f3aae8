import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recorder writing")
struct RecorderWritingTests {
    /// A fresh folder for one test's files.
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A recorder that has recorded one message with `body`.
    private static func recording(body: JSONValue) throws -> Recorder {
        let recorder = stillRecorder(name: "bodies")
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        RecordingApps.EchoBridge(platform: platform).install()
        try page.postMessage(body, to: "echo")
        return recorder
    }

    private static func nested(_ depth: Int) -> JSONValue {
        (0..<depth).reduce(JSONValue.string("deep")) { value, _ in .array([value]) }
    }

    @Test("writes the canonical form, which reads back equal to the recording")
    func writesCanonicalForm() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = RecordingTestClock()
        let recorder = Recorder(name: "bridge-echo", contract: "bridge", clock: clock, engine: "simulated")
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        RecordingApps.EchoBridge(platform: platform).install()
        try page.postMessage("hello", to: "echo")
        clock.advance(by: .milliseconds(6))
        try page.postMessage("again", to: "echo")
        let file = folder.appendingPathComponent("echo.json")

        try recorder.write(to: file)

        let bytes = try Data(contentsOf: file)
        #expect(Array(bytes) == CassetteWriter.canonicalBytes(of: recorder.cassette()))
        let read = try CassetteReader().read(contentsOf: file)
        #expect(read == recorder.cassette())
        #expect(read.events.map(\.at) == [0, 0, 0, 0, 0.006, 0.006, 0.006, 0.006])
        #expect(CassetteReader().lint(contentsOf: file).isEmpty)
    }

    @Test("refuses a key holding U+0000, names the event, and leaves the existing file untouched")
    func nulInKey() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bodies.json")
        try Data("previous contents\n".utf8).write(to: file)
        let recorder = try Self.recording(body: ["user\u{0}name": "avery"])

        let error = #expect(throws: RecordingError.self) { try recorder.write(to: file) }

        #expect(error?.stage == .rereading)
        #expect(error?.problems.count == 1)
        #expect(error?.problems.first?.hasPrefix("event 1 (script.message)") == true, "\(String(describing: error))")
        #expect(error?.description.contains("the file was left as it was") == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == "previous contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bodies.json"])
    }

    @Test("refuses a body nested deeper than the reader's 64 levels")
    func tooDeep() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("deep.json")
        let recorder = try Self.recording(body: Self.nested(70))

        let error = #expect(throws: RecordingError.self) { try recorder.write(to: file) }

        #expect(error?.stage == .rereading)
        #expect(error?.problems.first?.hasPrefix("event 1 (script.message)") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("refuses events that break the format's rules, listing each one")
    func validation() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("twice.json")
        try Data("keep me\n".utf8).write(to: file)
        let recorder = stillRecorder(name: "twice")
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        platform.webView.add(RecordingApps.DoubleReplyBridge(), name: "twice")
        _ = try await page.postMessageAwaitingReply(nil, to: "twice")

        let error = #expect(throws: RecordingError.self) { try recorder.write(to: file) }

        #expect(error?.stage == .validation)
        #expect(
            error?.problems == [
                "event 3 (script.reply) cause: script.message 1 already has a reply (event 2); it gets exactly one"
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
        // The advice is the app's to follow: no Redaction turns a second reply into one.
        let advice = error?.description.split(separator: "\n").last.map(String.init) ?? ""
        #expect(advice.hasPrefix("Fix the app code so its calls keep the rules the problems name"), "\(advice)")
        #expect(!advice.contains("Redaction"), "\(advice)")
    }

    @Test("reports a folder it cannot write to as a writing error")
    func unwritable() throws {
        let recorder = stillRecorder()
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.json")

        let error = #expect(throws: RecordingError.self) { try recorder.write(to: file) }

        #expect(error?.stage == .writing)
        #expect(error?.description.hasPrefix("\(file.path): error: cannot write the recording: ") == true)
    }
}
