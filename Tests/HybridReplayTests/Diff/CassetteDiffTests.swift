import Foundation
import HybridReplay
import Testing

@Suite struct CassetteDiffTests {
    /// A cart checkout: a script message, a request with a JSON body and its response.
    static func checkout(quantity: Double = 1, token: String = "abc", requestID: String = "9b2f6a4e-5c1d-4e8a-9f3b-2a7c1e0d4b6f")
        -> [any EventPayload]
    {
        [
            ScriptMessage(handler: "cart", body: ["action": "checkout", "id": .string(requestID)]),
            HTTPRequest(
                method: "POST", url: "https://shop.example/cart",
                headers: [HTTPHeader("Authorization", "Bearer " + token), HTTPHeader("Content-Type", "application/json")],
                body: .json(["id": .string(requestID), "items": [["sku": "a", "qty": 2], ["sku": "b", "qty": 1], ["sku": "c", "qty": .number(quantity)]]])),
            HTTPResponse(status: 200, body: .json(["ok": true])),
            NavigationLoad(url: "https://shop.example/thanks"),
        ]
    }

    /// `payloads` as a cassette: ids from 1, each request's response answering it, the rest caused by the message.
    static func cassette(_ payloads: [any EventPayload], at times: [Double]? = nil, description: String? = nil) -> Cassette {
        var events: [Event] = []
        var lastRequest: Int?
        for (index, payload) in payloads.enumerated() {
            let id = index + 1
            let at = times?[index] ?? Double(index) / 10
            if payload is HTTPResponse {
                events.append(Event(id: id, at: at, answers: lastRequest, payload: payload))
            } else if payload is ScriptMessage {
                events.append(Event(id: id, at: at, payload: payload))
            } else {
                if payload is HTTPRequest { lastRequest = id }
                events.append(Event(id: id, at: at, cause: 1, payload: payload))
            }
        }
        return Cassette(header: CassetteHeader(name: "checkout", description: description), events: events)
    }

    @Test("identical cassettes have no differences")
    func identical() {
        let cassette = Self.cassette(Self.checkout())
        #expect(CassetteDiff.between(cassette, cassette).isEmpty)
    }

    @Test("an inserted event is one insertion and the ids it renumbers are no change")
    func insertion() throws {
        var payloads = Self.checkout()
        payloads.insert(JavaScriptEvaluation(script: "track('checkout')"), at: 1)
        let diff = CassetteDiff.between(Self.cassette(Self.checkout()), Self.cassette(payloads))
        #expect(diff.headerChanges.isEmpty)
        #expect(diff.eventChanges.count == 1)
        let change = try #require(diff.eventChanges.first)
        #expect(change.kind == .inserted)
        #expect(change.new?.id == 2)
        #expect(change.old == nil)
    }

    @Test("a removed event is one removal")
    func removal() throws {
        var payloads = Self.checkout()
        payloads.remove(at: 3)
        let diff = CassetteDiff.between(Self.cassette(Self.checkout()), Self.cassette(payloads))
        #expect(diff.eventChanges.map(\.kind) == [.removed])
        #expect(diff.eventChanges.first?.old?.id == 4)
    }

    @Test("a body-only change is reported at its path inside the JSON body")
    func bodyChange() throws {
        let diff = CassetteDiff.between(Self.cassette(Self.checkout()), Self.cassette(Self.checkout(quantity: 3)))
        #expect(diff.eventChanges.count == 1)
        let change = try #require(diff.eventChanges.first)
        #expect(change.kind == .changed)
        #expect(change.old?.id == 2 && change.new?.id == 2)
        #expect(change.fields == [FieldChange(path: "body.json.items[2].qty", old: 1, new: 3)])
    }

    @Test("a header is named by its name and its case is no change")
    func headers() throws {
        let old = Self.cassette(Self.checkout())
        var new = Self.cassette(Self.checkout(token: "xyz"))
        let diff = CassetteDiff.between(old, new)
        #expect(diff.eventChanges.first?.fields == [
            FieldChange(path: "headers[Authorization]", old: "Bearer abc", new: "Bearer xyz")
        ])
        var request = try #require(old.events[1].payload(as: HTTPRequest.self))
        request.headers[1].name = "content-type"
        new = old
        new.events[1].payload = request
        #expect(CassetteDiff.between(old, new).isEmpty)
    }

    @Test("a UUID renamed consistently is no change, renamed two ways it is")
    func volatileValues() throws {
        let old = Self.cassette(Self.checkout())
        let renamed = Self.cassette(Self.checkout(requestID: "11111111-2222-4333-8444-555555555555"))
        #expect(CassetteDiff.between(old, renamed).isEmpty)

        var inconsistent = renamed
        var request = try #require(inconsistent.events[1].payload(as: HTTPRequest.self))
        request.body = .json(["id": "66666666-2222-4333-8444-555555555555", "items": []])
        inconsistent.events[1].payload = request
        let diff = CassetteDiff.between(old, inconsistent)
        let paths = diff.eventChanges.flatMap(\.fields).map(\.path)
        #expect(paths.contains("body.json.id"))
    }

    @Test("values an app makes fresh each run (UUID(), Date() as ISO 8601) change the bytes and show nothing in a diff; Date() as a number shows")
    func freshValuesEachRecording() throws {
        func recording(_ date: Date, dateAsNumber: Bool = false) -> Cassette {
            let when: JSONValue =
                dateAsNumber ? .number(date.timeIntervalSince1970) : .string(ISO8601DateFormatter().string(from: date))
            return Self.cassette([
                ScriptMessage(handler: "note", body: "save"),
                HTTPRequest(
                    method: "POST", url: "https://notes.example/notes",
                    body: .json(["id": .string(UUID().uuidString), "createdAt": when, "text": "hello"])),
                HTTPResponse(status: 201),
            ])
        }
        let first = recording(Date(timeIntervalSince1970: 1_800_000_000))
        let second = recording(Date(timeIntervalSince1970: 1_800_000_042.5))
        #expect(CassetteWriter.canonicalBytes(of: first) != CassetteWriter.canonicalBytes(of: second))
        #expect(CassetteDiff.between(first, second).isEmpty)

        let numbered = CassetteDiff.between(
            recording(Date(timeIntervalSince1970: 1_800_000_000), dateAsNumber: true),
            recording(Date(timeIntervalSince1970: 1_800_000_042), dateAsNumber: true))
        #expect(numbered.eventChanges.flatMap(\.fields).map(\.path) == ["body.json.createdAt"])
    }

    @Test("times are ignored unless timing is compared")
    func timing() {
        let old = Self.cassette(Self.checkout())
        let slower = Self.cassette(Self.checkout(), at: [0, 0.5, 0.9, 1.4])
        #expect(CassetteDiff.between(old, slower).isEmpty)
        let diff = CassetteDiff.between(old, slower, options: CassetteDiffOptions(timing: .compared))
        #expect(diff.eventChanges.count == 3)
        #expect(diff.eventChanges.first?.fields == [FieldChange(path: "at", old: 0.1, new: 0.5)])
    }

    @Test("header fields are compared")
    func header() {
        var new = Self.cassette(Self.checkout(), description: "Checks out a cart.")
        new.header.redactions = ["header:Authorization"]
        new.header.recordedBy = RecordingTool(tool: "HybridReplay", version: "0.2.0")
        let diff = CassetteDiff.between(Self.cassette(Self.checkout()), new)
        #expect(diff.eventChanges.isEmpty)
        #expect(diff.headerChanges == [
            FieldChange(path: "description", old: nil, new: "Checks out a cart."),
            FieldChange(path: "recordedBy.tool", old: "hand-written", new: "HybridReplay"),
            FieldChange(path: "recordedBy.version", old: nil, new: "0.2.0"),
            FieldChange(path: "redactions[0]", old: nil, new: "header:Authorization"),
        ])
    }

    @Test("a cause that now points at another event is a change")
    func cause() {
        let old = Self.cassette(Self.checkout())
        var new = old
        new.events[3].cause = 2
        let diff = CassetteDiff.between(old, new)
        #expect(diff.eventChanges.count == 1)
        #expect(diff.eventChanges.first?.fields == [FieldChange(path: "cause", old: 1, new: 2)])
    }

    @Test("an element inserted into a JSON array is one change")
    func arrayInsertion() throws {
        let old = Self.cassette([ScriptMessage(handler: "list", body: ["a", "b", "c"])])
        let new = Self.cassette([ScriptMessage(handler: "list", body: ["a", "x", "b", "c"])])
        let diff = CassetteDiff.between(old, new)
        #expect(diff.eventChanges.first?.fields == [FieldChange(path: "body[1]", old: nil, new: "x")])
    }

    @Test("a changed event among inserted ones is matched to its old self")
    func changedAmongInserted() throws {
        var payloads = Self.checkout(quantity: 5)
        payloads.insert(NavigationLoad(url: "https://shop.example/a"), at: 1)
        payloads.append(NavigationLoad(url: "https://shop.example/b"))
        let diff = CassetteDiff.between(Self.cassette(Self.checkout()), Self.cassette(payloads))
        #expect(diff.eventChanges.map(\.kind) == [.inserted, .changed, .inserted])
        #expect(diff.eventChanges[1].old?.id == 2)
        #expect(diff.eventChanges[1].new?.id == 3)
    }
}

/// Re-recording changes no behaviour when only the encoder's key order or a
/// body's encoding moved, as a replay compares them.
@Suite("Cassette diff in the form a replay compares")
struct CassetteDiffComparedFormTests {
    static func cassette(script: String, body: HTTPBody) -> Cassette {
        Cassette(
            header: CassetteHeader(name: "profile"),
            events: [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "profile", body: ["guid": "p1"])),
                Event(
                    id: 2, at: 0, cause: 1,
                    payload: HTTPRequest(
                        method: "POST", url: "https://api.example/profile",
                        headers: [HTTPHeader("Content-Type", "application/json")], body: body)),
                Event(id: 3, at: 0, cause: 1, payload: JavaScriptEvaluation(script: script)),
            ])
    }

    @Test("key order in a script's JSON object and a JSON body given as base64, text or json are no change")
    func keyOrderAndEncodingAreNoChange() {
        let old = Self.cassette(
            script: #"resolve("p1", {"tier":"gold","miles":120500})"#,
            body: .bytes(Data(#"{"traveller":"ada","fields":["tier"]}"#.utf8)))
        let new = Self.cassette(
            script: #"resolve("p1", {"miles":120500,"tier":"gold"})"#, body: .json(["fields": ["tier"], "traveller": "ada"]))
        let text = Self.cassette(
            script: #"resolve("p1", { "miles" : 120500, "tier" : "gold" })"#,
            body: .text(#"{"fields":["tier"],"traveller":"ada"}"#))
        #expect(CassetteDiff.between(old, new).isEmpty)
        #expect(CassetteDiff.between(new, text).isEmpty)
    }

    @Test("a changed value inside the script's JSON or the body is still a change, named by its field")
    func valueChangesShow() {
        let old = Self.cassette(script: #"resolve("p1", {"tier":"gold"})"#, body: .json(["traveller": "ada"]))
        let new = Self.cassette(
            script: #"resolve("p1", {"tier":"silver"})"#, body: .bytes(Data(#"{"traveller":"bob"}"#.utf8)))
        let diff = CassetteDiff.between(old, new)
        let paths = diff.eventChanges.flatMap { $0.fields.map(\.path) }
        #expect(paths.contains("script"), "\(paths)")
        #expect(paths.contains { $0.hasPrefix("body") && $0.hasSuffix("traveller") }, "\(paths)")
    }
}

/// Two requests of concurrent child tasks, recorded in one order and then in
/// the other (a transport that answers at once): the same behaviour, each
/// request and its answer moved, and the strands that number the tasks renamed.
@Suite("A diff of concurrent calls recorded in the other order")
struct MovedEventDiffTests {
    static let rates = HTTPRequest(url: "https://api.example/v1/rates")
    static let vehicles = HTTPRequest(url: "https://api.example/v1/vehicles")

    /// The message, then the two fetches with their answers, `first` first.
    static func fanOut(ratesFirst: Bool, vehiclesBody: String = "[\"B-PP 1\"]") -> Cassette {
        let message = Event(id: 1, at: 0, payload: ScriptMessage(handler: "dashboard", body: ["op": "load"]))
        func pair(_ request: HTTPRequest, _ body: String, ids: Int, strand: Int) -> [Event] {
            [
                Event(id: ids, at: 0, cause: 1, strand: strand, payload: request),
                Event(id: ids + 1, at: 0, answers: ids, payload: HTTPResponse(status: 200, body: .text(body))),
            ]
        }
        let rates = { (ids: Int, strand: Int) in pair(Self.rates, "[3.2]", ids: ids, strand: strand) }
        let vehicles = { (ids: Int, strand: Int) in pair(Self.vehicles, vehiclesBody, ids: ids, strand: strand) }
        let events = ratesFirst ? rates(2, 1) + vehicles(4, 2) : vehicles(2, 1) + rates(4, 2)
        let reply = Event(id: 6, at: 0, cause: 1, payload: ScriptReply(.value(["ok": true])))
        return Cassette(header: CassetteHeader(name: "dashboard"), events: [message] + events + [reply])
    }

    @Test("each call and answer that changed places is one move, and the renamed strands are no change")
    func swappedFanOut() throws {
        let diff = CassetteDiff.between(Self.fanOut(ratesFirst: true), Self.fanOut(ratesFirst: false))
        #expect(diff.eventChanges.map(\.kind) == [.moved, .moved], "\(diff.eventChanges)")
        #expect(diff.eventChanges.allSatisfy { $0.fields.isEmpty }, "\(diff.eventChanges)")
        let request = try #require(diff.eventChanges.first)
        #expect(request.old?.id == 2 && request.new?.id == 4)
        #expect(request.event.payload(as: HTTPRequest.self)?.url == Self.rates.url)
        #expect(diff.count(of: .inserted) == 0 && diff.count(of: .removed) == 0)
    }

    @Test("a moved answer that also changed lists its fields")
    func movedAndChanged() throws {
        let diff = CassetteDiff.between(
            Self.fanOut(ratesFirst: false), Self.fanOut(ratesFirst: true, vehiclesBody: "[\"B-PP 2\"]"))
        let changed = diff.eventChanges.filter { !$0.fields.isEmpty }
        #expect(changed.count == 1, "\(diff.eventChanges)")
        #expect(changed.first?.fields.map(\.path) == ["body.json[0]"], "\(diff.eventChanges)")
        #expect(diff.count(of: .inserted) == 0 && diff.count(of: .removed) == 0, "\(diff.eventChanges)")
    }

    @Test("strands that no renaming explains are still a change")
    func strandChange() throws {
        var new = Self.fanOut(ratesFirst: true)
        new.events[3].strand = 1
        let diff = CassetteDiff.between(Self.fanOut(ratesFirst: true), new)
        #expect(diff.eventChanges.map(\.kind) == [.changed], "\(diff.eventChanges)")
        #expect(diff.eventChanges.first?.fields.map(\.path) == ["strand"], "\(diff.eventChanges)")
    }
}
