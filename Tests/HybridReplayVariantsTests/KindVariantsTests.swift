import Foundation
import HybridReplay
import Testing

@testable import HybridReplayVariants

/// The edits one kind offers for `payload`, by `class:argument`.
private func edits(of payload: any KindVariants) -> [String: VariantEdit] {
    let event = Event(id: 1, at: 0, payload: payload)
    let all = payload.variantEdits(of: event, in: Cassette(header: CassetteHeader(name: "c"), events: [event]))
    return Dictionary(all.map { ("\($0.variantClass):\($0.argument ?? "")", $0) }, uniquingKeysWith: { first, _ in first })
}

private func replaced(_ edit: VariantEdit?) -> (any EventPayload)? {
    guard case .replace(let payload)? = edit?.change else { return nil }
    return payload
}

@Suite("KindVariants")
struct KindVariantsTests {
    @Test("a message body field gets every JSON class but the one recorded, and missing leaves it out")
    func messageFields() {
        let message = ScriptMessage(handler: "h", body: .object(["guid": .string("g")]), frame: .main("https://a.example/"))
        let all = edits(of: message)
        #expect((replaced(all["field:guid=missing"]) as? ScriptMessage)?.body == .object([:]))
        #expect((replaced(all["field:guid=null"]) as? ScriptMessage)?.body == .object(["guid": .null]))
        #expect((replaced(all["body:string"]) as? ScriptMessage)?.body == .string("text"))
        #expect((replaced(all["frame:sub"]) as? ScriptMessage)?.frame?.isMainFrame == false)
        #expect((replaced(all["frame:none"]) as? ScriptMessage)?.frame == nil)
        #expect(all["frame:main"] == nil)
        #expect(all["field:guid=repeated-text"] != nil)
    }

    @Test("a query item gets its classes and is given twice, and the rest of the URL stays")
    func queryItems() {
        let action = NavigationAction(url: "navigate://present?r=255&g=0#top", navigationType: .linkActivated, targetFrame: nil)
        let all = edits(of: action)
        #expect((replaced(all["query:r=missing"]) as? NavigationAction)?.urlString == "navigate://present?g=0#top")
        #expect((replaced(all["query:g=past-byte"]) as? NavigationAction)?.urlString == "navigate://present?r=255&g=256#top")
        #expect((replaced(all["query:r=repeated"]) as? NavigationAction)?.urlString == "navigate://present?r=255&r=255&g=0#top")
        #expect(all["query:r=max-byte"] == nil)
        #expect(all["query:g=zero"] == nil)
        #expect((replaced(all["target-frame:main"]) as? NavigationAction)?.targetFrame?.isMainFrame == true)
        #expect(all["target-frame:none"] == nil)
        #expect(all["navigation-type:linkActivated"] == nil)
        #expect(all["navigation-type:reload"] != nil)
    }

    @Test("a query item is also given twice with another value after it, and a URL loses its '//'; its scheme keeps its case, as WebKit lowercases it")
    func repeatedDifferingAndURLShapes() {
        let action = NavigationAction(url: "navigate://present?r=255&g=0", navigationType: .linkActivated, targetFrame: .main())
        let all = edits(of: action)
        #expect((replaced(all["query:r=repeated-differing"]) as? NavigationAction)?.urlString == "navigate://present?r=255&r=0&g=0")
        #expect((replaced(all["query:g=repeated-differing"]) as? NavigationAction)?.urlString == "navigate://present?r=255&g=0&g=1")
        #expect((replaced(all["url:no-authority"]) as? NavigationAction)?.urlString == "navigate:present?r=255&g=0")
        #expect(all.keys.filter { $0.hasPrefix("url:scheme") }.isEmpty, "no variant spells the scheme in capitals: \(all.keys.sorted())")
        let opaque = edits(of: NavigationAction(url: "about:blank", navigationType: .other, targetFrame: .main()))
        #expect(opaque["url:no-authority"] == nil)
    }

    @Test("a load request's own cookies are renamed in the other letter case; headers without a Cookie get no such variant")
    func callerCookieNameCase() {
        let headers: JSONValue = .array([
            .object(["name": .string("Accept"), "value": .string("text/html")]),
            .object(["name": .string("Cookie"), "value": .string("locale=en; Sid=2; flag")]),
        ])
        let load = CustomEvent(name: "load", direction: .stimulus, fields: ["url": .string("https://app.example.com/"), "headers": headers])
        let renamed = replaced(edits(of: load)["cookie-name-case:"]) as? CustomEvent
        #expect(renamed?.fields["headers"] == .array([
            .object(["name": .string("Accept"), "value": .string("text/html")]),
            .object(["name": .string("Cookie"), "value": .string("LOCALE=en; sID=2; flag")]),
        ]))
        let plain = CustomEvent(name: "load", direction: .stimulus, fields: ["url": .string("https://app.example.com/"), "headers": .array([])])
        #expect(edits(of: plain)["cookie-name-case:"] == nil)
    }

    @Test("a response's cookies get each Max-Age class, Max-Age beside an Expires, a past Expires and Secure, appended to every Set-Cookie")
    func cookieAttributes() {
        let response = HTTPResponse(
            status: 302, headers: [HTTPHeader("Location", "/next"), HTTPHeader("Set-Cookie", "sid=1; Path=/"), HTTPHeader("set-cookie", "b=2")])
        let all = edits(of: response)
        let maxAge = replaced(all["cookie-attribute:max-age"]) as? HTTPResponse
        #expect(maxAge?.headers.map(\.value) == ["/next", "sid=1; Path=/; Max-Age=3600", "b=2; Max-Age=3600"])
        for name in ["max-age-zero", "max-age-negative", "max-age-fraction", "max-age-beats-expires", "expires-past", "secure"] {
            #expect(all["cookie-attribute:\(name)"] != nil, "\(name)")
        }
        #expect((replaced(all["cookie-attribute:max-age-beats-expires"]) as? HTTPResponse)?.headers[1].value.hasSuffix("GMT; Max-Age=60") == true)
        #expect(edits(of: HTTPResponse(status: 200)).keys.allSatisfy { !$0.hasPrefix("cookie-attribute") }, "no cookie, no cookie classes")
    }

    @Test("a response gets faults, statuses across each boundary and each body form; a redirect hop keeps its status")
    func responses() {
        let ok = HTTPResponse(status: 200, body: .text("hi"))
        let all = edits(of: ok)
        #expect((replaced(all["transport-error:-1009"]) as? HTTPTransportFailure)?.code == -1009)
        #expect((replaced(all["timeout:-1001"]) as? HTTPTransportFailure)?.code == -1001)
        #expect((replaced(all["status:299"]) as? HTTPResponse)?.status == 299)
        #expect((replaced(all["status:300"]) as? HTTPResponse)?.status == 300)
        #expect(all["status:200"] == nil)
        #expect((replaced(all["body:bytes"]) as? HTTPResponse)?.body == .bytes(Data("hi".utf8)))
        #expect((replaced(all["body:none"]) as? HTTPResponse)?.body == nil)
        #expect(all["body:text"] == nil)
        let hop = HTTPResponse(status: 302, headers: [HTTPHeader("Location", "/next")])
        #expect(edits(of: hop).keys.filter { $0.hasPrefix("status:") }.isEmpty)
        #expect(edits(of: hop)["timeout:-1001"] != nil)
    }

    @Test("a redirect hop is sent to another host, another path and plain http, with the rest of its headers kept; a final response is not")
    func redirectTargets() throws {
        let request = Event(id: 1, at: 0, payload: HTTPRequest(url: "https://app.example.com/start?x=1"))
        let hop = HTTPResponse(status: 302, headers: [HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("location", "/home?y=2")])
        let answer = Event(id: 2, at: 0, answers: 1, payload: hop)
        let cassette = Cassette(header: CassetteHeader(name: "c"), events: [request, answer])
        let all = Dictionary(
            hop.variantEdits(of: answer, in: cassette).map { ("\($0.variantClass):\($0.argument ?? "")", $0) },
            uniquingKeysWith: { first, _ in first })
        func location(_ key: String) -> [String]? { (replaced(all[key]) as? HTTPResponse)?.headers.map(\.value) }
        #expect(location("redirect-target:other-host") == ["a=1", "https://elsewhere.example.net/home?y=2"])
        #expect(location("redirect-target:other-path") == ["a=1", "/elsewhere"])
        #expect(location("redirect-target:http") == ["a=1", "http://app.example.com/home?y=2"])
        let onOtherHost = HTTPResponse(status: 301, headers: [HTTPHeader("Location", "http://elsewhere.example.net/elsewhere")])
        let second = Event(id: 2, at: 0, answers: 1, payload: onOtherHost)
        let moved = onOtherHost.variantEdits(of: second, in: Cassette(header: CassetteHeader(name: "c"), events: [request, second]))
        let movedLocations = moved.compactMap { (replaced($0) as? HTTPResponse)?.headers.first?.value }
        #expect(movedLocations.contains("http://another.elsewhere.example.net/elsewhere"))
        #expect(moved.contains { $0.argument == "other-path" && (replaced($0) as? HTTPResponse)?.headers.first?.value == "/other" })
        #expect(!moved.contains { $0.argument == "http" }, "already plain http")
        let final = Event(id: 2, at: 0, answers: 1, payload: HTTPResponse(status: 200))
        let finalEdits = HTTPResponse(status: 200).variantEdits(of: final, in: Cassette(header: CassetteHeader(name: "c"), events: [request, final]))
        #expect(!finalEdits.contains { $0.variantClass == "redirect-target" })
        #expect(edits(of: hop).keys.allSatisfy { !$0.hasPrefix("redirect-target") }, "without the request it answers there is no hop to move")
    }

    @Test("a message and a navigation action are each sent again in the same turn, the copy caused by the first; an answer is not")
    func sameTurn() throws {
        let message = ScriptMessage(handler: "h", body: .object(["guid": .string("g")]), frame: .main("https://a.example/"), expectsReply: true)
        let action = NavigationAction(url: "https://a.example/next", navigationType: .linkActivated, targetFrame: .main())
        for payload in [message, action] as [any KindVariants] {
            let edit = try #require(edits(of: payload)["same-turn:"])
            guard case .insertCaused(let copies, let after) = edit.change else {
                Issue.record("same-turn inserts a caused copy, not \(edit.change)")
                continue
            }
            #expect(after == 1)
            #expect(copies.count == 1 && copies[0].isEqual(to: payload))
            let variant = edit.apply(to: [Event(id: 1, at: 2, payload: payload)], at: 0)
            #expect(variant.map(\.cause) == [nil, 1])
            #expect(variant.map(\.at) == [2, 2])
        }
        let answer = Event(id: 2, at: 0, answers: 1, payload: message)
        #expect(SameTurn.edit(of: answer) == nil)
    }

    @Test("a grant is also denied and granted again; a denial is not")
    func authorization() {
        let granted = edits(of: LocationAuthorizationChange(.authorizedWhenInUse))
        guard case .insertAfter(let inserted)? = granted["denied-then-granted:"]?.change else {
            Issue.record("no denied-then-granted variant")
            return
        }
        #expect(inserted.compactMap { ($0 as? LocationAuthorizationChange)?.status } == [.denied, .authorizedWhenInUse])
        #expect(granted["authorization:authorizedWhenInUse"] == nil)
        #expect(granted["accuracy:reduced"] != nil)
        #expect(edits(of: LocationAuthorizationChange(.denied))["denied-then-granted:"] == nil)
    }

    @Test("fixes become each location error, an empty batch or one fix more; an error becomes each other")
    func locationEvents() throws {
        let fix = LocationFix(latitude: 1, longitude: 2, timestamp: "2026-01-01T00:00:00Z")
        let batch = edits(of: LocationUpdate([fix]))
        #expect((replaced(batch["error:network"]) as? LocationFailure)?.code == .network)
        #expect((replaced(batch["batch:empty"]) as? LocationUpdate)?.locations == [])
        let more = try #require((replaced(batch["batch:more"]) as? LocationUpdate)?.locations)
        #expect(more.count == 2 && more.first == fix && more.last?.latitude == 1.001 && more.last?.longitude == 2)
        #expect(edits(of: LocationUpdate([]))["batch:empty"] == nil)
        #expect(edits(of: LocationUpdate([]))["batch:more"] == nil)
        let failure = edits(of: LocationFailure(.network))
        #expect(failure.keys.sorted() == ["error:denied", "error:locationUnknown"])
    }

    @Test("a dialog becomes each other kind, its text each class, a prompt loses its default text, a subframe opens it")
    func dialogs() {
        let prompt = JavaScriptDialog(kind: .prompt, message: "Your name?", defaultText: "Ada", frame: .main("https://app.example/"))
        let all = edits(of: prompt)
        #expect(Set(all.keys) == ["dialog-kind:alert", "dialog-kind:confirm", "message:empty", "message:non-ascii", "message:json", "default-text:none", "frame:sub"])
        let alert = replaced(all["dialog-kind:alert"]) as? JavaScriptDialog
        #expect(alert?.kind == .alert && alert?.defaultText == nil && alert?.message == "Your name?")
        #expect((replaced(all["default-text:none"]) as? JavaScriptDialog)?.defaultText == nil)
        #expect((replaced(all["frame:sub"]) as? JavaScriptDialog)?.frame.isMainFrame == false)
        let confirm = JavaScriptDialog(kind: .confirm, message: "", frame: Frame(isMainFrame: false))
        let confirmEdits = edits(of: confirm)
        #expect((replaced(confirmEdits["dialog-kind:prompt"]) as? JavaScriptDialog)?.defaultText == "")
        #expect(confirmEdits["message:empty"] == nil && confirmEdits["frame:sub"] == nil && confirmEdits["default-text:none"] == nil)
    }

    @Test("swapping two stimuli swaps their places and times, and effects keep naming their cause")
    func swap() {
        let events = [
            Event(id: 1, at: 1, payload: ScriptMessage(handler: "h", body: .string("a"))),
            Event(id: 2, at: 1.5, cause: 1, payload: JavaScriptEvaluation(script: "a()")),
            Event(id: 3, at: 2, payload: ScriptMessage(handler: "h", body: .string("b"))),
        ]
        let swapped = VariantEdit("swap", "3", "swap", .swap(with: 3)).apply(to: events, at: 0)
        #expect(swapped.map { ($0.payload as? ScriptMessage)?.body } == [.string("b"), nil, .string("a")])
        #expect(swapped.map(\.at) == [1, 1.5, 2])
        #expect(swapped[1].cause == 3)
        #expect(swapped.map(\.id) == [1, 2, 3])
    }
}
