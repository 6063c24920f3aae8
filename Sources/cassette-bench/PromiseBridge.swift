import HybridReplay

/// The implementation the replay benchmark drives: a promise bridge that
/// fetches the URL each message names and settles the page's promise with
/// the response, as `ExamplePromiseBridge` in the tests does.
///
/// It is trivial on purpose, so what the benchmark times is the replayer
/// (or the baseline's stand-ins), not app code.
struct PromiseBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport

    /// Builds the bridge on `platform` and registers it for ``SyntheticSession/handler``.
    init(platform: Platform) {
        webView = platform.webView
        transport = platform.transport
        platform.webView.add(self, name: SyntheticSession.handler)
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"], case .string(let url)? = body["url"]
        else { return }
        Task {
            guard let response = try? await transport.send(HTTPRequest(url: url)), case .json(let data)? = response.body
            else { return }
            _ = try? await webView.callAsyncJavaScript(
                SyntheticSession.settleScript, arguments: ["guid": .string(guid), "data": .string(data.description)])
        }
    }
}
