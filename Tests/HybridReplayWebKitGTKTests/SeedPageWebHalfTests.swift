#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplayTesting
import HybridReplayWebKitGTK
import ReferenceContracts
import Testing

/// Page-side conformance: the web half of each seed page's committed
/// cassette (`SeedPages/webkitgtk/`), replayed in WebKitGTK against the page
/// (`SeedPages/pages/`), and against broken variants of it, each of which
/// must fail.
@Suite("Seed pages: the web half on WebKitGTK")
struct SeedPageWebHalfTests {
    /// A page with one bug put in by rewriting its text.
    struct BrokenPage: Sendable, CustomTestStringConvertible {
        var page: String
        var bug: String
        var rewrite: @Sendable (String) -> String
        /// The recorded event the replay must stop at (`nil` for something the cassette does not record), and how.
        var failsAt: Int?
        var kind: ReplayIssue.Kind

        var testDescription: String { "\(page): \(bug)" }

        init(
            _ page: String, _ bug: String, failsAt: Int?, _ kind: ReplayIssue.Kind,
            rewrite: @escaping @Sendable (String) -> String
        ) {
            self.page = page
            self.bug = bug
            self.failsAt = failsAt
            self.kind = kind
            self.rewrite = rewrite
        }

        init(_ page: String, _ bug: String, failsAt: Int?, _ kind: ReplayIssue.Kind, replacing old: String, with new: String) {
            self.init(page, bug, failsAt: failsAt, kind) { html in html.replacingOccurrences(of: old, with: new) }
        }
    }

    static let brokenPages: [BrokenPage] = [
        BrokenPage(
            "echo", "a wrong handler name", failsAt: 2, .missingStimulus,
            replacing: "messageHandlers.nativeProcess", with: "messageHandlers.nativeProces"),
        BrokenPage(
            "echo", "the message posted twice", failsAt: nil, .unexpectedStimulus,
            replacing: "sendToNative(input.value);", with: "sendToNative(input.value); sendToNative(input.value);"),
        BrokenPage(
            "echo", "the echoed data spliced into script text", failsAt: 4, .unexpectedStimulus,
            replacing: #"document.getElementById("echo").innerText = newText;"#,
            with: #"eval("document.getElementById('echo').innerText = '" + newText + "'");"#),
        BrokenPage(
            "injected-echo", "the page's script moved ahead of the document it uses", failsAt: 3, .missingStimulus
        ) { html in
            // The body's script, run from <head>: #ping does not exist yet.
            guard let open = html.range(of: "<script>", range: (html.range(of: "<body>")?.upperBound ?? html.startIndex)..<html.endIndex),
                let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
            else { return html }
            let script = String(html[open.lowerBound..<close.upperBound])
            var moved = html
            moved.removeSubrange(open.lowerBound..<close.upperBound)
            return moved.replacingOccurrences(of: "</head>", with: script + "\n</head>")
        },
        BrokenPage(
            "promise", "the guid dropped from the message", failsAt: 2, .unexpectedStimulus,
            replacing: "postMessage({ guid: guid })", with: "postMessage({})"),
        BrokenPage(
            "promise", "the guid renamed", failsAt: 2, .unexpectedStimulus,
            replacing: "postMessage({ guid: guid })", with: "postMessage({ id: guid })"),
        BrokenPage(
            "promise-reply", "the guid renamed", failsAt: 2, .unexpectedStimulus,
            replacing: "{ guid: crypto.randomUUID() }", with: "{ uuid: crypto.randomUUID() }"),
        BrokenPage(
            "router", "a link that lost its scheme", failsAt: 4, .unexpectedStimulus,
            replacing: #"href="navigate://present"#, with: #"href="present"#),
    ]

    static func page(_ name: String) throws -> SeedPage {
        try #require(SeedPage.all.first { $0.name == name }, "no seed page named \(name)")
    }

    static func cassette(_ page: SeedPage) throws -> Cassette {
        try CassetteReader().read(contentsOf: SeedPage.folder.appendingPathComponent("webkitgtk/\(page.name).json"))
    }

    @Test("each seed page does what its cassette records, 20 times in a row", .timeLimit(.minutes(2)), arguments: SeedPage.all)
    func pageConforms(_ page: SeedPage) async throws {
        let report = await WebHalfReplayer(cassette: try Self.cassette(page), options: WebHalfReplayOptions(repetitions: 20, patience: enginePatience))
            .replay(page: WebPage(html: try page.html())) { try await WebKitGTKWebView() }
        #expect(report.passed, "\(report)")
        #expect(report.runs == 20)
    }

    /// docs/web-half.md's example: one page against its cassette, through the Swift Testing entry point.
    @Test("the echo page does what its cassette records", .timeLimit(.minutes(1)))
    func echoPageConforms() async throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let page = try WebPage(contentsOf: here.appendingPathComponent("../../SeedPages/pages/echo.html"))
        let report = await replayWebHalf("echo", directory: "../../SeedPages/webkitgtk", page: page) {
            try await WebKitGTKWebView()
        }
        #expect(report?.passed == true)
    }

    @Test("each broken page fails the web half where it went wrong", .timeLimit(.minutes(2)), arguments: brokenPages)
    func brokenPageFails(_ broken: BrokenPage) async throws {
        let page = try Self.page(broken.page)
        let html = try page.html()
        let brokenHTML = broken.rewrite(html)
        try #require(brokenHTML != html, "the rewrite found nothing to break")
        let cassette = try Self.cassette(page)
        let patience = broken.kind == .missingStimulus ? missingStepPatience : enginePatience
        let report = await WebHalfReplayer(cassette: cassette, options: WebHalfReplayOptions(patience: patience))
            .replay(page: WebPage(html: brokenHTML)) { try await WebKitGTKWebView() }
        let issue = try #require(report.issues.first, "the broken page passed")
        #expect(issue.kind == broken.kind, "\(report)")
        #expect(issue.eventID == broken.failsAt, "\(report)")
    }
}
#endif
