import Foundation
import HybridReplay

/// A scheme handler that serves a web bundle from memory, as Capacitor
/// serves `capacitor://localhost`: each file's head, its body in pieces of
/// `pieceSize` bytes, then the end; an unknown path fails. A request for a
/// path in `held` gets its head and first piece and waits for the page to
/// stop it. Used to record and replay the `scheme` channel.
final class ExampleBundleServer: URLSchemeHandler {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        /// Serves every file with one byte changed.
        static let wrongBody = Fault(name: "wrong body")
        /// Serves its page and script with a comment added, as after an edit of the web code.
        static let editedFiles = Fault(name: "edited files")
        /// Serves every answer's head and no body.
        static let noBody = Fault(name: "no body")
        /// Never ends an answer: no didFinish().
        static let neverFinishes = Fault(name: "never finishes")
        /// Finishes every answer twice.
        static let finishesTwice = Fault(name: "finishes twice")
        /// Ends a stopped task anyway.
        static let answersAfterStop = Fault(name: "answers after stop")
    }

    static let files: [String: (mimeType: String, body: Data)] = [
        "/index.html": ("text/html", Data("<!doctype html><script src=\"app.js\"></script><img src=\"logo.png\">\n".utf8)),
        "/app.js": ("text/javascript", Data("window.webkit.messageHandlers.bridge.postMessage({ready: true});\n".utf8)),
        "/logo.png": ("image/png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x10, 0x80])),
        "/feed.json": ("application/json", Data(#"{"items": [1, 2, 3]}"#.utf8)),
    ]

    let fault: Fault
    let pieceSize: Int
    let held: Set<String>
    private let stopped = Locked<[ObjectIdentifier]>([])

    init(platform: Platform, scheme: String = "app", fault: Fault = .none, pieceSize: Int = 16, held: Set<String> = []) {
        self.fault = fault
        self.pieceSize = pieceSize
        self.held = held
        platform.webView.setURLSchemeHandler(self, forURLScheme: scheme)
    }

    struct NotFound: Error, CustomStringConvertible {
        var path: String
        var description: String { "no file at \(path) in the bundle" }
    }

    func start(_ task: any URLSchemeTask) {
        let path = URLComponents(string: task.request.urlString)?.path ?? ""
        guard let file = Self.files[path] else {
            return task.didFailWithError(NotFound(path: path))
        }
        var body = file.body
        if fault == .wrongBody, !body.isEmpty { body[body.startIndex] ^= 0x01 }
        if fault == .editedFiles, path == "/index.html" || path == "/app.js" { body.append(Data("// edited\n".utf8)) }
        if fault == .noBody { body = Data() }
        task.didReceive(
            URLSchemeResponse(url: task.request.urlString, status: 200, mimeType: file.mimeType, headers: [HTTPHeader("Content-Type", file.mimeType)]))
        var offset = body.startIndex
        while offset < body.endIndex {
            let end = min(offset + pieceSize, body.endIndex)
            task.didReceive(Data(body[offset..<end]))
            if held.contains(path) { return }
            offset = end
        }
        guard fault != .neverFinishes else { return }
        task.didFinish()
        if fault == .finishesTwice { task.didFinish() }
    }

    func stop(_ task: any URLSchemeTask) {
        stopped.withLock { $0.append(ObjectIdentifier(task)) }
        if fault == .answersAfterStop { task.didFinish() }
    }

    /// How many tasks the page stopped.
    var stoppedCount: Int { stopped.withLock { $0.count } }
}
