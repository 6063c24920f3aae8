import CassetteCommands
import Foundation
import HybridReplay
import HybridReplayReference
import ReferenceContracts
import Testing

@testable import HybridReplayVariants

/// What one in-process run of `cassette` printed and returned.
private struct Run {
    var status: ExitCode
    var output: [String]
    var errors: [String]
}

private final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var error = ""
    var console: Console {
        Console(
            standardOutput: { text in self.lock.withLock { self.output += text } },
            standardError: { text in self.lock.withLock { self.error += text } })
    }
    var lines: (output: [String], errors: [String]) {
        lock.withLock { (output.split(separator: "\n").map(String.init), error.split(separator: "\n").map(String.init)) }
    }
}

/// The reference router with a decision made twice for a malformed link.
private let buggyRouter = ConformanceContract("buggy-router") { platform in
    final class Router: NavigationDelegate {
        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            guard let components = URLComponents(string: action.url), NavigationRouter.route(for: components) != nil else {
                decisionHandler(.cancel)
                return decisionHandler(.cancel)
            }
            decisionHandler(.cancel)
        }
    }
    let router = Router()
    platform.webView.setNavigationDelegate(router)
    return router
}

private func explore(_ arguments: String..., in directory: URL) async -> Run {
    let capture = Capture()
    let status = await CassetteCLI.main(
        arguments: ["explore"] + arguments, console: capture.console, currentDirectory: directory,
        contracts: ConformanceContract.references + [buggyRouter])
    let lines = capture.lines
    return Run(status: status, output: lines.output, errors: lines.errors)
}

/// A fresh folder holding the suite's `router/present-yellow.json` as `present-yellow.json`.
private func withRouterCassette(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ExploreCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
        at: suiteFolder.appendingPathComponent("router/present-yellow.json"), to: folder.appendingPathComponent("present-yellow.json"))
    try await body(folder)
}

@Suite("ExploreCommand")
struct ExploreCommandTests {
    @Test("the reference router breaks no rule, and each variant's replay line is printed before it runs")
    func passes() async throws {
        try await withRouterCassette { folder in
            let run = await explore("present-yellow.json", in: folder)
            #expect(run.status == .success, "\(run.errors)")
            let count = VariantGenerator().variants(of: try suiteCassette("router/present-yellow.json")).count
            #expect(run.output.filter { $0.hasPrefix("cassette explore present-yellow.json --variant v1:router-present-yellow:") }.count == count)
            #expect(run.output.last == "\(count) variants of 1 cassette explored: 0 failed")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ExploreFailures").path))
        }
    }

    @Test("a decision made twice is reported at the event, shrunk, written, and replayed first the next time")
    func fails() async throws {
        try await withRouterCassette { folder in
            let id = "v1:router-present-yellow:query:1:r=not-a-number"
            let run = await explore("present-yellow.json", "--contract", "buggy-router", "--variant", id, in: folder)
            #expect(run.status == .checkFailed)
            #expect(run.output.first == "cassette explore present-yellow.json --contract buggy-router --variant \(id)")
            let error = try #require(run.errors.first)
            #expect(error.hasPrefix("present-yellow.json:23:7: error: [navigation-decided-once]"), "\(error)")
            #expect(error.contains("in variant \(id)"))
            #expect(run.errors.contains { $0.hasPrefix("    shrunk in 0 steps to 3 events; written to ExploreFailures/v1_router-present-yellow_query_1_r=not-a-number.json; replay it: cassette explore present-yellow.json --contract buggy-router --variant \(id)") })
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("ExploreFailures").path)
            #expect(written == ["v1_router-present-yellow_query_1_r=not-a-number.json"])

            let again = await explore("present-yellow.json", "--contract", "buggy-router", "--variant", id, in: folder)
            #expect(again.output.first?.hasPrefix("FAIL ") == true)
            #expect(again.output.first?.hasSuffix("(failure cassette)") == true)
            #expect(again.status == .checkFailed)
        }
    }

    @Test("a malformed shard, budget or variant id is a usage error")
    func usage() async throws {
        try await withRouterCassette { folder in
            for arguments in [["--shard", "0/2"], ["--shard", "3"], ["--budget", "soon"], ["--variant", "yellow"]] {
                let capture = Capture()
                let status = await CassetteCLI.main(
                    arguments: ["explore"] + arguments + ["present-yellow.json"], console: capture.console, currentDirectory: folder,
                    contracts: ConformanceContract.references)
                #expect(status == .usageError, "\(arguments)")
            }
        }
    }

    @Test("shards of a CI matrix explore every variant once between them")
    func shards() async throws {
        try await withRouterCassette { folder in
            let first = await explore("present-yellow.json", "--shard", "1/2", in: folder)
            let second = await explore("present-yellow.json", "--shard", "2/2", in: folder)
            let lines = (first.output + second.output).filter { $0.hasPrefix("cassette explore") }
            let count = VariantGenerator().variants(of: try suiteCassette("router/present-yellow.json")).count
            #expect(lines.count == count)
            #expect(Set(lines).count == count)
        }
    }
}
