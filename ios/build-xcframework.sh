#!/usr/bin/env bash
# Builds the Rust core for Apple platforms and wraps it for Swift:
#   RodinaCore/RodinaCoreFFI.xcframework       static library + C header + module map, with
#                                              slices for iOS devices, the iOS simulator
#                                              (arm64 + x86_64) and macOS (for `swift test`)
#   RodinaCore/Sources/RodinaCore/RodinaCore.swift   the generated Swift bindings
# Run on a Mac with Xcode and rustup: ios/build-xcframework.sh (from any folder).
# Both outputs are generated, not committed: bindings and library must come from one build
# (the generated code checks the library's checksums when it loads).
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=release-ffi
IOS=aarch64-apple-ios
SIM=(aarch64-apple-ios-sim x86_64-apple-ios)
MAC=(aarch64-apple-darwin x86_64-apple-darwin)
OUT=target/apple
PKG=ios/RodinaCore

# The same floors as Package.swift's platforms, for rustc and for the C code built with it
# (the bundled SQLite): objects built for a newer system than the app would warn at link time.
export IPHONEOS_DEPLOYMENT_TARGET=16.0
export MACOSX_DEPLOYMENT_TARGET=13.0

rustup target add "$IOS" "${SIM[@]}" "${MAC[@]}"
for t in "$IOS" "${SIM[@]}" "${MAC[@]}"; do
  echo "== building $t"
  # Only the static library: an iOS app links the core into its binary.
  cargo rustc --profile "$PROFILE" -p rodina-ffi --lib --crate-type staticlib --target "$t"
done
lib() { echo "target/$1/$PROFILE/librodina_ffi.a"; }

rm -rf "$OUT" "$PKG/RodinaCoreFFI.xcframework"
mkdir -p "$OUT/headers" "$OUT/swift" "$OUT/ios-sim" "$OUT/macos"

echo "== generating the Swift bindings"
# The header and module map go inside the XCFramework (a library slice with a plain
# `module RodinaCoreFFI`, which the generated Swift imports); the Swift file into the package.
cargo run --quiet -p uniffi-bindgen --bin uniffi-bindgen-swift -- \
  "$(lib "$IOS")" "$OUT/headers" --headers --modulemap \
  --module-name RodinaCoreFFI --modulemap-filename module.modulemap
cargo run --quiet -p uniffi-bindgen --bin uniffi-bindgen-swift -- \
  "$(lib "$IOS")" "$OUT/swift" --swift-sources
cp "$OUT/swift/RodinaCore.swift" "$PKG/Sources/RodinaCore/RodinaCore.swift"

echo "== one library per platform (simulator and macOS slices joined with lipo)"
lipo -create "$(lib "${SIM[0]}")" "$(lib "${SIM[1]}")" -output "$OUT/ios-sim/librodina_ffi.a"
lipo -create "$(lib "${MAC[0]}")" "$(lib "${MAC[1]}")" -output "$OUT/macos/librodina_ffi.a"

xcodebuild -create-xcframework \
  -library "$(lib "$IOS")" -headers "$OUT/headers" \
  -library "$OUT/ios-sim/librodina_ffi.a" -headers "$OUT/headers" \
  -library "$OUT/macos/librodina_ffi.a" -headers "$OUT/headers" \
  -output "$PKG/RodinaCoreFFI.xcframework"

# What Package.swift expects: the binary target and the generated Swift in the package's sources.
test -f "$PKG/RodinaCoreFFI.xcframework/Info.plist"
test -f "$PKG/Sources/RodinaCore/RodinaCore.swift"
echo "== done: $PKG is ready (swift test there; ios/Rodina uses it)"
