import HybridReplay

/// Builds a valid cassette of `count` events from realistic flows on every
/// channel: navigations with their decisions and routes, script messages
/// with evaluations and replies, HTTP exchanges with redirects and cookies,
/// cookie store queries, location sessions and custom events.
///
/// The same seed gives the same cassette.
struct SyntheticCassette {
    private var values: SyntheticValues
    private var events: [Event] = []
    private var nextID = 1
    private var clock = 0.0
    private let count: Int

    init(count: Int, seed: UInt64) {
        self.count = count
        values = SyntheticValues(seed: seed)
        events.reserveCapacity(count + 16)
    }

    private var rng: SplitMix64 {
        get { values.rng }
        set { values.rng = newValue }
    }

    enum Flow: CaseIterable { case navigation, script, http, cookies, location, custom, userScript }

    static let flowWeights: [(Flow, Double)] = [
        (.navigation, 20), (.script, 24), (.http, 26), (.cookies, 7), (.location, 17), (.custom, 5), (.userScript, 1),
    ]

    mutating func make() -> Cassette {
        for _ in 0..<2 { userScript() }
        while events.count < count {
            switch rng.weighted(Self.flowWeights) {
            case .navigation: navigation()
            case .script: script()
            case .http: http(cause: nil)
            case .cookies: cookies()
            case .location: location()
            case .custom: custom()
            case .userScript: userScript()
            }
        }
        // Causes and answers only point backwards, so cutting the tail keeps the cassette valid.
        events.removeLast(events.count - count)
        let header = CassetteHeader(
            name: "synthetic-\(count)", description: "A synthetic session of \(count) events on every channel, for benchmarks.",
            recordedBy: RecordingTool(tool: "cassette-bench", version: "1.0", engine: "WebKitGTK 6.0"),
            redactions: ["header:Authorization", "cookie:session"])
        return Cassette(header: header, events: events)
    }

    /// Appends an event a little after the previous one and returns its id.
    @discardableResult
    private mutating func emit(
        _ payload: any EventPayload, cause: Int? = nil, answers: Int? = nil, after delay: ClosedRange<Double> = 0.0005...0.08
    ) -> Int {
        clock = ((clock + Double.random(in: delay, using: &rng)) * 1_000_000).rounded() / 1_000_000
        let id = nextID
        nextID += rng.chance(0.02) ? 2 : 1  // recorders sometimes drop redacted events, leaving gaps
        events.append(Event(id: id, at: clock, cause: cause, answers: answers, payload: payload))
        return id
    }

    // MARK: Flows

    private mutating func navigation() {
        let isRoute = rng.chance(0.3)
        let url = isRoute ? values.routeURL() : values.pageURL()
        let action = emit(
            NavigationAction(
                url: url, method: rng.chance(0.9) ? "GET" : "POST", navigationType: rng.pick(NavigationType.known),
                sourceFrame: rng.chance(0.7) ? values.frame() : nil, targetFrame: rng.chance(0.95) ? values.frame() : nil),
            after: 0.05...1.5)
        if isRoute {
            emit(NavigationDecision(.cancel), cause: action)
            emit(
                NativeRoute(
                    name: rng.pick(["present", "push", "sheet", "dismiss"]),
                    parameters: [
                        "r": .number(Double(rng.int(0...255))), "g": .number(Double(rng.int(0...255))),
                        "b": .number(Double(rng.int(0...255))), "animated": .bool(rng.chance(0.5)), "title": .string(values.text()),
                    ]),
                cause: action)
            return
        }
        let policy = rng.weighted([(NavigationPolicy.allow, 0.9), (.cancel, 0.07), (.download, 0.03)])
        emit(NavigationDecision(policy), cause: action)
        if policy == .allow, rng.chance(0.5) { http(cause: action, url: url, document: true) }
        if rng.chance(0.1) {
            emit(NavigationLoad(url: values.pageURL(), method: "GET", headers: rng.chance(0.5) ? values.requestHeaders(hasBody: false) : []))
        }
    }

    private mutating func script() {
        let expectsReply = rng.chance(0.6)
        let message = emit(
            ScriptMessage(
                handler: rng.pick(SyntheticValues.handlers), body: values.messageBody(),
                frame: rng.chance(0.9) ? values.frame(main: 0.9) : nil, expectsReply: expectsReply),
            after: 0.01...2)
        if rng.chance(0.5) {
            let arguments: [String: JSONValue]? =
                rng.chance(0.4) ? ["id": .number(Double(rng.int(1...99999))), "payload": values.smallValue()] : nil
            let script =
                arguments == nil
                ? "window.app.handleMessage(\(rng.int(1...99999)), \"\(rng.pick(SyntheticValues.actions))\");"
                : "return await window.app.dispatch(id, payload);"
            let evaluate = emit(JavaScriptEvaluation(script: script, arguments: arguments), cause: message)
            let outcome: Outcome = rng.chance(0.9) ? .value(values.smallValue()) : .error(rng.pick(SyntheticValues.errorMessages))
            emit(JavaScriptResult(outcome), answers: evaluate)
        }
        if rng.chance(0.3) { http(cause: message) }
        if expectsReply {
            let outcome: Outcome =
                rng.chance(0.92) ? .value(rng.chance(0.5) ? values.apiBody() : values.smallValue()) : .error(rng.pick(SyntheticValues.errorMessages))
            emit(ScriptReply(outcome), cause: message)
        }
    }

    private mutating func http(cause: Int?, url: String? = nil, document: Bool = false) {
        let method = document ? "GET" : rng.weighted([("GET", 0.65), ("POST", 0.25), ("PUT", 0.05), ("DELETE", 0.05)])
        let hasBody = method == "POST" || method == "PUT"
        var body: HTTPBody?
        if hasBody { body = rng.chance(0.85) ? .json(values.apiBody()) : .text("q=\(rng.token(12))&page=\(rng.int(1...9))") }
        var request = emit(
            HTTPRequest(method: method, url: url ?? values.apiURL(), headers: values.requestHeaders(hasBody: hasBody), body: body),
            cause: cause)
        if rng.chance(0.08) {
            let location = values.apiURL()
            var headers = values.responseHeaders(status: 302, contentType: nil)
            headers.append(HTTPHeader("Location", location))
            let redirect = emit(HTTPResponse(status: 302, headers: headers), answers: request, after: 0.02...0.4)
            request = emit(HTTPRequest(method: "GET", url: location, headers: values.requestHeaders(hasBody: false)), cause: redirect)
        }
        let status = rng.weighted([(200, 0.78), (201, 0.05), (204, 0.04), (304, 0.04), (401, 0.02), (404, 0.04), (500, 0.03)])
        var responseBody: HTTPBody?
        var contentType: String?
        if status != 204, status != 304 {
            if document {
                responseBody = .text("<!doctype html><html><head><title>\(values.text())</title></head><body>…</body></html>")
                contentType = "text/html; charset=utf-8"
            } else {
                switch rng.weighted([(0, 0.8), (1, 0.12), (2, 0.08)]) {
                case 0: (responseBody, contentType) = (.json(values.apiBody()), "application/json; charset=utf-8")
                case 1: (responseBody, contentType) = (.text(values.text()), "text/plain; charset=utf-8")
                default: (responseBody, contentType) = (.bytes(values.binary()), "image/png")
                }
            }
        }
        emit(
            HTTPResponse(status: status, headers: values.responseHeaders(status: status, contentType: contentType), body: responseBody),
            answers: request, after: 0.02...0.6)
    }

    private mutating func cookies() {
        if rng.chance(0.6) { emit(CookieStoreWrite(values.cookie())) }
        let query = emit(CookieStoreQuery(url: values.pageURL()))
        emit(CookieStoreContents((0..<rng.int(0...5)).map { _ in values.cookie() }), answers: query)
    }

    private mutating func location() {
        if rng.chance(0.2) {
            let request = emit(LocationAuthorizationRequest(rng.pick(AuthorizationLevel.known)))
            emit(
                LocationAuthorizationChange(
                    rng.weighted([(AuthorizationStatus.authorizedWhenInUse, 0.7), (.authorizedAlways, 0.1), (.denied, 0.2)]),
                    accuracy: rng.chance(0.8) ? rng.pick(AccuracyAuthorization.known) : nil),
                answers: rng.chance(0.8) ? request : nil, after: 0.2...3)
        }
        emit(LocationConfiguration(desiredAccuracy: rng.pick([-2, -1, 5, 10, 100]), distanceFilter: rng.chance(0.7) ? rng.pick([-1, 5, 10, 50]) : nil))
        emit(LocationUpdatesStart())
        let center = rng.pick([(37.33233141, -122.0312186), (47.3769, 8.5417), (35.6762, 139.6503), (-33.8688, 151.2093)])
        for _ in 0..<rng.int(1...6) {
            let fixes = (0..<rng.weighted([(1, 0.7), (2, 0.2), (3, 0.1)])).map { _ in values.fix(at: clock, around: center) }
            let update = emit(LocationUpdate(fixes), after: 0.5...1.5)
            if rng.chance(0.7) {
                let first = fixes[0]
                emit(
                    LocationServiceValue(
                        stream: "coordinates",
                        value: ["latitude": .number(first.latitude), "longitude": .number(first.longitude), "accuracy": .number(first.horizontalAccuracy ?? -1)]),
                    cause: update)
            }
        }
        if rng.chance(0.1) {
            emit(LocationFailure(rng.pick(LocationErrorCode.known), message: rng.chance(0.5) ? "The operation couldn’t be completed. (kCLErrorDomain error 0.)" : nil))
        }
        if rng.chance(0.3) { emit(LocationServiceCompletion(stream: "coordinates", error: rng.chance(0.3) ? .denied : nil)) }
        emit(LocationUpdatesStop())
    }

    private mutating func custom() {
        let fields: [String: JSONValue] = [
            "event": .string(rng.pick(["screen_view", "add_to_cart", "purchase", "search"])),
            "properties": ["screen": .string(values.pageURL()), "value": .number(rng.decimal(0...500, places: 2)), "session": .string(rng.token(16))],
            "sampled": .bool(rng.chance(0.5)),
        ]
        emit(CustomEvent(name: rng.pick(["analytics.track", "featureFlags.evaluate", "keychain.read"]), direction: .effect, fields: fields))
    }

    private mutating func userScript() {
        emit(
            UserScriptInstallation(
                source: "(function(){window.bridge={post:function(n,b){window.webkit.messageHandlers[n].postMessage(b);}};})();\n// v\(rng.int(1...99))",
                injectionTime: rng.pick(InjectionTime.known), mainFrameOnly: rng.chance(0.7)))
    }
}
