import Foundation
import Testing

@testable import HybridReplayTesting

/// What makes cassettes work in an Xcode test target: a copy in the test
/// bundle when the source folder is out of reach, and re-record commands that
/// Xcode's test runner understands.
@Suite("Xcode test targets")
struct XcodeSupportTests {
    /// A folder laid out as a test bundle whose `Cassettes` folder holds `names`.
    static func bundle(holding names: [String], in folder: String = "Cassettes") throws -> (Bundle, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("XcodeSupport-\(UUID().uuidString).bundle")
        let cassettes = root.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: cassettes, withIntermediateDirectories: true)
        for name in names { try Data("{}".utf8).write(to: cassettes.appendingPathComponent(name + ".json")) }
        return (try #require(Bundle(path: root.path)), root)
    }

    static let testFile = "/nonexistent-sources/Tests/AppTests/RouterTests.swift"

    @Test("a cassette missing from the source folder is read from the test bundle's Cassettes folder")
    func bundleFallback() throws {
        let (bundle, root) = try Self.bundle(holding: ["present-yellow"])
        defer { try? FileManager.default.removeItem(at: root) }
        let location = try #require(
            CassetteLocation.resolve(name: "present-yellow", directory: nil, scope: nil, filePath: Self.testFile))
        let readable = location.readable(searching: [bundle])
        #expect(readable.standardizedFileURL.path == root.appendingPathComponent("Cassettes/present-yellow.json").standardizedFileURL.path)
        // Recording still goes to the source folder.
        #expect(location.file.path == "/nonexistent-sources/Tests/AppTests/Cassettes/present-yellow.json")
    }

    @Test("SwiftPM's .resources folders beside the test executable are searched, and nothing else there")
    func resourceFoldersBesideTheExecutable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("XcodeSupport-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["App_AppTests.resources", "App_OtherTests.resources", "App.build"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name).appendingPathComponent("Cassettes"), withIntermediateDirectories: true)
        }
        let cassette = folder.appendingPathComponent("App_OtherTests.resources/Cassettes/present-yellow.json")
        try Data("{}".utf8).write(to: cassette)
        let bundles = CassetteLocation.resourceBundles(beside: folder)
        #expect(bundles.map(\.bundleURL.lastPathComponent) == ["App_AppTests.resources", "App_OtherTests.resources"])
        let found = CassetteLocation.bundled(name: "present-yellow", directory: "Cassettes", in: bundles)
        #expect(found?.standardizedFileURL.path == cassette.standardizedFileURL.path)
        #expect(CassetteLocation.bundled(name: "echo", directory: "Cassettes", in: bundles) == nil)
    }

    @Test("a cassette in the source folder wins over a copy in a bundle")
    func sourceFolderWins() throws {
        let (bundle, root) = try Self.bundle(holding: ["echo"])
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = FileManager.default.temporaryDirectory.appendingPathComponent("XcodeSources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("Cassettes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sources) }
        try Data("{}".utf8).write(to: sources.appendingPathComponent("Cassettes/echo.json"))
        let location = try #require(
            CassetteLocation.resolve(name: "echo", directory: nil, scope: nil, filePath: sources.appendingPathComponent("EchoTests.swift").path))
        #expect(location.readable(searching: [bundle]) == location.file)
    }

    @Test("a cassette in no bundle is looked for in the source folder, whose path the missing-cassette error names")
    func neitherHasIt() throws {
        let (bundle, root) = try Self.bundle(holding: ["other"])
        defer { try? FileManager.default.removeItem(at: root) }
        let location = try #require(CassetteLocation.resolve(name: "echo", directory: nil, scope: nil, filePath: Self.testFile))
        #expect(location.readable(searching: [bundle]) == location.file)
    }

    @Test("a cassette in a named folder is found in that folder of the bundle")
    func namedFolder() throws {
        let (bundle, root) = try Self.bundle(holding: ["denied"], in: "Cassettes/location")
        defer { try? FileManager.default.removeItem(at: root) }
        let location = try #require(
            CassetteLocation.resolve(name: "denied", directory: "Cassettes/location", scope: nil, filePath: Self.testFile))
        #expect(location.readable(searching: [bundle]).lastPathComponent == "denied.json")
        #expect(location.readable(searching: [bundle]) != location.file)
    }

    @Test("under Xcode the re-record command uses xcodebuild with the TEST_RUNNER_ prefix and -only-testing")
    func xcodeCommand() {
        let command = CassetteRun.command(mode: .failed, testFilter: "AppTests.RouterTests/presentsYellow", xcode: true)
        #expect(
            command
                == "TEST_RUNNER_HYBRIDREPLAY_RECORD=failed xcodebuild test -scheme <scheme> -destination <destination> "
                + "-only-testing:'AppTests/RouterTests/presentsYellow()' (or set HYBRIDREPLAY_RECORD=failed in the test plan's or scheme's environment)")
    }

    @Test("under swift test the re-record command filters by the test's name")
    func swiftTestCommand() {
        #expect(
            CassetteRun.command(mode: .missing, testFilter: "AppTests.RouterTests/presentsYellow", xcode: false)
                == "HYBRIDREPLAY_RECORD=missing swift test --filter 'AppTests.RouterTests/presentsYellow'")
    }

    @Test("Xcode's test runner is told apart by the variables it sets, and swift test's is not taken for it")
    func detectsXcode() {
        #expect(RecordEnvironment.isXcode(["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"]))
        #expect(RecordEnvironment.isXcode(["XCTestSessionIdentifier": "A1B2"]))
        #expect(!RecordEnvironment.isXcode(["PATH": "/usr/bin", "HYBRIDREPLAY_RECORD": "missing"]))
    }
}
