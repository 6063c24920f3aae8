import CassetteCommands
import Foundation
import HybridReplay
import Testing

extension TimelineTests {
    @Test("a scheme request, its head, pieces, end and a stop show one summary line each")
    func schemeLines() {
        let cassette = Cassette(header: CassetteHeader(name: "schemes"), events: [
            Event(id: 1, at: 0, payload: URLSchemeRequest(url: "app://localhost/index.html")),
            Event(id: 2, at: 0.1, cause: 1, payload: URLSchemeResponse(url: "app://localhost/index.html", mimeType: "text/html")),
            Event(id: 3, at: 0.1, cause: 1, payload: URLSchemeData(Data("<!doctype html>".utf8))),
            Event(id: 4, at: 0.1, cause: 1, payload: URLSchemeCompletion.finished),
            Event(id: 5, at: 0.2, payload: URLSchemeRequest(url: "app://localhost/api", method: "POST", body: .json(["q": 1]))),
            Event(id: 6, at: 0.3, cause: 5, payload: URLSchemeResponse(url: "app://localhost/api", status: nil, headers: [HTTPHeader("Content-Type", "image/png")])),
            Event(id: 7, at: 0.3, cause: 5, payload: URLSchemeData(Data([0x89, 0x50, 0xFF]))),
            Event(id: 8, at: 0.4, cause: 5, payload: URLSchemeStop(url: "app://localhost/api")),
            Event(id: 9, at: 0.5, payload: URLSchemeRequest(url: "app://localhost/missing.css")),
            Event(id: 10, at: 0.5, cause: 9, payload: URLSchemeCompletion(error: "no file at /missing.css")),
        ])
        #expect(Timeline.lines(for: cassette).dropFirst(2).filter { !$0.hasPrefix("      ") } == [
            #"   1    +0.000s  stimulus  scheme.request                 GET app://localhost/index.html"#,
            #"   2    +0.100s  effect    scheme.response                200 text/html  (cause 1)"#,
            #"   3    +0.100s  effect    scheme.data                    15 bytes of text  (cause 1)"#,
            #"   4    +0.100s  effect    scheme.completion              finished  (cause 1)"#,
            #"   5    +0.200s  stimulus  scheme.request                 POST app://localhost/api (json {"q":1})"#,
            #"   6    +0.300s  effect    scheme.response                URLResponse image/png  (cause 5)"#,
            #"   7    +0.300s  effect    scheme.data                    3 bytes  (cause 5)"#,
            #"   8    +0.400s  stimulus  scheme.stop                    app://localhost/api  (cause 5)"#,
            #"   9    +0.500s  stimulus  scheme.request                 GET app://localhost/missing.css"#,
            #"  10    +0.500s  effect    scheme.completion              failed: no file at /missing.css  (cause 9)"#,
        ])
    }
}
