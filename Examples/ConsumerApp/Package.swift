// swift-tools-version: 6.2
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
        // The app's own `cassette verify`, over its contracts (Scripts/check-rerecord runs it).
        .executableTarget(name: "app-cassette", dependencies: [
            "App",
            .product(name: "CassetteTool", package: "HybridReplay"),
        ], path: "Sources/AppCassette"),
        .testTarget(name: "AppTests", dependencies: [
            "App",
            .product(name: "HybridReplayTesting", package: "HybridReplay"),
        ], exclude: ["Cassettes"]),
        // Laid out as an Xcode project lays out a test target (docs/xcode.md): its
        // cassettes are copied into the test bundle, as an Xcode folder reference is.
        .testTarget(name: "ConsumerAppTests", dependencies: [
            "App",
            .product(name: "HybridReplayTesting", package: "HybridReplay"),
        ], path: "ConsumerAppTests", resources: [.copy("Cassettes")]),
    ],
    swiftLanguageModes: [.v6]
)
