import Foundation
import HybridReplay

/// Builds valid random cassettes with events of every kind, for the round-trip,
/// idempotence, replay and timeline property tests.
package struct CassetteGenerator {
    var random: SplitMix64

    package init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: Scalars

    mutating func bool() -> Bool { Bool.random(using: &random) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// Numbers that stress printing: whole, fractional, tiny, huge, negative zero.
    mutating func number() -> Double {
        switch int(0...7) {
        case 0: return Double(int(-1000...1000))
        case 1: return Double(int(-1_000_000...1_000_000)) / 1000
        case 2: return -0.0
        case 3: return Double(Int64(9_007_199_254_740_993))  // 2^53 + 1 rounds to 2^53
        case 4: return Double(sign: bool() ? .minus : .plus, exponent: int(-1074...1023), significand: 1.5)
        case 5:
            // Any finite bit pattern.
            var value: Double
            repeat { value = Double(bitPattern: random.next()) } while !value.isFinite
            return value
        case 6: return 37.33233141
        default: return Double.random(in: -180...180, using: &random)
        }
    }

    /// Strings that stress escaping: quotes, backslashes, control characters,
    /// non-ASCII, emoji (surrogate pairs), `</script>`, NUL.
    mutating func string() -> String {
        let pieces = [
            "a", "guid-\(int(0...999))", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "é", "日本", "👩‍💻", "</script>",
            "'", " ", "\u{2028}", "/", "%20", "\u{7F}",
        ]
        return (0..<int(0...6)).map { _ in pieces[int(0...pieces.count - 1)] }.joined()
    }

    /// An object key: any string but one holding U+0000, which readers reject in keys.
    mutating func key() -> String { string().replacingOccurrences(of: "\u{0}", with: "0") }

    mutating func json(depth: Int = 3) -> JSONValue {
        switch int(0...(depth > 0 ? 6 : 3)) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .number(number())
        case 3: return .string(string())
        case 4: return .array((0..<int(0...3)).map { _ in json(depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<int(0...3) { members[key()] = json(depth: depth - 1) }
            return .object(members)
        }
    }

    mutating func object() -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for _ in 0..<int(0...3) { members[key()] = json(depth: 2) }
        return members
    }

    mutating func optional<T>(_ make: (inout CassetteGenerator) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    mutating func url() -> String {
        pick(["https://example.com/", "navigate://present?r=255&g=255&b=0", "https://api.example.com/users?results=1"])
            + (bool() ? string().addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "" : "")
    }

    mutating func timestamp() -> String {
        String(format: "2026-%02d-%02dT%02d:%02d:%02d%@Z", int(1...12), int(1...28), int(0...23), int(0...59), int(0...59),
            bool() ? ".\(int(0...999))" : "")
    }

    // MARK: Structures

    mutating func frame() -> Frame {
        Frame(isMainFrame: bool(), url: optional { $0.url() }, securityOrigin: optional { $0.securityOrigin() })
    }

    mutating func headers() -> [HTTPHeader] {
        (0..<int(0...4)).map { _ in HTTPHeader(pick(["Cookie", "Set-Cookie", "Location", "X-Trace", "Accept"]), string()) }
    }

    mutating func body() -> HTTPBody? {
        switch int(0...3) {
        case 0: return nil
        case 1: return .text(string())
        case 2: return .json(json())
        default: return .bytes(Data((0..<int(0...16)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        }
    }

    mutating func cookie() -> Cookie {
        Cookie(
            name: string(), value: string(), domain: pick(["example.com", ".example.com"]), path: pick(["/", "/api"]),
            expires: optional { $0.timestamp() }, secure: bool(), httpOnly: bool(),
            sameSite: optional { $0.pick(SameSitePolicy.known) })
    }

    mutating func fix() -> LocationFix {
        LocationFix(
            latitude: Double.random(in: -90...90, using: &random), longitude: Double.random(in: -180...180, using: &random),
            altitude: optional { $0.number() }, ellipsoidalAltitude: optional { $0.number() },
            horizontalAccuracy: optional { $0.number() }, verticalAccuracy: optional { $0.number() },
            course: optional { $0.number() }, courseAccuracy: optional { $0.number() }, speed: optional { $0.number() },
            speedAccuracy: optional { $0.number() }, timestamp: timestamp(), floor: optional { $0.int(-3...80) })
    }

    mutating func outcome() -> Outcome { bool() ? .value(json()) : .error(string()) }

    // MARK: Cassettes

    /// A valid cassette of about `scenes` exchanges, covering every kind.
    package mutating func cassette(scenes: Int) -> Cassette {
        var events: [Event] = []
        var clock = 0.0
        func add(_ payload: any EventPayload, cause: Int? = nil, answers: Int? = nil, _ gen: inout CassetteGenerator) -> Int {
            clock += Double(gen.int(0...500)) / 1000
            let id = (events.last?.id ?? 0) + gen.int(1...2)
            events.append(Event(id: id, at: clock, cause: cause, answers: answers, payload: payload))
            return id
        }
        for _ in 0..<scenes {
            switch int(0...7) {
            case 0:
                let expectsReply = bool()
                // A name in a world has a handler with reply or one without, never both (WebKit raises on the
                // second); no `string()` starts with "reply:", so the two kinds of names never meet.
                let handler = (expectsReply ? "reply:" : "") + string()
                let message = add(ScriptMessage(handler: handler, body: json(), frame: optional { $0.frame() }, expectsReply: expectsReply, contentWorld: contentWorld()), &self)
                if expectsReply { _ = add(ScriptReply(outcome()), cause: message, &self) }
            case 1:
                _ = add(UserScriptInstallation(source: string(), injectionTime: pick(InjectionTime.known), mainFrameOnly: bool(), contentWorld: contentWorld()), &self)
                let call = add(JavaScriptEvaluation(script: string(), arguments: optional { $0.object() }, frame: optional { $0.frame() }, contentWorld: contentWorld()), &self)
                _ = add(JavaScriptResult(outcome()), answers: call, &self)
                if bool() { _ = add(ScriptHandlerRemoval(name: "removed-\(int(0...99))", contentWorld: contentWorld()), &self) }
            case 2:
                let action = add(
                    NavigationAction(url: url(), method: pick(["GET", "POST"]), navigationType: pick(NavigationType.known),
                        sourceFrame: optional { $0.frame() }, targetFrame: optional { $0.frame() }), &self)
                _ = add(NavigationDecision(pick(NavigationPolicy.known)), cause: action, &self)
                if bool() { _ = add(NativeRoute(name: string(), parameters: object()), cause: action, &self) }
                if bool() { _ = add(NavigationLoad(url: url(), method: "GET", headers: headers(), body: body()), &self) }
            case 3:
                let request = add(HTTPRequest(method: pick(["GET", "POST"]), url: url(), headers: headers(), body: body()), &self)
                if int(0...3) > 0 {
                    _ = add(HTTPResponse(status: int(100...599), headers: headers(), body: body()), answers: request, &self)
                } else {
                    let code = pick([HTTPTransportError.Code.timedOut, HTTPTransportError.Code.cannotConnectToHost, int(-2000...2000)])
                    let failure = add(
                        HTTPTransportFailure(code: code, domain: pick([HTTPTransportError.urlErrorDomain, string() + "x"]), message: string()),
                        answers: request, &self)
                    if bool() { _ = add(NativeRoute(name: string(), parameters: object()), cause: failure, &self) }
                }
            case 4:
                _ = add(CookieStoreWrite(cookie()), &self)
                let query = add(CookieStoreQuery(url: url()), &self)
                _ = add(CookieStoreContents((0..<int(0...2)).map { _ in cookie() }), answers: query, &self)
            case 5:
                let delegate = add(LocationDelegateChange(isSet: true), &self)
                _ = add(LocationAuthorizationChange(.notDetermined, accuracy: .full), answers: delegate, &self)
                let request = add(LocationAuthorizationRequest(pick(AuthorizationLevel.known)), &self)
                let change = add(
                    LocationAuthorizationChange(pick(AuthorizationStatus.known), accuracy: optional { $0.pick(AccuracyAuthorization.known) }),
                    answers: bool() ? request : nil, &self)
                _ = add(LocationConfiguration(desiredAccuracy: number(), distanceFilter: optional { $0.number() }), cause: change, &self)
                _ = add(LocationUpdatesStart(), cause: change, &self)
                let oneShot = bool() ? add(OneShotLocationRequest(), cause: change, &self) : nil
                let batch = add(LocationUpdate((0..<int(1...3)).map { _ in fix() }), answers: oneShot, &self)
                _ = add(LocationServiceValue(stream: "coordinates", value: json()), cause: batch, &self)
                let failure = add(LocationFailure(pick(LocationErrorCode.known), message: optional { $0.string() }), &self)
                _ = add(LocationServiceCompletion(stream: "coordinates", error: optional { $0.pick(LocationErrorCode.known) }), cause: failure, &self)
                _ = add(LocationUpdatesStop(), &self)
                if bool() {
                    let fullAccuracy = add(TemporaryFullAccuracyRequest(purposeKey: "purpose-" + key()), &self)
                    _ = add(LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full), answers: bool() ? fullAccuracy : nil, &self)
                }
            case 6:
                webScene(add: add)
            default:
                _ = add(CustomEvent(name: pick(["analytics.track", "haptics"]), direction: pick(Direction.allCases), fields: object()), &self)
            }
        }
        let header = CassetteHeader(
            name: "generated-\(int(0...9999))", description: optional { $0.string() },
            contract: optional { $0.pick(["router", "bridge.echo", "location-service"]) },
            recordedBy: RecordingTool(tool: "generator", version: optional { _ in "1.0" }, engine: optional { $0.string() }),
            redactions: bool() ? ["header:Cookie", "header:Authorization"] : [])
        return Cassette(header: header, events: events)
    }
}
