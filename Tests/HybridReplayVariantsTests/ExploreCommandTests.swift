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
    var rawOutput: String { lock.withLock { output } }
    var lines: (output: [String], errors: [String]) {
        lock.withLock { (output.split(separator: "\n").map(String.init), error.split(separator: "\n").map(String.init)) }
    }
}

/// The reference router with a decision made twice for a malformed link.
private let buggyRouter = ConformanceContract("buggy-router") { platform in
    final class Router: NavigationDelegate {
        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            guard let components = URLComponents(string: action.urlString), NavigationRouter.route(for: components) != nil else {
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

/// The reference router taking 256 for a colour: no rule is broken, the reference's run differs.
private let pastByteRouter = ConformanceContract("past-byte-router") { platform in
    let router = RouterAcceptingPastByte(routes: platform.routes)
    platform.webView.setNavigationDelegate(router)
    return router
}

private func explore(_ arguments: String..., in directory: URL) async -> Run {
    let capture = Capture()
    let status = await CassetteCLI.main(
        arguments: ["explore"] + arguments, console: capture.console, currentDirectory: directory,
        contracts: ConformanceContract.references + [buggyRouter, pastByteRouter])
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

    @Test("a failure's replay line carries its fingerprint; replayed with it the run is the same, and a fixed router's run is said to differ")
    func fingerprint() async throws {
        try await withRouterCassette { folder in
            let id = "v1:router-present-yellow:query:1:r=not-a-number"
            let run = await explore("present-yellow.json", "--contract", "buggy-router", "--variant", id, "--failures", "F", in: folder)
            let line = try #require(run.errors.first { $0.hasPrefix("    shrunk in") })
            let fingerprint = try #require(line.components(separatedBy: " --fingerprint ").last)
            #expect(RunFingerprint(fingerprint) != nil, "\(line)")
            #expect(!run.errors.contains { $0.contains("a second run of this variant did something else") })

            let same = await explore("present-yellow.json", "--contract", "buggy-router", "--variant", id, "--fingerprint", fingerprint, "--failures", "G", in: folder)
            #expect(!same.errors.contains { $0.contains("ran differently") }, "\(same.errors)")

            let fixed = await explore("present-yellow.json", "--variant", id, "--fingerprint", fingerprint, "--failures", "H", in: folder)
            #expect(fixed.status == .checkFailed)
            #expect(fixed.errors == ["present-yellow.json: error: variant \(id) ran differently from the run reported (fingerprint \(fingerprint), this run \(fixed.errors.first.flatMap { $0.components(separatedBy: "this run ").last?.prefix(16) } ?? "")): the implementation changed since, or it does not do the same thing each time it is handed the same stimuli"])
        }
    }

    @Test("against the reference, a router taking 256 for a colour fails the past-byte variants, which no platform rule sees")
    func againstReference() async throws {
        try await withRouterCassette { folder in
            let plain = await explore("present-yellow.json", "--contract", "past-byte-router", in: folder)
            #expect(plain.status == .success, "\(plain.errors)")
            let run = await explore("present-yellow.json", "--contract", "past-byte-router", "--against-reference", "navigation-router", in: folder)
            #expect(run.status == .checkFailed)
            let failures = run.errors.filter { $0.contains("error: [same-as-reference]") }
            #expect(failures.count == 3, "\(run.errors)")
            #expect(failures.allSatisfy { $0.contains("past-byte") })
            #expect(run.errors.contains { $0.contains("replay it: cassette explore present-yellow.json --contract past-byte-router --against-reference navigation-router --variant v1:router-present-yellow:query:1:") })
            let count = VariantGenerator().variants(of: try suiteCassette("router/present-yellow.json")).count
            #expect(run.output.last == "\(count) variants of 1 cassette explored: 3 failed")
        }
    }

    @Test("a malformed shard, budget, variant id or fingerprint, or an unknown reference, is a usage error")
    func usage() async throws {
        try await withRouterCassette { folder in
            let id = "v1:router-present-yellow:duplicate:1"
            for arguments in [
                ["--shard", "0/2"], ["--shard", "3"], ["--budget", "soon"], ["--variant", "yellow"], ["--fingerprint", "0123456789abcdef"],
                ["--variant", id, "--fingerprint", "0123"], ["--against-reference", "no-such-contract"],
            ] {
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

    @Test("help explore prints the help word for word")
    func help() async throws {
        try await withRouterCassette { folder in
            let capture = Capture()
            let status = await CassetteCLI.main(
                arguments: ["help", "explore"], console: capture.console, currentDirectory: folder, contracts: [])
            #expect(status == .success)
            #expect(capture.rawOutput == """
            OVERVIEW: Explores variants of cassettes against their contracts and checks the platform's rules.

            Each <path> is a cassette, or a folder searched recursively for .json files. The
            failure cassettes in the failures folder are replayed first. Then each
            cassette's variants (its faults, orderings and input classes) are replayed
            against the implementation of its contract in exploring mode: stimuli are
            delivered, what the implementation does is collected without comparing it with
            the recording, and the platform's rules judge it. Before each variant the line
            that replays just it is printed. A variant that breaks a rule is reported as
            'path:line:column: error: [rule] message', shrunk to the fewest stimuli that
            still break it, and written to the failures folder; its replay line carries the
            run's fingerprint, which --fingerprint checks. With --against-reference, each
            variant is also replayed against that contract's implementation, and a run that
            does something else breaks 'same-as-reference'. A count follows, such as
            '412 variants of 3 cassettes explored: 1 failed'.

            USAGE: cassette explore [--contract <name>] [--against-reference <contract>] [--shard <i/n>] [--budget <seconds>] [--variant <id>] [--fingerprint <digest>] [--failures <folder>] <path> ...

            ARGUMENTS:
              <path>                  A cassette, or a folder to search for cassettes.

            OPTIONS:
              --contract <name>       Explores against this contract instead of the one each
                                      cassette's header names.
              --against-reference <contract>
                                      Also checks that each variant's run does what this
                                      contract's implementation does on it.
              --shard <i/n>           Explores only part i of n of the variants, as one job
                                      of a CI matrix does.
              --budget <seconds>      Stops starting variants after this many seconds of
                                      wall-clock time.
              --variant <id>          Explores only the variant with this id, as a failure
                                      report prints it.
              --fingerprint <digest>  With --variant, checks that the run does what the
                                      reported one did (the digest a failure report prints).
              --failures <folder>     Where failure cassettes are replayed from first and
                                      written to (default 'ExploreFailures').
              -h, --help              Prints help information.

            EXIT STATUS:
              0   No variant broke a rule.
              1   A variant or a failure cassette broke a rule, a replayed run differed from
                  the reported one, or a cassette has no implementation to explore.
              64  The command line is wrong.
              65  A cassette cannot be read; its problems are on standard error.
              66  A path does not exist or cannot be read, or no cassette was found.
              73  A failure cassette cannot be written.
              When several apply, the command exits with the highest.

            """)
        }
    }

    @Test("a variant of a cassette that is not among the paths is an error, not a silent pass")
    func variantOfAnotherCassette() async throws {
        try await withRouterCassette { folder in
            let run = await explore("--variant", "v1:bridge-promise-reply:duplicate:1", "present-yellow.json", in: folder)
            #expect(run.status == .noInput)
            #expect(run.errors == ["cassette: error: the variant v1:bridge-promise-reply:duplicate:1 names cassette 'bridge-promise-reply', which is not among the cassettes in 'present-yellow.json'"])
        }
    }
}
