// swift-tools-version: 6.2
// A package that tests its bridge against a real WebKit engine on Linux: it
// switches on HybridReplay's `WebKitGTK` trait where it depends on it, as
// docs/real-engines.md shows. `Scripts/check-real-engine-app` builds it,
// replays its committed cassette and records a new one, headless under Xvfb.
import PackageDescription

let package = Package(
    name: "RealEngineApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "HybridReplay", path: "../..", traits: ["WebKitGTK"]),
    ],
    targets: [
        .target(name: "Bridge", dependencies: [
            .product(name: "HybridReplaySeams", package: "HybridReplay"),
        ]),
        .testTarget(name: "BridgeTests", dependencies: [
            "Bridge",
            .product(name: "HybridReplayTesting", package: "HybridReplay"),
            .product(name: "HybridReplayWebKitGTK", package: "HybridReplay"),
        ], exclude: ["Cassettes"]),
    ],
    swiftLanguageModes: [.v6]
)
