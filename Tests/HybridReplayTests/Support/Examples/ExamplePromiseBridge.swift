import Foundation
import HybridReplay

/// The seed's promise bridge: the page sends `{guid}`, native code fetches a
/// random user and settles the promise with `executePromise(guid, data)`.
struct ExamplePromiseBridge: ScriptMessageHandler {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        static let answersWithNewGUID = Fault(name: "answers with a new guid")
    }

    let webView: any WebView
    let transport: any HTTPTransport
    let fault: Fault

    init(platform: Platform, fault: Fault = .none) {
        webView = platform.webView
        transport = platform.transport
        self.fault = fault
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        let url = body["url"].flatMap { if case .string(let url) = $0 { url } else { nil } } ?? "https://randomuser.me/api"
        Task {
            guard let response = try? await transport.send(HTTPRequest(url: url)), case .json(let data)? = response.body
            else { return }
            let settled = fault == .answersWithNewGUID ? UUID().uuidString.lowercased() : guid
            _ = try? await webView.callAsyncJavaScript(
                "executePromise(guid, data)", arguments: ["guid": .string(settled), "data": .string(data.description)])
        }
    }
}
