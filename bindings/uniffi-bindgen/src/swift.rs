//! `uniffi-bindgen-swift`: writes the Swift sources, C headers and module map that the iOS
//! XCFramework and its Swift package need (see `ios/build-xcframework.sh`).

fn main() {
    uniffi::uniffi_bindgen_swift()
}
