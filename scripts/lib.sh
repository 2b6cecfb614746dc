# Shared by the scripts in this folder: source it, do not run it.
# Installs what a step needs when it is missing, so a fresh machine works.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Debian's Rust ships the standard library's source: the only way to build for
# bare metal and WASM here (rustup cannot fetch other targets). See TOOLCHAIN.
need_debian_rust() {
  local missing=()
  [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library/core ] || missing+=(rustc-web cargo-web rust-web-src)
  command -v ld.lld >/dev/null && command -v wasm-ld >/dev/null || missing+=(lld)
  command -v wasm-opt >/dev/null || missing+=(binaryen)
  if [ ${#missing[@]} -gt 0 ]; then
    step "installing ${missing[*]} (apt)"
    apt_install "${missing[@]}"
  fi
}

# Builds with Debian's compiler for TARGET: debian_cargo TARGET LINKER cargo-args...
debian_cargo() {
  local target=$1 linker=$2; shift 2
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=$linker" \
    /usr/bin/cargo build --release --target "$target" -Zbuild-std=core \
    --target-dir "$ROOT/target/debian" "$@"
}

need_cargo_fuzz() {
  if ! cargo fuzz --version >/dev/null 2>&1; then
    step "installing cargo-fuzz"
    cargo install cargo-fuzz --locked --version 0.13.2
  fi
  rustup toolchain list | grep -q '^nightly' || {
    echo "cargo fuzz needs rustup's nightly toolchain, which this machine lacks" >&2
    exit 1
  }
}

need_rust_components() {
  for component in rustfmt clippy; do
    rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
  done
}
