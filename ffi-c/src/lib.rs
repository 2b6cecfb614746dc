//! The C ABI of hintgate: MCP tool-annotation policy for C and C++ hosts,
//! embedded ones included. The header is `include/hintgate.h`, generated from
//! this crate by cbindgen; its comments are the documentation.
//!
//! This layer translates and never decides: every answer comes from the
//! `hintgate` core. It allocates nothing, keeps no state, and checks every
//! pointer, number and text the caller hands in.

#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs, unsafe_op_in_unsafe_fn)]

mod abi;
mod decide;
mod hints;
mod policy;
mod tool;
mod words;

pub use abi::HgStatus;
pub use decide::*;
pub use hints::*;
pub use policy::*;
pub use tool::*;
pub use words::*;

/// This library's version, `HINTGATE_VERSION` (`"major.minor.patch"`), static
/// and NUL-terminated: compare it with the header's macro to catch a header
/// and library of different versions.
#[unsafe(no_mangle)]
pub extern "C" fn hg_version() -> *const core::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The word for a status (`"ok"`, `"null_pointer"`…), static and
/// NUL-terminated; NULL for a number that is not an `HgStatus`.
#[unsafe(no_mangle)]
pub extern "C" fn hg_status_name(status: i32) -> *const core::ffi::c_char {
    let word: &'static str = match status {
        0 => "ok\0",
        1 => "null_pointer\0",
        2 => "invalid_utf8\0",
        3 => "invalid_argument\0",
        4 => "buffer_too_small\0",
        5 => "unknown_word\0",
        6 => "document_error\0",
        7 => "policy_error\0",
        8 => "internal_error\0",
        _ => return core::ptr::null(),
    };
    word.as_ptr().cast()
}

/// Bare metal has no unwinding to catch: a panic (which the fuzzed core does
/// not raise on any input) halts here, as `panic = "abort"` would.
#[cfg(all(not(feature = "std"), not(test)))]
#[panic_handler]
fn halt(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {
        core::hint::spin_loop();
    }
}
