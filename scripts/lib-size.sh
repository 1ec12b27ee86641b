#!/usr/bin/env bash
# Prints the size of the library the phones load, built for this machine with the
# `release-ffi` profile (lto, codegen-units = 1, opt-level "s", strip = "debuginfo").
# A benchmark figure, not a test: run it by hand, it takes a few minutes (LTO).
set -euo pipefail
cd "$(dirname "$0")/.."
case "$(uname -s)" in Darwin) LIB=librodina_ffi.dylib ;; *) LIB=librodina_ffi.so ;; esac
cargo rustc --quiet --profile release-ffi -p rodina-ffi --lib --crate-type cdylib
bytes=$(wc -c < "target/release-ffi/$LIB")
echo "target/release-ffi/$LIB: $bytes bytes ($((bytes / 1024)) KiB)"
