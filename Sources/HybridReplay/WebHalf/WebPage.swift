import Foundation

/// The page a web-half replay loads: the web code under test.
///
/// A cassette holds both halves of a bridge. The web half of a replay plays
/// the recorded native side into a real page and checks what the page does;
/// `WebPage` is that page. It takes the place of the first page the cassette
/// loads (`navigation.load`), or is loaded before anything else happens when
/// the recording loaded its page outside the recorder.
public struct WebPage: Sendable, Hashable {
    /// The page's HTML; `nil` for a page the web view fetches from ``baseURL``
    /// itself, such as one the app serves through a custom scheme.
    public var html: String?
    /// The URL the page is loaded as, as `loadHTMLString(_:baseURL:)` takes it;
    /// `nil` for the URL the cassette recorded the page at.
    public var baseURL: String?
    /// A folder whose files are served in place of the recorded answers to
    /// the page's custom-scheme requests, by the request URL's path
    /// (`app://localhost/js/app.js` → `<folder>/js/app.js`): the web code
    /// under test, when the app serves it. Requests for files the folder
    /// lacks get the recorded answer.
    public var servedFiles: URL?
    /// The URL at which ``html`` is served through the app's scheme, when
    /// the recording fetched its page there: a run loads that URL, and the
    /// page's own request for it gets ``html``, as the app's handler would
    /// serve it, instead of the recorded answer.
    var servesHTMLAt: String?

    public init(html: String, baseURL: String? = nil) {
        self.html = html
        self.baseURL = baseURL
    }

    /// A page the web view loads from `url`, such as `app://localhost/index.html`
    /// served through a custom scheme, with the files of `servedFiles` in place
    /// of the recorded answers.
    public init(url: String, servedFiles: URL? = nil) {
        self.html = nil
        self.baseURL = url
        self.servedFiles = servedFiles
    }

    /// The file served for a scheme request to `url`, when ``servedFiles`` has one.
    func servedFile(for url: String) -> Data? {
        if let html, let servesHTMLAt, url == servesHTMLAt { return Data(html.utf8) }
        guard let servedFiles, let path = URLComponents(string: url)?.path, !path.isEmpty, !path.contains("..") else {
            return nil
        }
        return try? Data(contentsOf: servedFiles.appendingPathComponent(String(path.drop { $0 == "/" })))
    }

    /// The page the cassette recorded, loaded from its recorded URL, with the
    /// files of `servedFiles` in place of the recorded answers to its
    /// custom-scheme requests: the web code under test, when the app serves
    /// it, for cassettes recorded at different URLs (`cassette verify --web --served`).
    public init(servedFiles: URL) {
        self.html = nil
        self.baseURL = nil
        self.servedFiles = servedFiles
    }

    /// Reads the page from a file.
    ///
    /// - Throws: The error reading the file, or ``WebPageError`` when it is not UTF-8.
    public init(contentsOf url: URL, baseURL: String? = nil) throws {
        let data = try Data(contentsOf: url)
        guard let html = String(data: data, encoding: .utf8) else { throw WebPageError(path: url.path) }
        self.init(html: html, baseURL: baseURL)
    }
}

/// A page file that is not UTF-8 text.
public struct WebPageError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var description: String { "\(path): error: the page is not UTF-8 text" }
}
