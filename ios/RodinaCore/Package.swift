// swift-tools-version:5.9
// The Rodina core for Swift: the Rust library as an XCFramework (binary target), its
// generated bindings, and the plain-Swift state the app's screens draw. Build the pieces that
// are not committed first: ios/build-xcframework.sh (it writes RodinaCoreFFI.xcframework and
// Sources/RodinaCore/RodinaCore.swift). Then `swift test` here runs the state holders' tests
// on a Mac against the real library.
import PackageDescription

// Swift 5 language mode with the Swift 6 concurrency checks as warnings: the state holders
// are written to the Swift 6 rules (main-actor isolation, Sendable across the database
// queue), and a slip shows without stopping a build. Needs Xcode 16 or later: the generated
// bindings make their records and enums Sendable only for a Swift 6 compiler.
let strict: [SwiftSetting] = [.enableUpcomingFeature("StrictConcurrency")]

let package = Package(
    name: "RodinaCore",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "RodinaCore", targets: ["RodinaCore"]),
    ],
    targets: [
        .binaryTarget(name: "RodinaCoreFFI", path: "RodinaCoreFFI.xcframework"),
        .target(name: "RodinaCore", dependencies: ["RodinaCoreFFI"], swiftSettings: strict),
        .testTarget(name: "RodinaCoreTests", dependencies: ["RodinaCore"], swiftSettings: strict),
    ]
)
