// swift-tools-version: 6.1
// A test target as a new user writes one, with its conformance test pointed
// at a folder that does not exist. `Scripts/check-empty-suite` runs it and
// checks that the run fails with the folder named, instead of passing with
// the test skipped for want of cases.
import PackageDescription

let package = Package(
    name: "EmptySuite",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "HybridReplay", path: "../.."),
    ],
    targets: [
        .testTarget(name: "EmptySuiteTests", dependencies: [
            .product(name: "HybridReplayTesting", package: "HybridReplay"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
