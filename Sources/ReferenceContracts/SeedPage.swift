import CassetteCommands
import Foundation
import HybridReplayReference
import HybridReplaySeams

/// One of the seed pages in `SeedPages/pages/`: a real page, written from a
/// seed article, that drives its bridge by itself as soon as it loads.
///
/// Its contract is the app as a whole: the reference implementation is set
/// up on the platform, then the app loads the page into the web view with
/// `https://seed.example/` as its origin, as `loadHTMLString(_:baseURL:)`
/// does. So a cassette recorded on a real engine holds the page (in its
/// `navigation.load`) and everything the page and the implementation did,
/// and `cassette verify SeedPages` replays its native half.
package struct SeedPage: Sendable, Identifiable {
    /// The page's name and file name without `.html`, such as `echo`.
    package var name: String
    /// The reference implementation the page talks to.
    package var bridge: ReferenceContract
    /// What the page does on load, in a sentence.
    package var summary: String

    package var id: String { name }

    /// The origin every seed page is loaded with.
    package static let origin = "https://seed.example/"

    /// The folder the pages and their recorded cassettes live in: `SeedPages/`
    /// at the package's root, found from this file's place in the checkout.
    package static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SeedPages", isDirectory: true)

    /// The command that records the seed pages again on WebKitGTK.
    package static let recordCommand =
        "HYBRIDREPLAY_RECORD=all Scripts/test-webkitgtk --scratch-path .build/webkitgtk --filter SeedPageRecordingTests"

    /// The URL the page is loaded at, such as `https://seed.example/echo.html`.
    package var url: String { Self.origin + name + ".html" }

    /// The page's file.
    package var file: URL { Self.folder.appendingPathComponent("pages/\(name).html") }

    /// The contract a cassette of this page names, such as `echo-page`.
    package var contractName: String { name + "-page" }

    /// The page's text.
    ///
    /// - Throws: ``SeedPageError`` naming the file when it cannot be read.
    package func html() throws(SeedPageError) -> String {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw SeedPageError(message: "cannot read the seed page \(file.path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// How the app loads the page: its text, at ``url``.
    package func load() throws(SeedPageError) -> NavigationLoad {
        NavigationLoad(
            url: url, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: .text(try html()))
    }

    /// The app: the reference implementation, then the page loaded into its web view.
    package var contract: ReferenceContract {
        let page = self
        return ReferenceContract(
            name: contractName, summary: "Loads SeedPages/pages/\(name).html, which \(summary); \(bridge.summary)"
        ) { platform in
            let load = try page.load()
            let implementation = try await page.bridge.setUp(platform)
            platform.webView.load(load)
            return implementation
        }
    }

    /// The five seed pages, one per bridge of the seed articles.
    package static let all: [SeedPage] = [
        SeedPage(
            name: "echo", bridge: .echoBridge,
            summary: "defines changeEcho and posts the text of its field, full of quotes and a </script>"),
        SeedPage(
            name: "injected-echo", bridge: .injectedEchoBridge,
            summary: "has no functions of its own and calls the injected sendMessage"),
        SeedPage(
            name: "promise", bridge: .promiseBridge,
            summary: "posts {guid} with a fresh crypto.randomUUID() and shows the user executePromise settles"),
        SeedPage(
            name: "promise-reply", bridge: .promiseReplyBridge,
            summary: "awaits postMessage({guid}) and shows the user the reply settles"),
        SeedPage(
            name: "router", bridge: .navigationRouter,
            summary: "activates its navigate://present and navigate://push links one after the other"),
    ]
}

/// A seed page that cannot be read.
package struct SeedPageError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension ConformanceContract {
    /// The seed pages' contracts, as `cassette verify SeedPages` knows them.
    package static var seedPages: [ConformanceContract] {
        SeedPage.all.map { page in
            let contract = page.contract
            return ConformanceContract(
                contract.name, summary: contract.summary, recordCommand: { _ in SeedPage.recordCommand },
                setUp: contract.setUp)
        }
    }
}
