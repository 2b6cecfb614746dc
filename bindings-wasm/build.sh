#!/usr/bin/env bash
# `npm run build`: the hintgate-wasm package from source. Installs what is
# missing (Debian's Rust with the standard library's source, lld, binaryen,
# wasm-bindgen-cli at the crate's exact version), then
#   cargo (Debian's rustc, wasm32, core + alloc built here) → wasm-bindgen
#   (--target nodejs into dist/node, --target web into dist/web) → wasm-opt -Oz,
# and assemble.mjs copies in the Node package's JavaScript API and typings
# (bindings-node/lib) and the demo's example. See README.md.
source "$(dirname "$0")/../scripts/lib.sh"
cd bindings-wasm

WASM_BINDGEN_VERSION=0.2.130 # = the wasm-bindgen pin in Cargo.toml
export PATH="$HOME/.cargo/bin:$PATH"

need_debian_rust
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  step "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (cargo install, several minutes)"
  # --locked first; its lock file can name a version the registry mirror
  # lacks, and then cargo resolves the CLI's dependencies itself.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked ||
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

step "cargo build (wasm32-unknown-unknown, Debian's rustc, core + alloc from source)"
# panic=immediate-abort: a panic is a trap, with no panic machinery or
# message formatting in the module; location-detail/fmt-debug: no file names
# or Debug formatting anywhere (size); optimize_for_size: core's smaller
# algorithms.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
  RUSTFLAGS="-C linker=wasm-ld -C target-feature=-reference-types -Zlocation-detail=none -Zfmt-debug=none -Zunstable-options -Cpanic=immediate-abort" \
  /usr/bin/cargo build --release --locked --target wasm32-unknown-unknown \
  -Zbuild-std=core,alloc -Zbuild-std-features=optimize_for_size \
  --target-dir target/wasm-build
module=target/wasm-build/wasm32-unknown-unknown/release/hintgate_wasm.wasm

step "wasm-bindgen → dist/node (CommonJS), dist/web (ES module); wasm-opt -Oz"
rm -rf dist
wasm-bindgen --target nodejs --out-dir dist/node "$module"
wasm-bindgen --target web --out-dir dist/web "$module"
for out in dist/node dist/web; do
  # --low-memory-unused: the first KiB is the far end of Rust's 1 MiB stack
  # (the stack comes first and grows down; data starts at 1 MiB), never
  # reached, so constant offsets may fold into loads and stores.
  wasm-opt -Oz --converge --low-memory-unused \
    --strip-debug --strip-producers --strip-target-features \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-multivalue \
    -o "$out/hintgate_wasm_bg.wasm" "$out/hintgate_wasm_bg.wasm"
done
# The web build is ES modules in .js files: say so to Node and bundlers.
echo '{ "type": "module" }' > dist/web/package.json

step "assemble lib/ and the demo"
node assemble.mjs
