// swift-tools-version: 6.1
// An app package as a user writes one: the app links only the seams, the
// tests link the engine. `Scripts/check-app-product` builds the app from
// here and checks what it links; `Scripts/check-rerecord` records the tests'
// cassettes twice and checks both are the committed bytes.
import PackageDescription

let package = Package(
    name: "ConsumerApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "HybridReplay", path: "../.."),
    ],
    targets: [
        .target(name: "App", dependencies: [
            .product(name: "HybridReplaySeams", package: "HybridReplay"),
        ]),
        .executableTarget(name: "AppMain", dependencies: ["App"]),
        .testTarget(name: "AppTests", dependencies: [
            "App",
            .product(name: "HybridReplayTesting", package: "HybridReplay"),
        ], exclude: ["Cassettes"]),
    ],
    swiftLanguageModes: [.v6]
)
