import HybridReplaySeams

/// The seed's promise-based bridge: the page posts `{guid}` to
/// `nativeProcess`, native code fetches a random user and settles the page's
/// promise by evaluating `executePromise(guid, data)`.
///
/// What the seed gets wrong, and this does not:
/// - `data` is passed as a ``JavaScriptLiteral``, so a quote, a backslash, a
///   newline or `</script>` in the response reaches the page as text instead
///   of breaking (or running) the script;
/// - every promise is settled: a failed fetch (a status outside 200–299, or
///   no response at all) evaluates `rejectPromise(guid, message)` instead of
///   leaving the page waiting forever; a request that fails outright names
///   its error's domain and code, as in
///   `the request failed: timed out (NSURLErrorDomain -1001)`;
/// - promises are independent: each message fetches in its own task, so two
///   in flight settle in whatever order their responses arrive, each with
///   its own guid.
///
/// A message without a string `guid` has no promise to settle and is ignored.
///
/// The data is the response body as the transport hands it over: text as it
/// came, and a JSON body (which transports deliver parsed) in its compact
/// form — equal under `JSON.parse`, with object keys in sorted order.
public struct PromiseBridge: ScriptMessageHandler {
    /// The handler name the page posts to.
    public static let handlerName = "nativeProcess"

    private let webView: any WebView
    private let fetcher: RandomUserFetcher

    /// Registers the bridge with `webView`.
    ///
    /// - Parameters:
    ///   - webView: The web view whose page posts `{guid}` messages.
    ///   - transport: Where the random user is fetched from.
    ///   - endpoint: The API the seed calls.
    public init(webView: any WebView, transport: any HTTPTransport, endpoint: String = RandomUserFetcher.seedEndpoint) {
        self.webView = webView
        self.fetcher = RandomUserFetcher(transport: transport, endpoint: endpoint)
        webView.add(self, name: Self.handlerName)
    }

    public func didReceive(_ message: ScriptMessage) {
        guard let guid = RandomUserFetcher.guid(in: message.body) else { return }
        let webView = webView
        let fetcher = fetcher
        Task {
            let script =
                switch await fetcher.fetch() {
                case .success(let data):
                    "executePromise(\(JavaScriptLiteral.string(guid)), \(JavaScriptLiteral.string(data)))"
                case .failure(let failure):
                    "rejectPromise(\(JavaScriptLiteral.string(guid)), \(JavaScriptLiteral.string(failure.message)))"
                }
            webView.evaluateJavaScript(script, completionHandler: nil)
        }
    }
}

/// The promise bridge over `WKScriptMessageHandlerWithReply`: the page
/// awaits `postMessage({guid})` itself, and native code settles it with
/// the reply instead of evaluating a callback.
///
/// The reply is the response text on success and an error message
/// otherwise (which rejects the page's promise). A message without a string
/// `guid` is rejected at once; every message gets exactly one reply.
public struct PromiseReplyBridge: ScriptMessageHandlerWithReply {
    /// The handler name the page posts to.
    public static let handlerName = "nativeProcess"

    private let fetcher: RandomUserFetcher

    /// Registers the bridge with `webView`.
    public init(webView: any WebView, transport: any HTTPTransport, endpoint: String = RandomUserFetcher.seedEndpoint) {
        self.fetcher = RandomUserFetcher(transport: transport, endpoint: endpoint)
        webView.add(self, name: Self.handlerName)
    }

    public func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        guard RandomUserFetcher.guid(in: message.body) != nil else {
            replyHandler(.error("the message has no string guid"))
            return
        }
        let fetcher = fetcher
        Task {
            switch await fetcher.fetch() {
            case .success(let data): replyHandler(.value(.string(data)))
            case .failure(let failure): replyHandler(.error(failure.message))
            }
        }
    }
}

/// The fetch both promise bridges make: one GET whose body comes back as text.
public struct RandomUserFetcher: Sendable {
    /// The random-user API the seed calls.
    public static let seedEndpoint = "https://randomuser.me/api"

    /// Why a fetch produced no data, in words the page can show.
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
    }

    let transport: any HTTPTransport
    let endpoint: String

    /// The promise id a message carries in its `guid` field.
    static func guid(in body: JSONValue) -> String? {
        guard case .object(let fields) = body, case .string(let guid)? = fields["guid"] else { return nil }
        return guid
    }

    /// Fetches the endpoint; the body as text on a 2xx status.
    func fetch() async -> Result<String, Failure> {
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: endpoint))
        } catch {
            return .failure(Failure(message: "the request failed: \(error.message) (\(error.domain) \(error.code))"))
        }
        guard (200..<300).contains(response.status) else {
            return .failure(Failure(message: "the server answered \(response.status)"))
        }
        return .success(Self.text(of: response.body))
    }

    /// A body as the text the page receives: JSON in its compact form.
    public static func text(of body: HTTPBody?) -> String {
        switch body {
        case .text(let text): text
        case .json(let value): value.description
        case .bytes(let data): String(decoding: data, as: UTF8.self)
        case nil: ""
        }
    }
}
