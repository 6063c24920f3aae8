/// The entry point of the cookie loader's contract: the host app asking
/// for a page, as a `custom` stimulus named ``eventName``.
///
/// Its fields are `url` (required), `method` (default `GET`), `headers`
/// (optional: `[{"name": …, "value": …}]`, in order, as `http.request`
/// writes them) and `body` (text, optional). The handler turns each into an
/// ``HTTPRequest`` and hands it to `load` in a task of its own, as the host's
/// call to `webView.load(request)` would.
///
/// The recorder's header rules do not look inside custom events: record sessions
/// with `headerRedaction(by:)` (in `HybridReplay`) added, so that an `Authorization` or
/// `Cookie` header the host puts on its request is hidden as it is in the
/// `http.request` that sends it.
///
/// Register one with your own loader to run the `cookie-redirect-loader`
/// cassettes against it:
///
/// ```swift
/// LoadRequestHandler(seam: platform.custom) { request in await myLoader.load(request) }
/// ```
public struct LoadRequestHandler: CustomEventHandler {
    /// The custom stimulus the host app's request arrives as.
    public static let eventName = "load"

    private let load: @Sendable (HTTPRequest) async -> Void

    /// Becomes `seam`'s handler for the stimuli named ``eventName``, leaving its other handlers in place.
    @discardableResult
    public init(seam: any CustomSeam, load: @escaping @Sendable (HTTPRequest) async -> Void) {
        self.load = load
        seam.setHandler(self, forEventNamed: Self.eventName)
    }

    /// The custom event that asks for `request`.
    public static func event(for request: HTTPRequest) -> CustomEvent {
        var fields: [String: JSONValue] = ["url": .string(request.urlString)]
        if request.method != "GET" { fields["method"] = .string(request.method) }
        if !request.headers.isEmpty {
            fields["headers"] = .array(
                request.headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
        }
        if case .text(let body)? = request.body { fields["body"] = .string(body) }
        return CustomEvent(name: eventName, direction: .stimulus, fields: fields)
    }

    /// The request a custom event asks for; `nil` when it is not a well-formed ``eventName`` event.
    public static func request(in event: CustomEvent) -> HTTPRequest? {
        guard event.name == eventName, case .string(let url)? = event.fields["url"] else { return nil }
        var request = HTTPRequest(url: url)
        // A `method`, `headers` or `body` that is there but not of its type is
        // malformed: sending a GET, a request without its `Authorization`, or a
        // POST without its body, is not what the event asked for.
        switch event.fields["method"] {
        case nil: break
        case .string(let method)?: request.method = method
        default: return nil
        }
        switch event.fields["headers"] {
        case nil: break
        case .array(let headers)?:
            for header in headers {
                guard let header = Self.header(in: header) else { return nil }
                request.headers.append(header)
            }
        default: return nil
        }
        switch event.fields["body"] {
        case nil: break
        case .string(let body)?: request.body = .text(body)
        default: return nil
        }
        return request
    }

    /// A header as ``event(for:)`` writes it: exactly a non-empty text `name` and a text `value`.
    package static func header(in value: JSONValue) -> HTTPHeader? {
        guard case .object(let members) = value, members.count == 2, case .string(let name)? = members["name"],
            !name.isEmpty, case .string(let value)? = members["value"]
        else { return nil }
        return HTTPHeader(name, value)
    }

    public func didReceive(_ event: CustomEvent) {
        guard let request = Self.request(in: event) else { return }
        let load = load
        Task { await load(request) }
    }
}
