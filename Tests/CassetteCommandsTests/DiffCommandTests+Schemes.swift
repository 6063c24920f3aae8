import CassetteCommands
import Foundation
import HybridReplay
import Testing

extension DiffCommandTests {
    /// A page served through `app://`: the request and the app's answer, whose body is `body`.
    static func servedPage(body: String = "<p>Hello</p>", status: Int = 200) -> Cassette {
        Cassette(header: CassetteHeader(name: "served"), events: [
            Event(id: 1, at: 0, payload: URLSchemeRequest(url: "app://localhost/index.html")),
            Event(id: 2, at: 0.1, cause: 1, payload: URLSchemeResponse(url: "app://localhost/index.html", status: status, mimeType: "text/html")),
            Event(id: 3, at: 0.1, cause: 1, payload: URLSchemeData(Data(body.utf8))),
            Event(id: 4, at: 0.1, cause: 1, payload: URLSchemeCompletion.finished),
        ])
    }

    @Test("a changed piece of a scheme answer and a changed status are shown at their fields")
    func schemeAnswerChange() async throws {
        try await withTemporaryDirectory { directory in
            try write(Self.servedPage(), Self.servedPage(body: "<p>Bye</p>", status: 404), in: directory)
            let result = await cassette("diff", "old.json", "new.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardError.isEmpty)
            #expect(result.standardOutput == """
                --- old.json
                +++ new.json
                @@ event 2 scheme.response: changed @@
                     2    +0.100s  effect    scheme.response                404 text/html  (cause 1)
                  status
                - 200
                + 404
                @@ event 3 scheme.data: changed @@
                     3    +0.100s  effect    scheme.data                    10 bytes of text  (cause 1)
                  text
                - "<p>Hello</p>"
                + "<p>Bye</p>"

                """)
        }
    }
}
