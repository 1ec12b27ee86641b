//! `uniffi-bindgen`: generates the Kotlin (and Swift) bindings from the built `rodina_ffi`
//! library in library mode, so the generator's version always matches the `uniffi` crate the
//! library was built with (a mismatch would fail the checksum check at load time).

fn main() {
    uniffi::uniffi_bindgen_main()
}
