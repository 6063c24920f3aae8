// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "HybridReplay",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // What app code links: the seams, their values, JSONValue, JavaScriptLiteral.
        .library(name: "HybridReplaySeams", targets: ["HybridReplaySeams"]),
        // What tests link: the format, the recorder and the replayer.
        .library(name: "HybridReplay", targets: ["HybridReplay"]),
        .library(name: "HybridReplaySimulation", targets: ["HybridReplaySimulation"]),
        .library(name: "HybridReplayTesting", targets: ["HybridReplayTesting"]),
        .library(name: "HybridReplayReference", targets: ["HybridReplayReference"]),
        // Variants of a cassette explored against an implementation and judged by the platform's rules.
        .library(name: "HybridReplayVariants", targets: ["HybridReplayVariants"]),
        .executable(name: "cassette", targets: ["cassette"]),
        // The same tool over a package's own contracts: `CassetteTool.main(contracts:)`.
        .library(name: "CassetteTool", targets: ["CassetteTool"]),
        .plugin(name: "CassettePlugin", targets: ["CassettePlugin"]),
        .plugin(name: "CassetteFormatPlugin", targets: ["CassetteFormatPlugin"]),
        .library(name: "HybridReplayWebKitGTK", targets: ["HybridReplayWebKitGTK"]),
        // App-facing adapters: CLLocationManager behind the location seams.
        .library(name: "HybridReplayCoreLocation", targets: ["HybridReplayCoreLocation"]),
        // App-facing adapters: URLSessionTransport, and HTTPCookie to the seams' cookie.
        .library(name: "HybridReplayFoundationAdapters", targets: ["HybridReplayFoundationAdapters"]),
        // What an iOS/macOS app links to put its WKWebView behind the seams.
        .library(name: "HybridReplayWebKit", targets: ["HybridReplayWebKit"]),
        // What a recording build (a debug-only app target or the UI-test host) links to record
        // a session of the app; it brings the engine, so the release app never links it.
        .library(name: "HybridReplayAppRecording", targets: ["HybridReplayAppRecording"]),
    ],
    traits: [
        .trait(
            name: "WebKitGTK",
            description: "Builds HybridReplayWebKitGTK, a real WebKitGTK 6.0 web view (needs libwebkitgtk-6.0-dev)."
        ),
        .default(enabledTraits: []),
    ],
    targets: [
        // jansson reads cassettes on Linux; Apple platforms read through Foundation.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        // App-facing: the seams app code is written against. Foundation only — no
        // jansson, FoundationNetworking or FoundationXML (Scripts/check-app-product).
        .target(name: "HybridReplaySeams"),
        // The engine: the kinds, reading and writing whole cassettes through them, the recorder,
        // the replayer. It depends on the seams, the JSON reader and the format's values only
        // (docs/layout.md; Scripts/check-architecture keeps it so), and re-exports all three.
        .target(name: "HybridReplay", dependencies: ["HybridReplaySeams", "HybridReplayJSON", "HybridReplayFormat"]),
        // The cassette's values (Cassette, Event, EventKind, Channel), the fields every kind is read
        // and written with, exact JSON text, diagnostics and atomic files: what the kinds and the
        // engine are written against. It knows no kind; the engine re-exports it.
        .target(name: "HybridReplayFormat", dependencies: ["HybridReplaySeams", "HybridReplayJSON"]),
        // The strict JSON reader, jansson or Foundation behind it; the engine and the WebKitGTK adapter read with it.
        .target(
            name: "HybridReplayJSON",
            dependencies: ["HybridReplaySeams", .target(name: "CJansson", condition: .when(platforms: [.linux]))]
        ),
        // On Linux, sees blocks handed to Dispatch's global queues (docs/writing-app-code-that-replays.md):
        // it defines `dispatch_async`, so only what runs replays under the watch links it.
        .target(name: "CDispatchWatch"),
        // The runtime watch the testing glue installs for a replay: the concurrency runtime's
        // global-enqueue hook, chained and restored, and CDispatchWatch. No tool links it.
        .target(name: "HybridReplayRuntimeWatch", dependencies: ["HybridReplay", "CDispatchWatch"]),
        // The simulated platform: scripted web view, server, location hardware, manual clock, GPX.
        .target(name: "HybridReplaySimulation", dependencies: ["HybridReplay"]),
        // The seed systems written against the seams, and the contracts the suite names.
        .target(name: "HybridReplayReference", dependencies: ["HybridReplaySeams"]),
        // The `cassette` tool's commands; `verify` gets its contracts from the executable
        // that runs it (the CassetteTool product: a package's own `cassette verify`).
        // Also the command-line layer `record-suite` and `cassette-bench` parse and print help with.
        .target(name: "HybridReplayVariants", dependencies: ["HybridReplay"]),
        .target(name: "CassetteCommands", dependencies: ["HybridReplay", "HybridReplayVariants"]),
        // The reference contracts the package's own `cassette verify` knows, kept out of
        // CassetteCommands so that a user's CassetteTool does not link the references.
        .target(name: "ReferenceContracts", dependencies: ["CassetteCommands", "HybridReplayReference"]),
        .target(name: "CassetteTool", dependencies: ["CassetteCommands", "HybridReplay"]),
        // Swift Testing and XCTest glue: record modes, the cassette trait, replayCassette.
        .target(
            name: "HybridReplayTesting",
            dependencies: [
                "HybridReplay", "HybridReplaySimulation", "HybridReplayFoundationAdapters", "HybridReplayRuntimeWatch", "HybridReplayVariants",
            ]),
        // With the WebKitGTK trait, `cassette verify --web` replays web halves in a real engine.
        .executableTarget(name: "cassette", dependencies: ["CassetteCommands", "ReferenceContracts", "HybridReplayWebKitGTK"]),
        .executableTarget(
            name: "cassette-bench",
            dependencies: ["HybridReplay", "HybridReplaySimulation", "HybridReplayVariants", "CassetteCommands", "ReferenceContracts"]),
        // The conformance suite's scenarios, recorded against the reference implementations;
        // `swift run record-suite` rewrites Cassettes/ from them.
        .target(
            name: "SuiteRecording",
            dependencies: ["HybridReplay", "HybridReplaySimulation", "HybridReplayReference", "CassetteCommands"]),
        .executableTarget(name: "record-suite", dependencies: ["SuiteRecording"]),
        // Read-only subcommands need no permission; only `cassette-fmt` writes files
        // (`fmt`, and `export`/`import` with `-o`).
        .plugin(
            name: "CassettePlugin",
            capability: .command(
                intent: .custom(
                    verb: "cassette", description: "Lints, shows, diffs, reviews, verifies and exports HybridReplay cassettes.")
            )
        ),
        .plugin(
            name: "CassetteFormatPlugin",
            capability: .command(
                intent: .custom(
                    verb: "cassette-fmt",
                    description: "Rewrites HybridReplay cassettes in canonical form; runs `export`/`import` that write a file."),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "`cassette fmt` rewrites cassettes in place; `cassette export`/`import` write the file given to -o.")
                ]
            )
        ),
        // WebKitGTK 6.0 as a real engine behind the WebView seam. Only the `WebKitGTK`
        // trait pulls in CWebKitGTK; without it the target's sources are
        // `#if WebKitGTK`-empty, so the default build needs no webkit headers.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]
        ),
        .target(
            name: "HybridReplayWebKitGTK",
            dependencies: [
                "HybridReplaySeams", "HybridReplayJSON", .target(name: "CWebKitGTK", condition: .when(traits: ["WebKitGTK"])),
            ]
        ),
        // CoreLocation's declarations the adapter uses, with Apple's spelling, so
        // the adapter type-checks and is tested on Linux. Empty where CoreLocation exists.
        .target(name: "AppleMirrorCoreLocation"),
        .target(
            name: "HybridReplayCoreLocation",
            dependencies: [
                "HybridReplaySeams",
                .target(name: "AppleMirrorCoreLocation", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(name: "HybridReplayFoundationAdapters", dependencies: ["HybridReplaySeams"]),
        // Records a session of the app's own code through its live adapters: the recorder
        // around a live platform, chosen by the launch environment, written atomically.
        .target(name: "HybridReplayAppRecording", dependencies: ["HybridReplay"]),
        .testTarget(
            name: "AppleAdapterTests",
            dependencies: [
                "HybridReplayCoreLocation", "HybridReplayFoundationAdapters",
                .target(name: "AppleMirrorCoreLocation", condition: .when(platforms: [.linux])),
            ],
            exclude: ["Golden"]
        ),
        // Seeded random cassettes for the property tests of more than one test target; no product
        // names it, so only test targets link it.
        .target(name: "HybridReplayTestSupport", dependencies: ["HybridReplay"], path: "Tests/HybridReplayTestSupport"),
        // Writes cassettes as a recording does, for the tests that kill it mid-write
        // (Recorder+WritingCrashTests); no product names it.
        .executableTarget(
            name: "recording-crash-probe", dependencies: ["HybridReplay", "HybridReplayTestSupport"],
            path: "Tests/RecordingCrashProbe"),
        .testTarget(
            name: "HybridReplayTests",
            dependencies: [
                "HybridReplay", "HybridReplayJSON", "HybridReplaySimulation", "HybridReplayTesting", "HybridReplayTestSupport",
                "HybridReplayRuntimeWatch",
            ],
            exclude: ["Fixtures"]),
        .testTarget(name: "HybridReplayRuntimeWatchTests", dependencies: ["HybridReplayRuntimeWatch", "HybridReplay"]),
        .testTarget(
            name: "CassetteCommandsTests",
            dependencies: ["CassetteCommands", "ReferenceContracts", "HybridReplayTestSupport", "HybridReplayReference", "HybridReplaySimulation"]),
        .testTarget(name: "HybridReplayTestingTests", dependencies: ["HybridReplayTesting"], exclude: ["Cassettes"]),
        .testTarget(
            name: "HybridReplayVariantsTests",
            dependencies: [
                "HybridReplayVariants", "HybridReplayReference", "HybridReplaySimulation", "CassetteCommands", "ReferenceContracts",
                "HybridReplayTesting",
            ]),
        .testTarget(
            name: "HybridReplayReferenceTests",
            dependencies: [
                "HybridReplayReference", "HybridReplayTesting", "HybridReplaySimulation", "HybridReplayTestSupport",
                "CassetteCommands",
            ],
            exclude: ["Cassettes"]),
        .testTarget(
            name: "SuiteRecordingTests", dependencies: ["SuiteRecording", "HybridReplaySimulation", "CassetteCommands"]),
        // WKWebView, its delegates and WKHTTPCookieStore behind the seams. The same
        // sources compile against WebKit on Apple platforms and, on Linux, against
        // AppleMirrorWebKit: a declaration-for-declaration mirror of the WebKit API
        // they use, each declaration citing its source (Tests/AppleWebKitAdapterTests/Golden).
        .target(name: "AppleMirrorWebKit"),
        .target(
            name: "HybridReplayWebKit",
            dependencies: [
                "HybridReplaySeams", "HybridReplayFoundationAdapters",
                .target(name: "AppleMirrorWebKit", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(
            name: "AppleWebKitAdapterTests",
            dependencies: [
                "HybridReplayWebKit", "HybridReplaySeams", "HybridReplayFoundationAdapters", "HybridReplayAppRecording",
                "HybridReplayReference", "HybridReplayTesting", "HybridReplaySimulation", "HybridReplayCoreLocation",
                .target(name: "AppleMirrorWebKit", condition: .when(platforms: [.linux])),
                .target(name: "AppleMirrorCoreLocation", condition: .when(platforms: [.linux])),
            ],
            exclude: ["Golden", "Cassettes"],
            // The recording build of docs/recording-an-app-session.md: its `#if HYBRIDREPLAY_RECORDING` code compiles here.
            swiftSettings: [.define("HYBRIDREPLAY_RECORDING")]
        ),
        .testTarget(
            name: "HybridReplayWebKitGTKTests",
            dependencies: [
                "HybridReplayWebKitGTK", "HybridReplayReference", "HybridReplaySimulation", "HybridReplayTesting",
                "ReferenceContracts",
            ],
            exclude: ["Pages"]),
    ],
    swiftLanguageModes: [.v6]
)

/// Leaves in `package` only the targets named in `roots`, what they depend on,
/// and the plugins, and only the products made of those targets: a build of
/// its own (the fuzz targets', the WebKitGTK tests') then compiles what it uses
/// and nothing else.
@MainActor func keepOnly(_ roots: [String]) {
    let byName = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var needed = Set<String>()
    var pending = roots
    while let name = pending.popLast() {
        guard needed.insert(name).inserted, let target = byName[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            case .productItem: break
            @unknown default: break
            }
        }
    }
    package.targets.removeAll { $0.type != .plugin && !needed.contains($0.name) }
    package.products.removeAll { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return !targets.allSatisfy(needed.contains)
    }
}

// The fuzz targets (docs/fuzzing.md). They exist only when Scripts/fuzz sets
// HYBRIDREPLAY_FUZZ, so the default build, `swift package describe` and every
// package that depends on this one never see them; being in this package, they
// reach its `package` API (the command-line parser, the diff command, FieldPath).
// That build holds nothing else, so one `swift build` there builds every fuzz
// target and only what they use.
if Context.environment["HYBRIDREPLAY_FUZZ"] != nil {
    // libFuzzer brings the process's entry; each target defines `<module>_main`, which hands over to it.
    let entry: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(
            name: "fuzz-\(name)", dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/Targets/\(name)", swiftSettings: entry)
    }
    let fuzzTargets = [
        fuzzTarget("cassette", ["HybridReplay"]),
        fuzzTarget("har", ["HybridReplay"]),
        fuzzTarget("gpx", ["HybridReplay", "HybridReplaySimulation"]),
        fuzzTarget("volatile-field", ["HybridReplay"]),
        fuzzTarget("command-line", ["CassetteCommands"]),
        fuzzTarget("diff", ["HybridReplay", "CassetteCommands"]),
    ]
    package.targets += [.target(name: "FuzzSupport", path: "Fuzz/Support")] + fuzzTargets
    keepOnly(fuzzTargets.map(\.name))
}

// Scripts/test-webkitgtk builds with the WebKitGTK trait in a build folder of its
// own, to run one test target there: the WebKitGTK tests (every other test target
// runs in the default build). It names that target in HYBRIDREPLAY_TEST_TARGETS,
// so that build compiles the named test targets, the `cassette` tool (the web
// half's step runs it from there) and what they depend on, instead of every
// test target a second time. Unset, as for everyone else, every target is in
// the package.
if let names = Context.environment["HYBRIDREPLAY_TEST_TARGETS"] {
    keepOnly(names.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) + ["cassette"])
}
