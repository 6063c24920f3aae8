import Foundation
import HybridReplay
import Testing

/// Replays the web half of a cassette: plays its recorded native side into
/// `page` in the web view `makeWebView` makes, and reports every way the
/// page diverged as an issue at the call.
///
/// With the `WebKitGTK` trait, the web view is a real engine:
///
/// ```swift
/// @Test func echoPage() async throws {
///     let page = try WebPage(contentsOf: pagesFolder.appendingPathComponent("echo.html"))
///     await replayWebHalf("echo", directory: "Cassettes", page: page) { try await WebKitGTKWebView() }
/// }
/// ```
///
/// The cassette is `<directory>/<name>.json`, `directory` being absolute or
/// relative to the test file's folder, `Cassettes` by default. It is never
/// recorded here: record the session with the native half (see
/// `replayCassette`), then check each half against it. A failed replay is
/// one issue with the report, with what the page did attached as
/// `<name>.web.actual.json` and the issues' structure as `<name>.web.issues.json`.
///
/// - Parameters:
///   - name: The cassette's name.
///   - directory: The cassette's folder.
///   - page: The page under test, in place of the first page the cassette
///     loads; `nil` plays the recorded loads.
///   - options: How to match and how long to wait for the page.
///   - sourceLocation: Where issues are reported; the call by default.
///   - makeWebView: Makes a fresh web view for each run.
/// - Returns: The report, or `nil` when the cassette could not be read.
@discardableResult
@MainActor
public func replayWebHalf(
    _ name: String, directory: String = "Cassettes", page: WebPage?,
    options: WebHalfReplayOptions = WebHalfReplayOptions(), sourceLocation: SourceLocation = #_sourceLocation,
    in makeWebView: () async throws -> any WebView
) async -> ReplayReport? {
    let file = WebHalfRun.file(name: name, directory: directory, testFile: sourceLocation.filePath)
    return await replayWebHalf(
        at: file, shownAs: "\(directory)/\(name).json", page: page, options: options, sourceLocation: sourceLocation,
        makeWebView)
}

/// Replays the web half of one cassette of a folder, for page-side conformance tests.
///
/// ```swift
/// @Test(arguments: try CassetteCase.all(in: "Cassettes/webkitgtk"))
/// func pageConforms(_ cassette: CassetteCase) async {
///     await replayWebHalf(cassette, page: nil) { try await WebKitGTKWebView() }
/// }
/// ```
@discardableResult
@MainActor
public func replayWebHalf(
    _ cassette: CassetteCase, page: WebPage?, options: WebHalfReplayOptions = WebHalfReplayOptions(),
    sourceLocation: SourceLocation = #_sourceLocation, in makeWebView: () async throws -> any WebView
) async -> ReplayReport? {
    await replayWebHalf(
        at: cassette.url, shownAs: cassette.relativePath, page: page, options: options, sourceLocation: sourceLocation,
        makeWebView)
}

@MainActor
private func replayWebHalf(
    at url: URL, shownAs path: String, page: WebPage?, options: WebHalfReplayOptions, sourceLocation: SourceLocation,
    _ makeWebView: () async throws -> any WebView
) async -> ReplayReport? {
    let (report, failure) = await WebHalfRun.run(at: url, shownAs: path, page: page, options: options, makeWebView)
    if let failure { HybridReplayTesting.report([failure], at: sourceLocation) }
    return report
}
