// swift-tools-version:5.9
// The Rodina core for Swift: the Rust library as an XCFramework (binary target), its
// generated bindings, and the plain-Swift state the app's screens draw. Build the pieces that
// are not committed first: ios/build-xcframework.sh.
import PackageDescription

let package = Package(
    name: "RodinaCore",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "RodinaCore", targets: ["RodinaCore"]),
    ],
    targets: [
        .binaryTarget(name: "RodinaCoreFFI", path: "RodinaCoreFFI.xcframework"),
        .target(name: "RodinaCore", dependencies: ["RodinaCoreFFI"]),
        .testTarget(name: "RodinaCoreTests", dependencies: ["RodinaCore"]),
    ]
)
