import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplayTesting
import Testing

/// Every cassette in `Cassettes/` replays green against the reference
/// implementation its header names: one test case per cassette.
@Suite("Conformance suite")
struct ConformanceSuiteTests {
    @Test("the suite's cassettes pass against their reference implementations", arguments: try ConformanceSuite.cases)
    func conforms(_ cassette: CassetteCase) async throws {
        let header = try CassetteReader().read(contentsOf: cassette.url).header
        let name = try #require(header.contract, "Cassettes/\(cassette.relativePath) names no contract")
        let contract = try #require(
            ReferenceContract.named(name),
            "Cassettes/\(cassette.relativePath) names contract '\(name)', which has no reference implementation")
        var options = ConformanceSuite.options
        options.repetitions = 2
        await replayCassette(cassette, options: options) { platform in try await contract.setUp(platform) }
    }

    /// What the README tells a user to write for their own implementation,
    /// here with the reference router standing in for theirs.
    @Test(
        "one contract's cassettes, picked by contract, against an implementation built from the platform",
        arguments: try CassetteCase.all(in: "../../Cassettes", contract: "navigation-router"))
    func routerConforms(_ cassette: CassetteCase) async {
        await replayCassette(cassette, options: ConformanceSuite.options) { platform in
            NavigationRouter(webView: platform.webView, routes: platform.routes)
        }
    }

    @Test("picking by contract finds exactly the cassettes whose header names it")
    func pickedByContract() throws {
        for contract in ReferenceContract.all {
            let picked = try CassetteCase.all(in: "../../Cassettes", contract: contract.name)
            #expect(!picked.isEmpty, "no cassettes for \(contract.name)")
            for cassette in picked {
                #expect(try CassetteReader().read(contentsOf: cassette.url).header.contract == contract.name)
            }
        }
        let total = try ReferenceContract.all.map { try CassetteCase.all(in: "../../Cassettes", contract: $0.name).count }
        #expect(total.reduce(0, +) == (try ConformanceSuite.cases).count)
    }

    @Test("docs/conformance.md lists exactly the suite's cassettes")
    func documented() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/conformance.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let listed = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            return name.contains("/") ? name + ".json" : nil
        }
        #expect(listed.sorted() == (try ConformanceSuite.cases).map(\.relativePath).sorted())
    }

    @Test("every row of docs/conformance.md's checklist names cassettes of the suite, and every cassette pins a row")
    func checklist() throws {
        let checklist = try Self.checklist()
        #expect(checklist.rows.count >= 40, "\(checklist.rows.count) checklist rows")
        let suite = Set((try ConformanceSuite.cases).map(\.relativePath))
        var pinned: Set<String> = []
        for row in checklist.rows {
            #expect(!row.cassettes.isEmpty, "a checklist row names no cassette: \(row.text)")
            for name in row.cassettes {
                #expect(suite.contains(name), "the checklist names \(name), which is not in the suite")
                pinned.insert(name)
            }
        }
        #expect(suite.subtracting(pinned).sorted() == [], "cassettes that pin no checklist row")
    }

    @Test("every input class of every field is named by a checklist row of its contract, and no row names another")
    func inputClasses() throws {
        let checklist = try Self.checklist()
        #expect(Set(checklist.fields.keys) == ["echo", "promise", "promise reply", "router", "cookies", "location"])
        let suite = Set((try ConformanceSuite.cases).map(\.relativePath))
        var named: Set<[String]> = []
        for row in checklist.rows where row.cassettes.allSatisfy(suite.contains) {
            for (field, classes) in row.classes {
                for inputClass in classes {
                    #expect(
                        checklist.fields[row.contract]?[field]?.contains(inputClass) == true,
                        "the checklist names \(field): \(inputClass), which Input classes does not list for \(row.contract)")
                    named.insert([row.contract, field, inputClass])
                }
            }
        }
        var required: [[String]] = []
        for (contract, fields) in checklist.fields {
            for (field, classes) in fields {
                #expect(classes.count >= 2, "\(contract) \(field) has fewer than two classes")
                required += classes.map { [contract, field, $0] }
            }
        }
        #expect(required.filter { !named.contains($0) }.sorted { $0.joined() < $1.joined() } == [], "classes no checklist row pins")
    }

    private static func checklist() throws -> ConformanceChecklist {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/conformance.md")
        return ConformanceChecklist(guide: try String(contentsOf: guide, encoding: .utf8))
    }

    @Test("the suite has at least 25 cassettes, each contract is exercised, and every folder is a seam")
    func shape() throws {
        let cases = try ConformanceSuite.cases
        #expect(cases.count >= 25, "only \(cases.count) cassettes in Cassettes/")
        var contracts: Set<String> = []
        for cassette in cases {
            let folder = cassette.relativePath.split(separator: "/").first.map(String.init) ?? ""
            #expect(["bridge", "router", "cookies", "location"].contains(folder), "\(cassette.relativePath)")
            if let contract = try CassetteReader().read(contentsOf: cassette.url).header.contract {
                contracts.insert(contract)
            }
        }
        #expect(contracts == Set(ReferenceContract.all.map(\.name)))
    }
}
