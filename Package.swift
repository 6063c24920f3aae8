// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "HybridReplay",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "HybridReplay", targets: ["HybridReplay"]),
        .library(name: "HybridReplayTesting", targets: ["HybridReplayTesting"]),
        .executable(name: "cassette", targets: ["cassette"]),
        .plugin(name: "CassettePlugin", targets: ["CassettePlugin"]),
    ],
    targets: [
        // jansson reads cassettes on Linux; Apple platforms read through Foundation.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        .target(
            name: "HybridReplay",
            dependencies: [.target(name: "CJansson", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "CassetteCommands", dependencies: ["HybridReplay"]),
        // Swift Testing and XCTest glue: record modes, the cassette trait, replayCassette.
        .target(name: "HybridReplayTesting", dependencies: ["HybridReplay"]),
        .executableTarget(name: "cassette", dependencies: ["CassetteCommands"]),
        .executableTarget(name: "cassette-bench", dependencies: ["HybridReplay"]),
        .plugin(
            name: "CassettePlugin",
            capability: .command(
                intent: .custom(verb: "cassette", description: "Formats, lints and shows HybridReplay cassettes."),
                permissions: [.writeToPackageDirectory(reason: "`cassette fmt` rewrites cassettes in place.")]
            ),
            dependencies: ["cassette"]
        ),
        .testTarget(name: "HybridReplayTests", dependencies: ["HybridReplay"], exclude: ["Fixtures"]),
        .testTarget(name: "CassetteCommandsTests", dependencies: ["CassetteCommands"]),
        .testTarget(name: "HybridReplayTestingTests", dependencies: ["HybridReplayTesting"], exclude: ["Cassettes"]),
    ],
    swiftLanguageModes: [.v6]
)
