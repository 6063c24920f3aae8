import Foundation
import HybridReplay

/// One web-half replay for a test: the cassette read, the page replayed,
/// and the failure to report, the same from Swift Testing and XCTest.
enum WebHalfRun {
    /// The file of the cassette `name` in `directory`, absolute or relative to
    /// the test file's folder, or its copy in a test bundle when the source
    /// folder lacks it.
    static func file(name: String, directory: String, testFile: String) -> URL {
        let folder = CassetteLocation.directory(directory, relativeTo: testFile)
        return CassetteLocation(name: name, file: folder.appendingPathComponent(name + ".json"), directory: directory)
            .readable()
    }

    /// Replays the web half of the cassette at `url`, shown as `path`.
    ///
    /// - Returns: The report, `nil` when the cassette could not be read, and
    ///   the failure to report, if any: the reading error, or the failed
    ///   report with what the page did to keep as `<name>.web.actual.json`.
    @MainActor
    static func run(
        at url: URL, shownAs path: String, page: WebPage?, options: WebHalfReplayOptions,
        _ makeWebView: () async throws -> any WebView
    ) async -> (report: ReplayReport?, failure: CassetteFailure?) {
        let replayer: WebHalfReplayer
        do {
            replayer = try WebHalfReplayer(contentsOf: url, displayPath: path, options: options)
        } catch {
            return (nil, CassetteFailure(message: "\(error)\nThe web half was not replayed."))
        }
        let report = await replayer.replay(page: page, in: makeWebView)
        guard !report.passed else { return (report, nil) }
        let name = url.deletingPathExtension().lastPathComponent
        return (
            report,
            CassetteFailure(report: report, traceName: "\(name).web.actual.json")
        )
    }
}
