import Foundation
import HybridReplay
@testable import HybridReplayTesting
import Testing
import XCTest

/// A cassette of the seed's echo and a simulated page that posts once it is
/// loaded, for the test-framework entry points of the web half.
enum WebHalfEcho {
    static let frame = Frame.main("https://bridge.example.com/simple.html")

    static let cassette = Cassette(
        header: CassetteHeader(name: "echo"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: "Hello", frame: frame)),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: #"changeEcho("Hello")"#)),
            Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(.null))),
        ])

    /// A page that posts `text` to `nativeProcess` once it is loaded.
    static func page(posting text: String) -> SimulatedWebView {
        let page = SimulatedWebView()
        Task {
            try await page.waitForLoads()
            try page.postMessage(.string(text), to: "nativeProcess", frame: frame)
        }
        return page
    }
}

@Suite("replayWebHalf in Swift Testing")
struct ReplayWebHalfTests {
    @Test("a page that does what the cassette records passes with no issue")
    func passes() async throws {
        let folder = TemporaryDirectory()
        try folder.write(WebHalfEcho.cassette, as: "echo.json")
        let report = await replayWebHalf("echo", directory: folder.path, page: WebPage(html: "<p id=echo>")) {
            WebHalfEcho.page(posting: "Hello")
        }
        #expect(report?.passed == true)
    }

    @Test("a page that posts other text is one issue at the call, with the report")
    func failsAtTheCall() async throws {
        let folder = TemporaryDirectory()
        try folder.write(WebHalfEcho.cassette, as: "echo.json")
        var report: ReplayReport?
        await withKnownIssue {
            report = await replayWebHalf("echo", directory: folder.path, page: WebPage(html: "<p id=echo>")) {
                WebHalfEcho.page(posting: "Hullo")
            }
        } matching: { issue in
            "\(issue)".contains(#"body: expected "Hello", found "Hullo""#)
        }
        #expect(report?.issues.first?.kind == .unexpectedStimulus)
    }

    @Test("a cassette that is missing is one issue naming it, and no report")
    func missingCassette() async throws {
        let folder = TemporaryDirectory()
        var report: ReplayReport?
        await withKnownIssue {
            report = await replayWebHalf("absent", directory: folder.path, page: nil) { SimulatedWebView() }
        } matching: { issue in
            "\(issue)".contains("absent.json: error: cannot read the file: no such file\nThe web half was not replayed.")
        }
        #expect(report == nil)
    }
}

/// `replayWebHalf` from XCTest, keeping the failures it reports to check them.
final class XCTestCaseReplayWebHalfTests: XCTestCase {
    private var failures: [String] = []
    private let folder = TemporaryDirectory()

    #if canImport(ObjectiveC)
        override func record(_ issue: XCTIssue) { failures.append(issue.compactDescription) }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            failures.append(description)
        }
    #endif

    @MainActor
    func testPassingPageReportsNothing() async throws {
        try folder.write(WebHalfEcho.cassette, as: "echo.json")
        let report = await replayWebHalf("echo", directory: folder.path, page: WebPage(html: "<p id=echo>")) {
            WebHalfEcho.page(posting: "Hello")
        }
        XCTAssertEqual(report?.passed, true)
        XCTAssertEqual(failures, [])
    }

    @MainActor
    func testDivergingPageFailsWithTheReport() async throws {
        try folder.write(WebHalfEcho.cassette, as: "echo.json")
        let report = await replayWebHalf("echo", directory: folder.path, page: WebPage(html: "<p id=echo>")) {
            WebHalfEcho.page(posting: "Hullo")
        }
        XCTAssertEqual(report?.passed, false)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains(#"body: expected "Hello", found "Hullo""#) == true, "\(failures)")
    }
}
