import Foundation
import Testing
@testable import HybridReplay

/// The URLs of every bundled cassette, as app code reads them through the seams' `url` properties.
private func recordedURLs(_ cassette: Cassette) -> [(text: String, url: URL?)] {
    var found: [(String, URL?)] = []
    func frame(_ frame: Frame?) {
        if let text = frame?.urlString { found.append((text, frame?.request.url)) }
    }
    for event in cassette.events {
        if let value = event.payload(as: HTTPRequest.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: NavigationAction.self) {
            found.append((value.urlString, value.request.url))
            frame(value.sourceFrame)
            frame(value.targetFrame)
        }
        if let value = event.payload(as: NavigationLoad.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: NavigationResponse.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: URLSchemeRequest.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: URLSchemeResponse.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: URLSchemeStop.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: CookieStoreQuery.self) { found.append((value.urlString, value.url)) }
        if let value = event.payload(as: ScriptMessage.self) { frame(value.frame) }
        for text in [
            event.payload(as: NavigationStart.self)?.urlString, event.payload(as: NavigationCommit.self)?.urlString,
            event.payload(as: NavigationFinish.self)?.urlString, event.payload(as: NavigationFailure.self)?.urlString,
        ] {
            if let text { found.append((text, URL(recorded: text))) }
        }
    }
    return found
}

@Suite("URLs in seam values")
struct URLValuesTests {
    @Test("every URL in the bundled cassettes reads as a URL whose text is the recorded text")
    func bundledURLsRoundTrip() throws {
        let cassettes = try BundledCassettes.all()
        var checked = 0
        for cassette in cassettes {
            for (text, url) in recordedURLs(cassette) {
                #expect(url?.absoluteString == text, "\(text) does not read back as the same URL")
                checked += 1
            }
        }
        #expect(checked > 100, "found \(checked) URLs in \(cassettes.count) cassettes")
    }

    @Test("a request rebuilt from the URL app code read is the recorded request, byte for byte")
    func rebuiltRequestsAreUnchanged() throws {
        for cassette in try BundledCassettes.all() {
            for event in cassette.events {
                guard let recorded = event.payload(as: HTTPRequest.self), let url = recorded.url else { continue }
                var rebuilt = HTTPRequest(method: recorded.method, url: url, headers: recorded.headers, body: recorded.body)
                rebuilt.url = url
                #expect(rebuilt == recorded)
            }
        }
    }

    /// Recorded text Foundation cannot hold as it is, and what its URL reads: the
    /// URL WebKit makes from the same bytes on Apple platforms, the same text
    /// percent-encoded where it must be on Linux.
    static let unreadable: [(text: String, host: String?, path: String, query: String?, linuxText: String)] = [
        ("navigate://present%?r=255", "present%", "", "r=255", "navigate://present%25?r=255"),
        ("https://example.com/%zz", "example.com", "/%zz", nil, "https://example.com/%25zz"),
        ("https://example.com/a b", "example.com", "/a b", nil, "https://example.com/a%20b"),
        ("data:text/html,<b>hi</b>", nil, "text/html,<b>hi</b>", nil, "data:text/html,%3Cb%3Ehi%3C/b%3E"),
    ]

    @Test("text Foundation cannot hold as it is still reads as the URL WebKit hands over, and keeps its text", arguments: 0..<unreadable.count)
    func unreadableTextReadsAsAURL(_ index: Int) throws {
        let expected = Self.unreadable[index]
        let request = HTTPRequest(url: expected.text)
        #expect(request.urlString == expected.text)
        let readings = [
            request.url, NavigationAction(url: expected.text, navigationType: .other, targetFrame: .main()).request.url,
            URLSchemeRequest(url: expected.text).url,
            NavigationResponse(url: expected.text, status: 200, mimeType: "text/html", isForMainFrame: true, canShowMIMEType: true).url,
        ]
        for reading in readings {
            let url = try #require(reading, "\(expected.text) has no URL")
            #expect(url.scheme == String(expected.text.prefix { $0 != ":" }))
            #expect(url.path == expected.path)
            #expect(url.query == expected.query)
            #if canImport(Darwin)
                // Made from the bytes, as WebKit makes it (CFURLCreateAbsoluteURLWithBytes).
                #expect(url.absoluteString == expected.text)
            #else
                #expect(url.host == expected.host)
                #expect(url.absoluteString == expected.linuxText)
            #endif
        }
    }

    @Test("text that is no absolute URL has no URL and keeps its text", arguments: ["", "a b", "%zz"])
    func noURL(_ text: String) {
        let request = HTTPRequest(url: text)
        #expect(request.url == nil)
        #expect(request.urlString == text)
        #expect(NavigationAction(url: text, navigationType: .other, targetFrame: .main()).request.url == nil)
        #expect(URLSchemeRequest(url: text).url == nil)
    }

    @Test("a navigation action's request reads as WKNavigationAction.request does")
    func navigationActionRequest() throws {
        let action = NavigationAction(url: "navigate://present?r=255&g=255&b=0", method: "GET", navigationType: .linkActivated, targetFrame: .main())
        let url = try #require(action.request.url)
        #expect(url.scheme == "navigate")
        #expect(url.host == "present")
        #expect(action.request.httpMethod == "GET")
        #expect(NavigationAction(url: url, navigationType: .linkActivated, targetFrame: .main()) == action)
        #expect(Frame.main("https://app.example.com/").request.url?.host == "app.example.com")
        #expect(Frame(isMainFrame: false).request.url == nil)
    }
}

@Suite("HTTPRequest+URLRequest")
struct HTTPRequestURLRequestTests {
    @Test("setting the URL sets the recorded text, and nil empties it")
    func settingTheURL() throws {
        var request = HTTPRequest(url: try #require(URL(string: "https://a.example.com/start")))
        #expect(request.method == "GET")
        request.url = URL(string: "https://b.example.com/next?x=1")
        #expect(request.urlString == "https://b.example.com/next?x=1")
        request.url = nil
        #expect(request.urlString == "")
        #expect(request.url == nil)
    }

    @Test("httpMethod reads and writes the method; nil means GET")
    func httpMethod() {
        var request = HTTPRequest(url: "https://a.example.com/")
        request.httpMethod = "POST"
        #expect(request.method == "POST")
        request.httpMethod = nil
        #expect(request.httpMethod == "GET")
    }

    @Test("addValue adds a header line, then appends after a comma, as URLRequest does")
    func addValue() {
        var request = HTTPRequest(url: "https://a.example.com/")
        request.addValue("a=1", forHTTPHeaderField: "Cookie")
        #expect(request.headers == [HTTPHeader("Cookie", "a=1")])
        request.addValue("b=2", forHTTPHeaderField: "cookie")
        #expect(request.headers == [HTTPHeader("Cookie", "a=1,b=2")])
        #expect(request.value(forHTTPHeaderField: "COOKIE") == "a=1,b=2")
    }

    @Test("setValue replaces every line of the name in place, and nil removes them")
    func setValue() {
        var request = HTTPRequest(
            url: "https://a.example.com/",
            headers: [HTTPHeader("Accept", "*/*"), HTTPHeader("X-A", "1"), HTTPHeader("x-a", "2"), HTTPHeader("Y", "3")])
        request.setValue("9", forHTTPHeaderField: "X-a")
        #expect(request.headers == [HTTPHeader("Accept", "*/*"), HTTPHeader("X-A", "9"), HTTPHeader("Y", "3")])
        request.setValue(nil, forHTTPHeaderField: "x-a")
        #expect(request.headers == [HTTPHeader("Accept", "*/*"), HTTPHeader("Y", "3")])
        #expect(request.value(forHTTPHeaderField: "X-A") == nil)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        #expect(request.headers.last == HTTPHeader("Content-Type", "text/plain"))
    }

    @Test("allHTTPHeaderFields joins repeated lines, and setting it replaces every line")
    func allHeaderFields() {
        var request = HTTPRequest(url: "https://a.example.com/", headers: [HTTPHeader("A", "1"), HTTPHeader("a", "2"), HTTPHeader("B", "3")])
        #expect(request.allHTTPHeaderFields == ["A": "1,2", "B": "3"])
        request.allHTTPHeaderFields = ["Z": "1", "Y": "2"]
        #expect(request.headers == [HTTPHeader("Y", "2"), HTTPHeader("Z", "1")])
        request.allHTTPHeaderFields = nil
        #expect(request.headers.isEmpty)
    }

    @Test("httpBody reads the body's bytes and stores bytes")
    func httpBody() {
        var request = HTTPRequest(method: "POST", url: "https://a.example.com/", body: .text("hi"))
        #expect(request.httpBody == Data("hi".utf8))
        request.httpBody = Data([0xff])
        #expect(request.body == .bytes(Data([0xff])))
        request.httpBody = nil
        #expect(request.body == nil)
    }

    @Test("a scheme response made the Foundation way records its URL, status and headers")
    func schemeResponseInitializers() throws {
        let url = try #require(URL(string: "app://localhost/index.html"))
        let http = URLSchemeResponse(url: url, statusCode: 404, httpVersion: "HTTP/1.1", headerFields: ["X-B": "2", "Content-Type": "text/plain"])
        #expect(http == URLSchemeResponse(url: "app://localhost/index.html", status: 404, headers: [HTTPHeader("Content-Type", "text/plain"), HTTPHeader("X-B", "2")]))
        let plain = URLSchemeResponse(url: url, mimeType: "text/html", expectedContentLength: 12, textEncodingName: nil)
        #expect(plain == URLSchemeResponse(url: "app://localhost/index.html", status: nil, mimeType: "text/html"))
        #expect(plain.url == url)
    }
}
