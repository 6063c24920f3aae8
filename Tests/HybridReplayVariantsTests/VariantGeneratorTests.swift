import Foundation
import HybridReplay
import Testing

@testable import HybridReplayVariants

/// The package's conformance suite.
let suiteFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Cassettes")

func suiteCassette(_ path: String) throws -> Cassette {
    try CassetteReader().read(contentsOf: suiteFolder.appendingPathComponent(path))
}

@Suite("VariantGenerator")
struct VariantGeneratorTests {
    @Test("an id prints and parses back, its argument may hold colons, and text that is no id is refused")
    func ids() {
        let id = VariantID(cassette: "router-present-yellow", variantClass: "query", eventID: 1, argument: "r=a:b")
        #expect(id.description == "v1:router-present-yellow:query:1:r=a:b")
        #expect(VariantID(id.description) == id)
        #expect(VariantID("v1:name:duplicate:3")?.argument == nil)
        for bad in ["", "v1:name", "1:name:class:3", "v1:name:class:zero", "v1::class:3", "v0:name:class:3"] {
            #expect(VariantID(bad) == nil, "\(bad)")
        }
    }

    @Test("the same cassette gives the same variants, with unique ids, every time")
    func deterministic() throws {
        let cassette = try suiteCassette("bridge/promise-reply.json")
        let first = VariantGenerator().variants(of: cassette).map(\.id)
        #expect(first == VariantGenerator().variants(of: cassette).map(\.id))
        #expect(Set(first).count == first.count)
        #expect(first.contains(VariantID(cassette: "bridge-promise-reply", variantClass: "transport-error", eventID: 3, argument: "-1009")))
        #expect(first.contains(VariantID(cassette: "bridge-promise-reply", variantClass: "body", eventID: 1, argument: "string")))
        #expect(first.contains(VariantID(cassette: "bridge-promise-reply", variantClass: "status", eventID: 3, argument: "300")))
    }

    @Test("a duplicated stimulus comes right after the original, and causes still name their events")
    func duplicate() throws {
        let cassette = try suiteCassette("bridge/promise-reply.json")
        let id = VariantID(cassette: cassette.header.name, variantClass: "duplicate", eventID: 1)
        let variant = try VariantGenerator().variant(id, of: cassette)
        #expect(variant.cassette.events.map(\.kind.description) == ["script.message", "script.message", "http.request", "http.response", "script.reply"])
        #expect(variant.cassette.events[2].cause == 1)
        #expect(variant.cassette.events[3].answers == 3)
    }

    @Test("a transport error takes the response's place and still answers the request")
    func transportError() throws {
        let cassette = try suiteCassette("bridge/promise-reply.json")
        let id = VariantID(cassette: cassette.header.name, variantClass: "transport-error", eventID: 3, argument: "-1009")
        let variant = try VariantGenerator().variant(id, of: cassette)
        #expect(variant.cassette.events[2].payload is HTTPTransportFailure)
        #expect(variant.cassette.events[2].answers == 2)
    }

    @Test("an id of another generator version, another cassette or no variant is refused with the reason")
    func lookupErrors() throws {
        let cassette = try suiteCassette("bridge/promise-reply.json")
        let cases = [
            ("v2:bridge-promise-reply:duplicate:1", "generator version 2"),
            ("v1:other:duplicate:1", "names cassette 'other'"),
            ("v1:bridge-promise-reply:duplicate:99", "no such variant"),
        ]
        for (text, reason) in cases {
            let id = try #require(VariantID(text))
            #expect(throws: VariantLookupError.self) { try VariantGenerator().variant(id, of: cassette) }
            do {
                _ = try VariantGenerator().variant(id, of: cassette)
            } catch {
                #expect(error.description.contains(reason), "\(error)")
            }
        }
    }

    @Test("shards split the variants with none left out and none twice")
    func shards() throws {
        let cassette = try suiteCassette("router/present-yellow.json")
        let ids = VariantGenerator().variants(of: cassette).map(\.id)
        let shards = (1...3).compactMap { Shard(index: $0, count: 3) }
        let counts = ids.map { id in shards.filter { $0.contains(id) }.count }
        #expect(counts.allSatisfy { $0 == 1 })
        #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] { #expect(Shard(parsing: bad) == nil, "\(bad)") }
    }
}
