import Foundation
import HybridReplayTestSupport
import Testing

@testable import HybridReplay

/// A secret planted in every string field of every kind the format knows,
/// found by a rule in one other event, and looked for in the written bytes.
///
/// The kinds come from the format's own list (`PayloadRegistry`) through
/// generated cassettes, which cover every kind, so a kind added to the
/// format is planted in without a change here.
@Suite("RedactedValues: every kind")
struct RedactedValuesEveryKindTests {
    static let secret = "correct-horse-battery-9f8e"

    /// The kinds with no field a planted string stays in: no string field at
    /// all, or only fields that take one of a few words (a policy, a status).
    /// A new kind without text lands here and fails the test until it is listed.
    static let kindsWithoutText: Set<String> = [
        "location.authorization", "location.configure", "location.delegate", "location.locations", "location.requestAuthorization",
        "location.requestLocation", "location.startUpdating", "location.stopUpdating", "navigation.decision",
        "navigation.newWindowResult", "navigation.processTerminated", "navigation.responseDecision", "javascript.mediaDecision",
        "navigation.windowClose",
    ]

    @Test("a secret planted in every string field of every kind is in no byte written, found before or after it")
    func everyKindEveryField() throws {
        let planting = try Planting()
        for order in [Planting.Order.secretFoundFirst, .secretFoundLast] {
            let bytes = try planting.recordedBytes(order)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains(Self.secret), "\(order): \(Self.context(of: Self.secret, in: text))")
            let decoded = try Self.decodedBase64Fields(in: bytes)
            #expect(!decoded.contains { $0.contains(Self.secret) }, "\(order): in a base64 field")
            #expect(text.contains("[REDACTED:1]"))
        }
        #expect(planting.kinds == Set(PayloadRegistry.standardTypes.map { $0.eventKind }))
        #expect(planting.plantedFields.contains { $0.hasPrefix("custom ") })
        let plantedKinds = Set(planting.plantedFields.map { String($0.prefix { $0 != " " }) })
        let withoutText = Set(planting.kinds.map(\.description)).subtracting(plantedKinds)
        #expect(withoutText == Self.kindsWithoutText, "kinds with no field to plant a secret in: \(withoutText.sorted())")
    }

    /// Where `needle` first stands in `text`, with some text around it.
    static func context(of needle: String, in text: String) -> String {
        guard let range = text.range(of: needle) else { return "not found" }
        let start = text.index(range.lowerBound, offsetBy: -120, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(range.upperBound, offsetBy: 40, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start..<end])
    }

    /// The decoded bytes of every `base64` member of the cassette, as UTF-8 text.
    static func decodedBase64Fields(in bytes: [UInt8]) throws -> [String] {
        var found: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "base64", case .string(let encoded) = member, let data = Data(base64Encoded: encoded) {
                        found.append(String(decoding: data, as: UTF8.self))
                    }
                    walk(member)
                }
            case .array(let elements): elements.forEach(walk)
            default: break
            }
        }
        walk(try JSONReader.platformDefault.read(bytes))
        return found
    }
}

/// Generated events of every kind with the secret planted in every field that keeps it.
private struct Planting {
    enum Order: CustomStringConvertible {
        case secretFoundFirst, secretFoundLast
        var description: String { self == .secretFoundFirst ? "found first" : "found last" }
    }

    /// The planted events of each generated cassette.
    var cassettes: [[Event]] = []
    /// `kind path` of every field the secret was planted in, array indices as `[]`.
    var plantedFields: Set<String> = []
    var kinds: Set<EventKind> = []

    init() throws {
        let everyKind = Set(PayloadRegistry.standardTypes.map { $0.eventKind })
        // Several cassettes, so optional fields are planted in too.
        var seed: UInt64 = 1
        while seed <= 16 || !everyKind.isSubset(of: kinds) && seed <= 100 {
            var generator = CassetteGenerator(seed: seed)
            var planted: [Event] = []
            for var event in generator.cassette(scenes: 60).events {
                kinds.insert(event.kind)
                event.payload = try plant(in: event.payload)
                planted.append(event)
            }
            cassettes.append(planted)
            seed += 1
        }
        kinds = kinds.filter { $0.channel != .custom }
    }

    /// `payload` with the secret planted in every string and `base64` field where it stays.
    private mutating func plant(in payload: any EventPayload) throws -> any EventPayload {
        let original = PayloadComparison.Tree(EventCoding.payloadNode(payload)).json
        var plantable: [JSONPath] = []
        for path in Self.textPaths(in: original, at: JSONPath()) {
            let single = Self.planting(at: path.components[...], in: original)
            guard let read = EventCoding.payload(single, like: payload),
                Self.holdsSecret(PayloadComparison.Tree(EventCoding.payloadNode(read)).json)
            else { continue }
            plantable.append(path)
            let kind = payload.kind.channel == .custom ? "custom" : payload.kind.description
            plantedFields.insert("\(kind) \(Self.shape(of: path))")
        }
        let all = plantable.reduce(original) { value, path in Self.planting(at: path.components[...], in: value) }
        return try #require(EventCoding.payload(all, like: payload), "\(payload.kind) with every field planted does not read")
    }

    private static func holdsSecret(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.contains(RedactedValuesEveryKindTests.secret)
        case .object(let members):
            members.contains { key, member in
                if key == "base64", case .string(let encoded) = member, let data = Data(base64Encoded: encoded) {
                    return String(decoding: data, as: UTF8.self).contains(RedactedValuesEveryKindTests.secret)
                }
                return holdsSecret(member)
            }
        case .array(let elements): elements.contains(where: holdsSecret)
        default: false
        }
    }

    /// Every string in `value`, `base64` members included.
    private static func textPaths(in value: JSONValue, at path: JSONPath) -> [JSONPath] {
        switch value {
        case .string: [path]
        case .object(let members):
            members.sorted { $0.key < $1.key }.flatMap { textPaths(in: $0.value, at: JSONPath(path.components + [.key($0.key)])) }
        case .array(let elements):
            elements.indices.flatMap { textPaths(in: elements[$0], at: JSONPath(path.components + [.index($0)])) }
        default: []
        }
    }

    /// `value` with the secret planted in the string at `path`: as words
    /// after its text, or as bytes after its bytes for a `base64` member.
    private static func planting(at path: ArraySlice<JSONPath.Component>, in value: JSONValue) -> JSONValue {
        guard let step = path.first else {
            guard case .string(let text) = value else { return value }
            return .string(text + " " + RedactedValuesEveryKindTests.secret + " ")
        }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            guard let member = members[key] else { return value }
            if key == "base64", path.count == 1, case .string(let encoded) = member, let data = Data(base64Encoded: encoded) {
                members[key] = .string((data + Data(" \(RedactedValuesEveryKindTests.secret) ".utf8)).base64EncodedString())
            } else {
                members[key] = planting(at: path.dropFirst(), in: member)
            }
            return .object(members)
        case (.index(let index), .array(var elements)):
            elements[index] = planting(at: path.dropFirst(), in: elements[index])
            return .array(elements)
        default:
            return value
        }
    }

    /// `path` with array indices as `[]`, so fields are listed once per kind.
    private static func shape(of path: JSONPath) -> String {
        path.components.map { component in
            switch component {
            case .key(let key): ".\(key)"
            case .index: "[]"
            }
        }.joined()
    }

    /// The planted events recorded, with one request whose `Authorization`
    /// header the default rules redact, holding the secret; written canonically.
    func recordedBytes(_ order: Order) throws -> [UInt8] {
        let recorder = stillRecorder(name: "every-kind")
        let login = HTTPRequest(
            method: "POST", url: "https://api.bank.test/login",
            headers: [HTTPHeader("Authorization", "Bearer \(RedactedValuesEveryKindTests.secret)")])
        if order == .secretFoundFirst { recorder.record(login, cause: nil) }
        for events in cassettes {
            var ids: [Int: Int] = [:]
            for event in events {
                ids[event.id] = recorder.record(
                    event.payload, cause: event.cause.flatMap { ids[$0] }, answers: event.answers.flatMap { ids[$0] })
            }
        }
        if order == .secretFoundLast { recorder.record(login, cause: nil) }
        return try recorder.canonicalBytes(file: "every-kind.json")
    }
}
